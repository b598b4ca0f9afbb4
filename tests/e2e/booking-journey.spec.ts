import { expect, type Page, test } from "@playwright/test";
import { DateTime } from "luxon";
import { signUp } from "./support/accounts";
import { openConsultant, timeChoices, timeLabel } from "./support/booking";
import { waitUntilInteractive } from "./support/site";
import { mobileViewport } from "./support/viewports";

/** The agency's zone (AGENCY_TZ's default), in which the slot picker labels its times. */
const AGENCY_ZONE = "America/New_York";

/**
 * Picks the first free time of the n-th day and books or moves to it (the submit button named),
 * taking the next day's first time if a test running beside this one took it first. Returns the
 * chosen instant.
 */
async function chooseAndSubmit(
  page: Page,
  scope: ReturnType<Page["locator"]>,
  dayIndex: number,
  button: string,
) {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const day = scope.locator('label:has(input[name="day"])').nth(dayIndex + attempt);
    await day.click();
    const date = await day.locator("input").getAttribute("value");
    const time = timeChoices(scope).first();
    const label = await timeLabel(time);
    const startsAt = (await time.locator("input").getAttribute("value")) ?? "";
    await time.click();
    await scope.getByRole("button", { name: button }).click();
    const done = page.getByRole("status").filter({ hasText: /booked|moved/ });
    const taken = page.getByRole("alert").filter({ hasText: "no longer available" });
    await expect(done.or(taken)).toBeVisible();
    if (await done.isVisible()) {
      const chosen = DateTime.fromFormat(`${date} ${label}`, "yyyy-MM-dd hh:mm a", { zone: AGENCY_ZONE });
      // The label is the agency's wall clock of the instant the form posted.
      expect(chosen.toMillis()).toBe(Date.parse(startsAt));
      return chosen;
    }
    await page.reload();
    await waitUntilInteractive(page);
  }
  throw new Error("three times in a row another test took the slot");
}

for (const zone of ["Asia/Kolkata", "America/Los_Angeles"]) {
  const city = zone.split("/")[1]!.replace(/_/g, " ");

  test.describe(`a visitor whose browser is in ${zone}`, () => {
    test.use({ timezoneId: zone, viewport: mobileViewport });

    test("finds the consultants from home, books, sees the time in their zone, moves it and cancels", async ({
      page,
    }) => {
      await signUp(page, `Visitor in ${city}`);

      // Home → consultants in two taps on a phone.
      await page.goto("/");
      await waitUntilInteractive(page);
      await page.getByRole("button", { name: "Open menu" }).click();
      await page.locator("nav#mobile-menu").getByRole("link", { name: "Consultants", exact: true }).click();
      await expect(page).toHaveURL(/\/consultant$/);

      await openConsultant(page, "entrepreneurial");
      // The times say whose clock they are, by the zone's own name.
      await expect(
        page.getByText(/^Under each time: your time, (India Standard Time|Pacific (Standard|Daylight) Time)/),
      ).toBeVisible();
      const booked = await chooseAndSubmit(page, page.getByRole("main"), 2, "Book an appointment");
      await expect(page).toHaveURL(/\/my-appointments/);
      const row = page.getByRole("main").getByRole("listitem").first();
      const inZone = (instant: DateTime) => instant.setZone(zone).toFormat("h:mm a");
      await expect(row).toContainText(`${inZone(booked)} ${city} time`);
      await expect(row).toContainText(`(${booked.toFormat("hh:mm a")} New York time)`);

      // Move it to another day: the new time, in the visitor's zone.
      await row.getByRole("button", { name: /^Reschedule/ }).click();
      const form = page
        .locator("form")
        .filter({ has: page.getByRole("button", { name: "Move my appointment" }) });
      const moved = await chooseAndSubmit(page, form, 3, "Move my appointment");
      await expect(row).toContainText(`${inZone(moved)} ${city} time`);

      // Cancelling states the policy before anything happens.
      await row.getByRole("button", { name: /^Cancel/ }).click();
      await expect(row).toContainText("The time becomes free for others.");
      await row.getByRole("button", { name: "Yes, cancel it" }).click();
      await expect(row).toContainText("Appointment cancelled");
    });
  });
}
