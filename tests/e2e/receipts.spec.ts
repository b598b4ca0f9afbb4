import { type APIResponse, expect, type Locator, type Page, test } from "@playwright/test";
import { pdfText } from "../setup/pdf-text";
import { signUp } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { pickSlot } from "./support/booking";
import { sidewaysOverflow } from "./support/reviews";
import { screenToLookAt } from "./support/screens-to-look-at";
import { waitUntilInteractive } from "./support/site";
import { signInAsStaff } from "./support/staff";
import { desktopViewport, mobileViewport } from "./support/viewports";

test.use({ viewport: desktopViewport });

/** What the customer asks their receipts to carry: a German company with a valid VAT number. */
const billing = {
  name: "Beatrix Beleg",
  company: "Müller & Söhne Beratung GmbH",
  address: "Friedrichstraße 12\n10117 Berlin",
  country: "Germany",
  taxId: "DE136695976",
};

interface ListedDocument {
  number: string;
  kind: "receipt" | "credit_note";
  appointmentId: string;
  amount: number;
  currency: string;
  issuedAt: string;
  url: string;
}

/** The customer's documents as GET /api/user/receipts lists them (the page's cookie signs in). */
async function listedDocuments(page: Page): Promise<ListedDocument[]> {
  const answer = await page.request.get("/api/user/receipts");
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { receipts: ListedDocument[] }).receipts;
}

/** A PDF as the browser downloads it from a link, read back as text. */
async function downloadedPdf(page: Page, link: Locator): Promise<string> {
  const href = await link.getAttribute("href");
  expect(href, "the link's address").toBeTruthy();
  const answer: APIResponse = await page.request.get(href!);
  expect(answer.status(), `GET ${href}`).toBe(200);
  expect(answer.headers()["content-type"]).toContain("application/pdf");
  return pdfText(await answer.body());
}

/** An amount as the documents print it: "$50.00 USD". */
function printedAmount(amount: number, currency: string): string {
  const money = new Intl.NumberFormat("en-US", { style: "currency", currency }).format(amount);
  return `${money} ${currency.toUpperCase()}`;
}

