import { expect, test } from "@playwright/test";
import { DEFAULT_PASSWORD, logIn, uniqueEmail } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { addConsultantAsStaff, bookThroughApi, createConsultantAccount } from "./support/consultant-accounts";
import { screenToLookAt } from "./support/screens-to-look-at";
import { waitUntilInteractive } from "./support/site";
import { clockServerUrl, setServerClockOffset } from "./support/staff";
import { desktopViewport, mobileViewport } from "./support/viewports";

// Time has to pass for an appointment to start: these journeys use the server whose clock moves.
test.use({ baseURL: clockServerUrl, viewport: desktopViewport });
test.describe.configure({ mode: "serial", timeout: 120_000 });
test.afterEach(() => setServerClockOffset(0));

async function signInTo(page: import("@playwright/test").Page, to: string, email: string) {
  await page.goto(`/login?redirectTo=${encodeURIComponent(to)}`);
  await waitUntilInteractive(page);
  await logIn(page, email, DEFAULT_PASSWORD);
  await page.waitForURL((url) => url.pathname === to);
}

test("a consultant sees their booking, marks it completed once started, and the customer sees Completed", async ({
  page,
  browser,
  request,
}) => {
  const consultantName = `Ines Falk ${Date.now()}`;
  const consultantId = await addConsultantAsStaff(request, clockServerUrl, {
    name: consultantName,
    speciality: "Marketing Consultants",
  });
  const account = await createConsultantAccount(request, clockServerUrl, consultantId, consultantName);
  const customer = { name: "Marta Customer", email: uniqueEmail("customer"), password: DEFAULT_PASSWORD };
  const registered = await request.post(`${clockServerUrl}/api/user/register`, { data: customer });
  expect(registered.status()).toBe(201);
  const booking = await bookThroughApi(request, clockServerUrl, consultantId, customer, 1);

  await signInTo(page, "/my-schedule", account.email);
  await expect(page.getByRole("heading", { name: "My schedule", level: 1 })).toBeVisible();
  const upcoming = page.getByRole("region", { name: /Upcoming/ });
  const card = upcoming.getByRole("listitem").filter({ hasText: "Marta Customer" });
  await expect(card).toContainText(booking.slotTime);
  await expect(card).toContainText(customer.email);
  await expect(card).toContainText("9 Harbour Lane");
  await expect(card.getByRole("button", { name: "Mark completed" })).toHaveCount(0);

  // Five minutes into the appointment.
  setServerClockOffset(Date.parse(booking.startsAt) - Date.now() + 5 * 60_000);
  await page.reload();
  await waitUntilInteractive(page);
  const started = page
    .getByRole("region", { name: /Started and past/ })
    .getByRole("listitem")
    .filter({
      hasText: "Marta Customer",
    });
  await started.getByRole("button", { name: "Mark completed" }).click();
  await expect(page.getByRole("status")).toContainText("Appointment marked completed");
  await expect(started).toContainText("Completed");
  await expect(started.getByRole("button", { name: "Mark completed" })).toHaveCount(0);

  const customerContext = await browser.newContext({ baseURL: clockServerUrl, viewport: desktopViewport });
  const customerPage = await customerContext.newPage();
  await signInTo(customerPage, "/my-appointments", customer.email);
  const row = customerPage.getByRole("main").getByRole("listitem").filter({ hasText: consultantName });
  await expect(row).toContainText("Completed");
  await customerContext.close();
});

test("a consultant switches bookings off, adds a day off and rewrites their profile", async ({
  page,
  request,
}) => {
  const consultantName = `Jonas Weber ${Date.now()}`;
  const consultantId = await addConsultantAsStaff(request, clockServerUrl, {
    name: consultantName,
    speciality: "Sales Consultants",
  });
  const account = await createConsultantAccount(request, clockServerUrl, consultantId, consultantName);
  await signInTo(page, "/my-schedule", account.email);
  await waitUntilInteractive(page);

  const availability = page.getByRole("region", { name: "My availability" });
  await availability.getByLabel("Taking new bookings").uncheck();
  await availability.getByLabel("Add a day off").fill("2031-01-02");
  await availability.getByRole("button", { name: "Save availability" }).click();
  await expect(page.getByRole("status")).toContainText("Availability saved");
  await expect(availability.getByLabel("Taking new bookings")).not.toBeChecked();
  await expect(availability.getByLabel("January 2, 2031")).toBeChecked();
  const slots = await request.get(`${clockServerUrl}/api/consultant/${consultantId}/slots`);
  const { days } = (await slots.json()) as { days: { slots: unknown[] }[] };
  expect(days.every((day) => day.slots.length === 0)).toBe(true);

  await page.getByRole("link", { name: "My public profile" }).click();
  await page.waitForURL(/\/my-schedule\/profile$/);
  await waitUntilInteractive(page);
  await page.getByLabel("About me").fill("Turns cold leads into booked calls, kindly.");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByRole("status")).toContainText("Profile updated");
  const list = await request.get(`${clockServerUrl}/api/doctor/list`);
  const { doctors } = (await list.json()) as { doctors: { _id: string; about: string }[] };
  expect(doctors.find((doctor) => doctor._id === consultantId)?.about).toBe(
    "Turns cold leads into booked calls, kindly.",
  );
});

for (const viewport of [mobileViewport, desktopViewport]) {
  test(`the portal pages are accessible and fit at ${viewport.width} pixels`, async ({ page, request }) => {
    const consultantName = `Axe Check ${viewport.width} ${Date.now()}`;
    const consultantId = await addConsultantAsStaff(request, clockServerUrl, {
      name: consultantName,
      speciality: "Legal Consultants",
    });
    const account = await createConsultantAccount(request, clockServerUrl, consultantId, consultantName);
    const customer = { name: "Axe Customer", email: uniqueEmail("customer"), password: DEFAULT_PASSWORD };
    await request.post(`${clockServerUrl}/api/user/register`, { data: customer });
    await bookThroughApi(request, clockServerUrl, consultantId, customer, 2);
    await page.setViewportSize(viewport);
    await signInTo(page, "/my-schedule", account.email);
    for (const url of ["/my-schedule", "/my-schedule/profile"]) {
      await page.goto(url);
      await waitUntilInteractive(page);
      await expectNoAxeViolations(page, `${url} at ${viewport.width}px`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${url} scrolls sideways at ${viewport.width}px`).toBeLessThanOrEqual(0);
      await screenToLookAt(page, `${url.replaceAll("/", "_")}-${viewport.width}`);
    }
  });
}
