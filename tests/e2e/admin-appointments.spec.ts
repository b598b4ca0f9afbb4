import { expect, type Page, test } from "@playwright/test";
import { signUp, waitForMail } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { staffPage } from "./support/back-office";
import { bookFirstFreeSlot } from "./support/booking";
import { screenToLookAt } from "./support/screens-to-look-at";
import { waitUntilInteractive } from "./support/site";
import { desktopViewport, viewports } from "./support/viewports";

test.use({ viewport: desktopViewport });

/** The id of the customer's newest appointment, as the customer's own API lists it. */
async function newestAppointmentId(page: Page): Promise<string> {
  const answer = (await (await page.request.get("/api/user/appointments")).json()) as {
    appointments: { _id: string }[];
  };
  return answer.appointments.at(-1)!._id;
}

/** Pays the first appointment on My Appointments through the sandbox Stripe checkout. */
async function payFirstAppointment(page: Page): Promise<void> {
  await waitUntilInteractive(page);
  const row = page.getByRole("main").getByRole("listitem").first();
  await row.getByRole("button", { name: /^Pay Online/ }).click();
  await row.getByRole("button", { name: "Stripe" }).click();
  await page.waitForURL(/\/sandbox\/checkout\//);
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await page.waitForURL(/\/my-appointments/);
  await expect(row.getByText("Paid", { exact: true })).toBeVisible();
}

test("staff cancel a paid appointment with a reason: refunded, the customer is e-mailed and sees why", async ({
  page,
  browser,
}) => {
  const reason = "Your consultant is unwell that day.";
  const customerEmail = await signUp(page, "Paid Customer");
  await bookFirstFreeSlot(page, "legal");
  await payFirstAppointment(page);
  const appointmentId = await newestAppointmentId(page);

  const staff = await staffPage(browser, `/admin/appointments/${appointmentId}`);
  await expect(staff.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(staff.getByRole("region", { name: "Customer" })).toContainText(customerEmail);
  await expect(staff.getByRole("region", { name: "Payment history" })).toContainText("checkout.return");
  await staff.getByRole("button", { name: "Cancel appointment" }).click();
  await expect(staff.getByText(/is refunded in full through the provider/)).toBeVisible();
  await staff.getByLabel("Reason (the customer reads it)").fill(reason);
  await staff.getByRole("button", { name: "Yes, cancel the appointment" }).click();
  await expect(staff.getByRole("status")).toContainText("Appointment cancelled and payment refunded");
  const summary = staff.getByRole("region", { name: "Appointment" });
  await expect(summary).toContainText("by the agency");
  await expect(summary).toContainText(reason);
  await expect(staff.getByRole("region", { name: "Payment history" })).toContainText("refunded");
  await expect(staff.getByRole("region", { name: "Actions" })).toHaveCount(0);

  const mail = await waitForMail(customerEmail, /^We cancelled your consultation/);
  // SMTP carries the text part with CRLF line ends.
  expect(mail.text).toMatch(/The reason:\r?\nYour consultant is unwell that day\./);
  expect(mail.text).toContain("is refunded in full");
  await waitForMail(customerEmail, /refund/i);

  await page.goto("/my-appointments");
  const row = page.getByRole("main").getByRole("listitem").first();
  await expect(row).toContainText("Appointment cancelled");
  await expect(row).toContainText(`Cancelled by the agency: ${reason}`);
  await expect(row).toContainText("Your payment was refunded.");
  await staff.context().close();
});

test("the list finds the customer's appointment and exports it as CSV with the same filters", async ({
  page,
  browser,
}) => {
  const customerEmail = await signUp(page, "Listed Customer");
  await bookFirstFreeSlot(page, "it");
  const appointmentId = await newestAppointmentId(page);

  const staff = await staffPage(browser, "/admin/appointments");
  await staff.getByLabel("Customer name or e-mail").fill(customerEmail);
  await staff.getByLabel("Status").selectOption("booked");
  await staff.getByRole("button", { name: "Show" }).click();
  await staff.waitForURL(/q=/);
  await expect(staff.getByText("Showing 1–1 of 1 appointments")).toBeVisible();
  const exportLink = staff.getByRole("link", { name: "Export CSV" });
  const href = (await exportLink.getAttribute("href")) ?? "";
  expect(href).toContain("status=booked");
  const csv = await staff.request.get(href);
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  const lines = (await csv.text()).trim().split("\r\n");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(appointmentId);
  expect(lines[1]).toContain(customerEmail);

  await staff.getByRole("table").getByRole("link").first().click();
  await staff.waitForURL(new RegExp(`/admin/appointments/${appointmentId}$`));
  await staff.context().close();
});

for (const viewport of viewports) {
  test(`the list and the appointment pages pass axe at ${viewport.name} and never scroll sideways`, async ({
    page,
    browser,
  }) => {
    await signUp(page, "Axe Customer");
    await bookFirstFreeSlot(page, "marketing");
    const appointmentId = await newestAppointmentId(page);
    const staff = await staffPage(browser, "/admin/appointments");
    const paths = [
      "/admin/appointments",
      "/admin/appointments?status=lost",
      `/admin/appointments/${appointmentId}`,
      `/admin/appointments/${appointmentId}?step=cancel`,
      `/admin/appointments/${appointmentId}?step=reschedule`,
    ];
    await staff.setViewportSize(viewport.size);
    for (const [index, path] of paths.entries()) {
      await staff.goto(path);
      await expect(staff.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoAxeViolations(staff, `${path} at ${viewport.name}`);
      const overflow = await staff.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways at ${viewport.name}`).toBeLessThanOrEqual(0);
      await screenToLookAt(staff, `appointments-${index}-${viewport.size.width}`);
    }
    await staff.context().close();
  });
}