/** A day (YYYY-MM-DD) `days` from an instant's UTC day: a period around it holds it in any zone. */
function dayAround(iso: string, days: number): string {
  return new Date(Date.parse(iso) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Books the first free time two days ahead (so cancelling still refunds) with the first available
 * Financial Consultant: no other spec books that speciality on this server, and its first consultant
 * in the seed takes no bookings.
 */
async function bookAvailableFinancialConsultant(page: Page) {
  await page.goto("/consultant/financial");
  await waitUntilInteractive(page);
  await page
    .getByRole("main")
    .locator('a[href^="/appointment/"]')
    .filter({ has: page.getByText("Available", { exact: true }) })
    .first()
    .click();
  await page.waitForURL(/\/appointment\//);
  await waitUntilInteractive(page);
  await pickSlot(page);
  await page.getByRole("button", { name: "Book an appointment" }).click();
  await page.waitForURL(/\/my-appointments/);
  await expect(page.getByRole("status")).toContainText("Appointment booked");
}

async function openBillingForm(page: Page) {
  await page.goto("/my-profile");
  await waitUntilInteractive(page);
  const section = page.getByRole("region", { name: "Billing details" });
  await section.getByRole("link", { name: "Edit billing details" }).click();
  await page.waitForURL((url) => url.pathname === "/my-profile" && url.searchParams.has("billing"));
  const form = page.getByRole("form", { name: "Billing details" });
  await expect(form.getByLabel("Name on receipts")).toBeVisible();
  return form;
}

test("billing details reach the receipt of a paid appointment; the refund's credit note corrects it; staff list both and export them", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = await signUp(page, "Bea Buyer");

  await test.step("the customer saves billing details: the form is accessible and fits a phone", async () => {
    const form = await openBillingForm(page);
    await form.getByLabel("Name on receipts").fill(billing.name);
    await form.getByLabel("Company").fill(billing.company);
    await form.getByLabel("Billing address").fill(billing.address);
    await form.getByLabel("Country").selectOption({ label: billing.country });
    await form.getByLabel("Tax ID").fill(billing.taxId);
    await expectNoAxeViolations(page, "the billing details form");
    await screenToLookAt(page, "receipts-billing-form-1280");
    await page.setViewportSize(mobileViewport);
    await expect(form.getByRole("button", { name: "Save billing details" })).toBeVisible();
    expect(await sidewaysOverflow(page), "the billing details form at 360px").toBeLessThanOrEqual(0);
    await screenToLookAt(page, "receipts-billing-form-360");
    await page.setViewportSize(desktopViewport);

    await form.getByRole("button", { name: "Save billing details" }).click();
    await page.waitForURL((url) => url.pathname === "/my-profile" && !url.searchParams.has("billing"));
    await expect(page.getByRole("status")).toContainText("Billing details saved");
    const shown = page.getByRole("region", { name: "Billing details" });
    for (const value of [billing.name, billing.company, billing.country, billing.taxId]) {
      await expect(shown).toContainText(value);
    }
  });

  await bookAvailableFinancialConsultant(page);
  await waitUntilInteractive(page);
  const row = page.getByRole("main").getByRole("listitem").first();
  const receiptLink = row.getByRole("link", { name: /^Receipt / });
  const creditNoteLink = row.getByRole("link", { name: /^Credit note / });
  let receipt: ListedDocument | undefined;
  let receiptText = "";

  await test.step("the customer pays through the sandbox and downloads the receipt", async () => {
    await expect(receiptLink).toHaveCount(0);
    await row.getByRole("button", { name: /^Pay Online/ }).click();
    await row.getByRole("button", { name: "Stripe" }).click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    const pay = page.getByRole("button", { name: /^Pay \$/ });
    const paid = ((await pay.textContent()) ?? "").replace(/^Pay\s*/, "").trim();
    await pay.click();
    await page.waitForURL(/\/my-appointments/);
    await expect(page.getByRole("status")).toContainText("Payment successful");
    await waitUntilInteractive(page);

    await expect(receiptLink).toBeVisible();
    await expect(receiptLink).toHaveAttribute("href", /^\/my-appointments\/[^/]+\/receipt\.pdf$/);
    const appointmentId = ((await receiptLink.getAttribute("href")) ?? "").split("/")[2];
    const listed = (await listedDocuments(page)).filter(
      (document) => document.appointmentId === appointmentId,
    );
    expect(listed.map((document) => document.kind)).toEqual(["receipt"]);
    receipt = listed[0]!;
    expect(receipt.number).toMatch(/^[A-Z]+-\d{4}-\d{6}$/);
    expect(receipt.url).toMatch(new RegExp(`/my-appointments/${appointmentId}/receipt\\.pdf$`));
    // The hidden words tell a screen reader which document the link opens.
    await expect(receiptLink).toHaveAccessibleName(`Receipt ${receipt.number}, PDF`);

    const text = await downloadedPdf(page, receiptLink);
    receiptText = text;
    expect(text).toContain(receipt.number);
    expect(text).toContain(billing.name);
    expect(text).toContain(billing.company);
    expect(text).toContain("Friedrichstraße 12");
    expect(text).toContain(billing.country);
    expect(text).toContain(`Tax ID: ${billing.taxId}`);
    expect(text).toContain(`Total paid: ${printedAmount(receipt.amount, receipt.currency)}`);
    // The amount the checkout asked for is the amount the receipt says was paid.
    expect(text).toContain(`Total paid: ${paid}`);
  });

  let creditNote: ListedDocument | undefined;

  await test.step("the customer cancels a day ahead: the refund brings a credit note that corrects the receipt", async () => {
    await row.getByRole("button", { name: /^Cancel/ }).click();
    await expect(row).toContainText("will be refunded in full");
    await row.getByRole("button", { name: "Yes, cancel it" }).click();
    await expect(row).toContainText("Your payment was refunded.");

    await expect(creditNoteLink).toBeVisible();
    await expect(receiptLink).toBeVisible();
    const listed = (await listedDocuments(page)).filter(
      (document) => document.appointmentId === receipt!.appointmentId,
    );
    expect(listed.map((document) => document.kind).sort()).toEqual(["credit_note", "receipt"]);
    creditNote = listed.find((document) => document.kind === "credit_note")!;
    expect(creditNote.number).not.toBe(receipt!.number);
    expect(creditNote.amount).toBe(receipt!.amount);
    await expect(creditNoteLink).toHaveAccessibleName(`Credit note ${creditNote.number}, PDF`);
    await expect(creditNoteLink).toHaveAttribute(
      "href",
      `/my-appointments/${receipt!.appointmentId}/credit-note.pdf`,
    );

    const text = await downloadedPdf(page, creditNoteLink);
    expect(text).toContain(creditNote.number);
    expect(text).toContain(`This credit note corrects receipt ${receipt!.number}`);
    expect(text).toContain(billing.company);
    expect(text).toContain(`Tax ID: ${billing.taxId}`);
    expect(text).toContain(`Total refunded: ${printedAmount(creditNote.amount, creditNote.currency)}`);
    // The receipt itself never changes once issued.
    expect(await downloadedPdf(page, receiptLink)).toBe(receiptText);

    await expectNoAxeViolations(page, "My Appointments with a receipt and a credit note");
    await screenToLookAt(page, "receipts-my-appointments-1280");
    await page.setViewportSize(mobileViewport);
    await expect(creditNoteLink).toBeVisible();
    expect(await sidewaysOverflow(page), "My Appointments with the documents at 360px").toBeLessThanOrEqual(
      0,
    );
    await screenToLookAt(page, "receipts-my-appointments-360");
    await page.setViewportSize(desktopViewport);
  });

  const staffContext = await browser.newContext({ viewport: desktopViewport });
  const staff = await staffContext.newPage();

  await test.step("staff find both documents on Receipts, and the period's CSV holds them", async () => {
    await signInAsStaff(staff, "/admin");
    await waitUntilInteractive(staff);
    await staff
      .getByRole("navigation", { name: "Staff area" })
      .getByRole("link", { name: "Receipts" })
      .click();
    await staff.waitForURL((url) => url.pathname === "/admin/receipts");
    await waitUntilInteractive(staff);
    await expect(staff.getByRole("heading", { name: "Receipts", level: 1 })).toBeVisible();

    const from = dayAround(receipt!.issuedAt, -1);
    const to = dayAround(creditNote!.issuedAt, 1);
    await staff.getByLabel("From").fill(from);
    await staff.getByLabel("To").fill(to);
    await staff.getByRole("button", { name: "Show" }).click();
    await staff.waitForURL(
      (url) => url.searchParams.get("from") === from && url.searchParams.get("to") === to,
    );
    await expect(staff.getByText(new RegExp(`documents? from ${from} to ${to}`))).toBeVisible();

    const table = staff.getByRole("table", { name: "Receipts and credit notes" });
    // The credit note's row names the receipt too ("corrects …"): a row is found by its own link.
    const rowOf = (number: string) =>
      table.getByRole("row").filter({ has: staff.getByRole("link", { name: number, exact: true }) });
    const receiptRow = rowOf(receipt!.number);
    await expect(receiptRow).toHaveCount(1);
    await expect(receiptRow).toContainText("Receipt");
    // Staff know the customer by the name and company the receipt carries, and by the account's address.
    await expect(receiptRow).toContainText(billing.company);
    await expect(receiptRow).toContainText(email);
    const creditRow = rowOf(creditNote!.number);
    await expect(creditRow).toContainText("Credit note");
    await expect(creditRow).toContainText(`corrects ${receipt!.number}`);
    await expect(receiptRow.getByRole("link", { name: receipt!.number })).toHaveAttribute(
      "href",
      `/admin/appointments/${receipt!.appointmentId}/receipt.pdf`,
    );
    const staffPdf = await downloadedPdf(staff, receiptRow.getByRole("link", { name: receipt!.number }));
    expect(staffPdf).toContain(receipt!.number);

    await expectNoAxeViolations(staff, "/admin/receipts");
    await screenToLookAt(staff, "receipts-admin-1280");
    await staff.setViewportSize(mobileViewport);
    const card = staff
      .getByRole("main")
      .getByRole("listitem")
      .filter({ has: staff.getByRole("link", { name: receipt!.number, exact: true }) });
    await expect(card).toBeVisible();
    await expect(card).toContainText(billing.company);
    expect(await sidewaysOverflow(staff), "/admin/receipts at 360px").toBeLessThanOrEqual(0);
    await screenToLookAt(staff, "receipts-admin-360");
    await staff.setViewportSize(desktopViewport);

    const download = staff.getByRole("link", { name: "Download CSV" });
    await expect(download).toHaveAttribute("href", `/admin/receipts/export.csv?from=${from}&to=${to}`);
    const csv = await staff.request.get((await download.getAttribute("href"))!);
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    const lines = (await csv.text()).split(/\r?\n/);
    const receiptLine = lines.find((line) => line.startsWith(receipt!.number));
    expect(receiptLine, `a line for ${receipt!.number} in:\n${lines.join("\n")}`).toBeDefined();
    expect(receiptLine).toContain(billing.taxId);
    expect(receiptLine).toContain(receipt!.amount.toFixed(2));
    const creditLine = lines.find((line) => line.startsWith(creditNote!.number));
    expect(creditLine, `a line for ${creditNote!.number}`).toBeDefined();
    // A credit note's line names the receipt it corrects, and its amount counts against it.
    expect(creditLine).toContain(receipt!.number);
    expect(creditLine).toContain(`-${creditNote!.amount.toFixed(2)}`);
  });

  await test.step("the staff appointment page lists the appointment's documents", async () => {
    await staff.goto(`/admin/appointments/${receipt!.appointmentId}`);
    await waitUntilInteractive(staff);
    const documents = staff.getByRole("region", { name: "Receipts" });
    await expect(documents.getByRole("link", { name: `Receipt ${receipt!.number}` })).toHaveAttribute(
      "href",
      `/admin/appointments/${receipt!.appointmentId}/receipt.pdf`,
    );
    const creditNoteText = await downloadedPdf(
      staff,
      documents.getByRole("link", { name: `Credit note ${creditNote!.number}` }),
    );
    expect(creditNoteText).toContain(`This credit note corrects receipt ${receipt!.number}`);
  });

  await staffContext.close();
});

test("a tax ID that is not a valid VAT number for the country is refused with a sentence, the typed values kept", async ({
  page,
}) => {
  await signUp(page, "Vera Vat");
  const form = await openBillingForm(page);
  await form.getByLabel("Company").fill("Falsch GmbH");
  await form.getByLabel("Billing address").fill("Hauptstraße 1\n80331 München");
  await form.getByLabel("Country").selectOption({ label: "Germany" });
  await form.getByLabel("Tax ID").fill("DE123");
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/my-profile"),
  );
  await form.getByRole("button", { name: "Save billing details" }).click();
  expect((await answered).status()).toBe(400);

  const sentence = "That is not a valid VAT number for Germany: please check its letters and digits.";
  await expect(form.getByText(sentence).first()).toBeVisible();
  await expect(form.getByLabel("Tax ID")).toHaveAccessibleDescription(
    new RegExp(sentence.replace(/\./g, "\\.")),
  );
  // Still on the form, with what was typed.
  await expect(page.getByRole("status").filter({ hasText: "Billing details saved" })).toHaveCount(0);
  await expect(form.getByLabel("Company")).toHaveValue("Falsch GmbH");
  await expect(form.getByLabel("Billing address")).toHaveValue("Hauptstraße 1\n80331 München");
  await expect(form.getByLabel("Country")).toHaveValue("DE");
  await expect(form.getByLabel("Tax ID")).toHaveValue("DE123");
  await expectNoAxeViolations(page, "the billing details form with a refused tax ID");
  await screenToLookAt(page, "receipts-billing-refused-1280");
  await page.setViewportSize(mobileViewport);
  expect(await sidewaysOverflow(page), "the refused billing form at 360px").toBeLessThanOrEqual(0);
  await screenToLookAt(page, "receipts-billing-refused-360");
  await page.setViewportSize(desktopViewport);

  // Nothing was saved.
  await page.goto("/my-profile");
  await waitUntilInteractive(page);
  await expect(page.getByRole("region", { name: "Billing details" })).not.toContainText("Falsch GmbH");
});
