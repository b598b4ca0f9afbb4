import { expect, type Page } from "@playwright/test";
import { waitUntilInteractive } from "./site";

/**
 * Opens the first consultant of a speciality and picks the first free time two days from today
 * (so it is always in the future and at least 24 hours ahead). Specialities keep parallel tests
 * apart: each test books its own consultant.
 */
export async function openConsultant(page: Page, speciality: string): Promise<string> {
  await page.goto(`/consultant/${speciality}`);
  await waitUntilInteractive(page);
  await page.getByRole("main").locator('a[href^="/appointment/"]').first().click();
  await page.waitForURL(/\/appointment\//);
  await waitUntilInteractive(page);
  return new URL(page.url()).pathname;
}

/** The slot picker's time choices (each posts its start instant as `startsAt`). */
export function timeChoices(scope: Pick<Page, "locator">) {
  return scope.locator('label:has(input[name="startsAt"])');
}

/** A time choice's label in the agency's zone, e.g. "10:00 AM" (without the visitor's own time). */
export async function timeLabel(choice: ReturnType<Page["locator"]>): Promise<string> {
  return ((await choice.locator("span").first().textContent()) ?? "").trim();
}

/** The time choices labelled exactly `label` ("10:00 AM"). */
export function timeChoiceLabelled(scope: Pick<Page, "locator">, label: string) {
  return scope.locator('label:has(input[name="startsAt"]) > span:first-of-type').filter({
    hasText: new RegExp(`^${label}$`),
  });
}

/** Chooses a day (0 = today) and its first free time; returns the time's label, e.g. "10:00 AM". */
export async function pickSlot(page: Page, dayIndex = 2): Promise<string> {
  await page.locator('label:has(input[name="day"])').nth(dayIndex).click();
  const time = timeChoices(page).first();
  await expect(time).toBeVisible();
  const label = await timeLabel(time);
  await time.click();
  return label;
}

export async function bookFirstFreeSlot(
  page: Page,
  speciality: string,
): Promise<{ path: string; time: string }> {
  const path = await openConsultant(page, speciality);
  // Tests running side by side may book the same consultant: whoever loses the race for a slot is
  // told it is gone (as a customer would be) and takes the next free one.
  const slotTaken = page.getByRole("alert").filter({ hasText: "This slot is no longer available" });
  for (let attempt = 1; ; attempt += 1) {
    const time = await pickSlot(page);
    await page.getByRole("button", { name: "Book an appointment" }).click();
    const booked = page.waitForURL(/\/my-appointments/).then(() => true);
    const lost = slotTaken.waitFor().then(() => false);
    // The race's loser must not surface later as an unhandled rejection.
    for (const outcome of [booked, lost]) outcome.catch(() => undefined);
    if (await Promise.race([booked, lost])) {
      await expect(page.getByRole("status")).toContainText("Appointment booked");
      return { path, time };
    }
    expect(attempt, "another test took three slots in a row").toBeLessThan(3);
    await page.reload();
    await waitUntilInteractive(page);
  }
}
