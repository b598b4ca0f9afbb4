import { expect, test } from "@playwright/test";
import { signUp } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { bookFirstFreeSlot, timeChoiceLabelled, timeChoices, timeLabel } from "./support/booking";
import { waitUntilInteractive } from "./support/site";
import { mobileViewport } from "./support/viewports";

test.use({ viewport: mobileViewport });

test("a customer moves a booking to another time: the new time is listed and the old one is free again", async ({
  page,
}) => {
  await signUp(page, "Rescheduling Customer");
  const { path, time } = await bookFirstFreeSlot(page, "sales");
  const row = page.getByRole("main").getByRole("listitem").first();
  await expect(row).toContainText(time);

  await row.getByRole("button", { name: /^Reschedule/ }).click();
  const form = row.getByRole("heading", { name: /^Choose a new time for/ }).locator("xpath=..");
  await expect(form).toContainText("stays with the appointment");
  await expectNoAxeViolations(page, "My Appointments while rescheduling at 360 px");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "My Appointments scrolls sideways while rescheduling").toBeLessThanOrEqual(0);

  // Another day than the booked one (day 3 of the picker; the booking took day 2).
  await form.locator('label:has(input[name="day"])').nth(3).click();
  const newTime = timeChoices(form).first();
  const newLabel = await timeLabel(newTime);
  await newTime.click();
  await form.getByRole("button", { name: "Move my appointment" }).click();

  await expect(page.getByRole("status")).toContainText("Appointment moved to");
  await expect(page.getByRole("status")).toContainText(newLabel);
  await expect(row).toContainText(newLabel);
  await expect(row.getByRole("button", { name: /^Reschedule/ })).toBeVisible();

  // The time given up is offered again on the booking page.
  await page.goto(path);
  await waitUntilInteractive(page);
  await page.locator('label:has(input[name="day"])').nth(2).click();
  await expect(timeChoiceLabelled(page, time)).toHaveCount(1);

  // Cancelling says what happens to the (unpaid) booking before it is done.
  await page.goto("/my-appointments");
  await waitUntilInteractive(page);
  await row.getByRole("button", { name: /^Cancel/ }).click();
  await expect(row).toContainText("The time becomes free for others.");
  await row.getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(row).toContainText("Appointment cancelled");
  await expect(row.getByRole("button", { name: /^Reschedule/ })).toHaveCount(0);
});
