import path from "node:path";
import { expect, test } from "@playwright/test";
import { signUp } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { pickSlot, timeChoiceLabelled, timeChoices } from "./support/booking";
import { screenToLookAt } from "./support/screens-to-look-at";
import { waitUntilInteractive } from "./support/site";
import { signInAsStaff } from "./support/staff";
import { desktopViewport, mobileViewport } from "./support/viewports";

test.use({ viewport: desktopViewport });
// Whole journeys over several pages, on a machine other test runs share.
test.describe.configure({ timeout: 120_000 });

const portrait = path.resolve("public/images/consultants/nina-petrova.webp");

test("staff add a consultant with a picture; customers find and book them at once", async ({
  page,
  browser,
}) => {
  const name = `Vera Lindqvist ${Date.now()}`;
  await signInAsStaff(page, "/admin/consultants");
  await page.getByRole("link", { name: "Add a consultant" }).click();
  await page.waitForURL(/\/admin\/consultants\/new$/);
  await waitUntilInteractive(page);

  await page.locator('input[type="file"][name="image"]').setInputFiles(portrait);
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Speciality").selectOption("Healthcare Consultants");
  await page.getByLabel("Degree").fill("MPH");
  await page.getByLabel("Experience").fill("8 Years");
  await page.getByLabel("About").fill("Runs clinic schedules and patient follow-ups.");
  await page.getByLabel("Address line 1").fill("22 Willow Court");
  await page.getByLabel("Address line 2").fill("Hartford, CT");
  await page.getByLabel("Fee for 30 minutes (US dollars)").fill("55");
  await page.getByRole("button", { name: "Add consultant" }).click();

  await page.waitForURL(/\/admin\/consultants\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("status")).toContainText("Consultant added");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  const picture = page.getByRole("img", { name: `Current picture of ${name}` });
  await expect(picture).toHaveAttribute("src", /^\/uploads\/.+\.webp$/);
  const consultantPath = new URL(page.url()).pathname;

  // Listed for staff, with its state.
  await page.goto(`/admin/consultants?q=${encodeURIComponent("Vera Lindqvist")}`);
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("Taking bookings");
  await expect(row).toContainText("$55.00");

  // A customer sees the new consultant on the listing and books them.
  const customerContext = await browser.newContext({ viewport: desktopViewport });
  const customer = await customerContext.newPage();
  await signUp(customer, "Booking Customer");
  await customer.goto("/consultant/healthcare");
  await waitUntilInteractive(customer);
  const card = customer
    .getByRole("main")
    .locator(`a[href="/appointment/${consultantPath.split("/").pop()}"]`);
  await expect(card).toContainText(name);
  await card.click();
  await customer.waitForURL(/\/appointment\//);
  await waitUntilInteractive(customer);
  const time = await pickSlot(customer);
  await customer.getByRole("button", { name: "Book an appointment" }).click();
  await customer.waitForURL(/\/my-appointments/);
  const booked = customer.getByRole("main").getByRole("listitem").first();
  await expect(booked).toContainText(name);
  await expect(booked).toContainText(time);
  await customerContext.close();

  // Staff see the appointment counted.
  await page.reload();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("1");
});

test("working hours and days off change the slots customers are offered; archiving hides the consultant", async ({
  page,
}) => {
  const name = `Omar Castell ${Date.now()}`;
  await signInAsStaff(page, "/admin/consultants/new");
  await waitUntilInteractive(page);
  await page.locator('input[type="file"][name="image"]').setInputFiles(portrait);
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Speciality").selectOption("Entrepreneurial Consultants");
  await page.getByLabel("Degree").fill("MBA");
  await page.getByLabel("Experience").fill("3 Years");
  await page.getByLabel("About").fill("Helps founders plan their first year.");
  await page.getByLabel("Address line 1").fill("5 Mill Road");
  await page.getByLabel("Fee for 30 minutes (US dollars)").fill("40");
  // Every day from 10:00 to 11:00 only.
  for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]) {
    const item = page.getByRole("listitem").filter({ has: page.getByLabel(day, { exact: true }) });
    await item.getByLabel("to").selectOption("11:00");
  }
  await page.getByRole("button", { name: "Add consultant" }).click();
  await page.waitForURL(/\/admin\/consultants\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("status")).toContainText("Consultant added");
  const consultantId = new URL(page.url()).pathname.split("/").pop()!;

  await page.goto(`/appointment/${consultantId}`);
  await waitUntilInteractive(page);
  await page.locator('label:has(input[name="day"])').nth(2).click();
  await expect(timeChoices(page)).toHaveCount(2);
  await expect(timeChoiceLabelled(page, "10:30 AM")).toHaveCount(1);

  // Archive, with its confirmation step.
  await page.goto(`/admin/consultants/${consultantId}`);
  await waitUntilInteractive(page);
  await page.getByRole("link", { name: "Archive consultant…" }).click();
  await page.getByRole("button", { name: "Yes, archive" }).click();
  await expect(page.getByRole("status")).toContainText("Consultant archived");
  await expect(page.getByRole("button", { name: "Restore consultant" })).toBeVisible();
  await page.goto("/consultant/entrepreneurial");
  await expect(page.getByRole("main")).not.toContainText(name);
  const gone = await page.goto(`/appointment/${consultantId}`);
  expect(gone?.status()).toBe(404);
});

for (const viewport of [mobileViewport, desktopViewport]) {
  test(`the staff consultant pages are accessible and fit at ${viewport.width} pixels`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInAsStaff(page, "/admin/consultants");
    for (const url of ["/admin/consultants", "/admin/consultants/new"]) {
      await page.goto(url);
      await waitUntilInteractive(page);
      await expectNoAxeViolations(page, `${url} at ${viewport.width}px`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${url} scrolls sideways at ${viewport.width}px`).toBeLessThanOrEqual(0);
      await screenToLookAt(page, `${url.replaceAll("/", "_")}-${viewport.width}`);
    }
    await page.goto("/admin/consultants");
    await page
      .getByRole("main")
      // The list is a table at desk widths and cards on a phone: the one on screen.
      .locator('a[href^="/admin/consultants/"]:not([href$="/new"]):visible')
      .first()
      .click();
    await page.waitForURL(/\/admin\/consultants\/[0-9a-f-]{36}$/);
    await page.goto(`${new URL(page.url()).pathname}?archive`);
    await waitUntilInteractive(page);
    await expectNoAxeViolations(
      page,
      `a consultant's page with the archive confirmation at ${viewport.width}px`,
    );
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `a consultant's page scrolls sideways at ${viewport.width}px`).toBeLessThanOrEqual(0);
    await screenToLookAt(page, `consultant-edit-${viewport.width}`);
  });
}
