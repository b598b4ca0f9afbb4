import { expect, test } from "@playwright/test";
import { logIn, signUp } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { openConsultant, pickSlot, timeChoiceLabelled } from "./support/booking";
import { waitUntilInteractive } from "./support/site";
import { desktopViewport, mobileViewport } from "./support/viewports";

test.use({ viewport: desktopViewport });

test("browse, filter, book after logging in, see it listed, cancel it and find the slot free again", async ({
  page,
}) => {
  // An account to come back with (then signed out again).
  const email = await signUp(page, "Booking Tester");
  await page.context().clearCookies();

  await page.goto("/consultant");
  await waitUntilInteractive(page);
  await expect(page.getByText("Browse through the consultants excellence.")).toBeVisible();
  await page.getByRole("link", { name: "Tax Consultants", exact: true }).click();
  await page.waitForURL(/\/consultant\/tax$/);
  const cards = page.getByRole("main").locator('a[href^="/appointment/"]');
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText("Tax Consultants");
  // Choosing the active filter again clears it.
  await page.getByRole("link", { name: "Tax Consultants", exact: true }).click();
  await page.waitForURL(/\/consultant$/);

  const path = await openConsultant(page, "tax");
  const time = await pickSlot(page);
  await page.getByRole("button", { name: "Book an appointment" }).click();
  await page.waitForURL(/\/login\?redirectTo=/);
  await expect(page.getByRole("status")).toContainText("Login to book appointment");
  await waitUntilInteractive(page);
  await logIn(page, email);
  await page.waitForURL((url) => url.pathname === path);
  await waitUntilInteractive(page);

  await pickSlot(page);
  await page.getByRole("button", { name: "Book an appointment" }).click();
  await page.waitForURL(/\/my-appointments/);
  const row = page.getByRole("main").getByRole("listitem").first();
  await expect(row).toContainText(time);
  await expect(row.getByRole("button", { name: /^Pay Online/ })).toBeVisible();
  await expect(row.getByRole("button", { name: /^Cancel/ })).toBeVisible();

  await row.getByRole("button", { name: /^Cancel/ }).click();
  await row.getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(row).toContainText("Appointment cancelled");
  await expect(row.getByRole("button", { name: /^Pay Online/ })).toHaveCount(0);

  await page.goto(path);
  await waitUntilInteractive(page);
  await page.locator('label:has(input[name="day"])').nth(2).click();
  await expect(timeChoiceLabelled(page, time)).toHaveCount(1);
});

test("a booking form sent again (a double click, a retry after a lost answer) books once and lands on My Appointments", async ({
  page,
}) => {
  await signUp(page, "Double Sender");
  const path = await openConsultant(page, "legal");
  const consultant = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
  await pickSlot(page, 3);
  const bookingForm = page.locator("form:has(input[name=startsAt])");
  // The key comes with the server's render, new for each render.
  const key = await bookingForm.locator('input[name="idempotencyKey"]').inputValue();
  expect(key).toMatch(/^[0-9a-f-]{36}$/);
  const rendered = await (await page.request.get(path)).text();
  expect(rendered).toMatch(/name="idempotencyKey" value="[0-9a-f-]{36}"/);
  expect(rendered).not.toContain(key);

  // The same form sent twice at once, as a browser without JavaScript does on a double click.
  const fields = await bookingForm.evaluate((form: HTMLFormElement) =>
    Object.fromEntries([...new FormData(form)].map(([name, value]) => [name, String(value)])),
  );
  const answers = await Promise.all(
    [1, 2].map(() => page.request.post(path, { form: fields, maxRedirects: 0 })),
  );
  expect(answers.map((answer) => [answer.status(), answer.headers().location])).toEqual([
    [302, "/my-appointments"],
    [302, "/my-appointments"],
  ]);
  // Sent once more from the page, it is the same booking, not "this slot is taken".
  await page.getByRole("button", { name: "Book an appointment" }).click();
  await page.waitForURL(/\/my-appointments/);
  await expect(page.getByRole("status")).toContainText("Appointment booked");
  await expect(page.getByRole("main").getByRole("listitem").filter({ hasText: consultant })).toHaveCount(1);
});

test("booking without choosing a time says so", async ({ page }) => {
  await signUp(page, "No Time Tester");
  await openConsultant(page, "sales");
  await page.getByRole("button", { name: "Book an appointment" }).click();
  await expect(page.getByRole("alert")).toContainText("Please choose a time");
});

test("an unknown consultant is the 404 page, an unknown speciality an empty state", async ({ page }) => {
  const response = await page.goto("/appointment/00000000-0000-0000-0000-000000000000");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await page.goto("/consultant/astrology");
  await expect(page.getByRole("link", { name: "See all consultants" })).toBeVisible();
});

test("the Filters toggle shows the specialities on a small screen only", async ({ page }) => {
  await page.setViewportSize(mobileViewport);
  await page.goto("/consultant");
  await waitUntilInteractive(page);
  const filters = page.getByRole("navigation", { name: "Specialities" });
  await expect(filters).toBeHidden();
  await page.getByRole("button", { name: "Filters" }).click();
  await expect(filters).toBeVisible();
  await page.setViewportSize(desktopViewport);
  await expect(page.getByRole("button", { name: "Filters" })).toBeHidden();
});

for (const viewport of [mobileViewport, desktopViewport]) {
  test(`consultant pages have no axe violations at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/consultant");
    await waitUntilInteractive(page);
    await expectNoAxeViolations(page, `/consultant at ${viewport.width} px`);
    await openConsultant(page, "it");
    await expectNoAxeViolations(page, `an appointment page at ${viewport.width} px`);
  });
}
