import { expect, test } from "@playwright/test";
import { signUp } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { bookFirstFreeSlot } from "./support/booking";
import { screenToLookAt } from "./support/screens-to-look-at";
import { waitUntilInteractive } from "./support/site";
import { desktopViewport, mobileViewport } from "./support/viewports";

test.use({ viewport: mobileViewport });

test("a booked appointment offers its meeting link and Add to calendar; the .ics holds the appointment", async ({
  page,
}) => {
  await signUp(page, "Calendar Customer");
  // A speciality the other specs book rarely (bookFirstFreeSlot copes with a race anyway).
  const { time } = await bookFirstFreeSlot(page, "entrepreneurial");
  await waitUntilInteractive(page);
  const row = page.getByRole("main").getByRole("listitem").first();
  await expect(row).toContainText(time);

  const join = row.getByRole("link", { name: /^Join the meeting/ });
  await expect(join).toHaveAttribute("href", /^https:\/\/meet\.jit\.si\/VAHub-[0-9a-f]{32}$/);
  await expect(join).toHaveAttribute("target", "_blank");
  // The hint is visible, not only read out.
  await expect(join.locator("xpath=..")).toHaveText(/Join the meeting.* \(opens in a new tab\)$/);
  await expect(join.locator("xpath=..").getByText("(opens in a new tab)")).toBeVisible();
  const meetingUrl = (await join.getAttribute("href"))!;

  // A native disclosure: opens from the keyboard, and its options stay hidden until then.
  const google = row.getByRole("link", { name: "Google Calendar" });
  await expect(google).toBeHidden();
  await row.getByText("Add to calendar").focus();
  await page.keyboard.press("Enter");
  await expect(google).toBeVisible();
  const googleUrl = new URL((await google.getAttribute("href"))!);
  expect(googleUrl.origin + googleUrl.pathname).toBe("https://calendar.google.com/calendar/render");
  expect(googleUrl.searchParams.get("location")).toBe(meetingUrl);
  expect(googleUrl.searchParams.get("dates")).toMatch(/^\d{8}T\d{6}Z\/\d{8}T\d{6}Z$/);
  const outlookUrl = new URL((await row.getByRole("link", { name: "Outlook" }).getAttribute("href"))!);
  expect(outlookUrl.hostname).toBe("outlook.live.com");
  expect(outlookUrl.searchParams.get("location")).toBe(meetingUrl);

  const download = page.waitForEvent("download");
  await row.getByRole("link", { name: "Download an .ics file" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.ics$/);
  const calendar = await page.request.get(
    (await row.getByRole("link", { name: /\.ics file/ }).getAttribute("href"))!,
  );
  expect(calendar.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const ics = await calendar.text();
  expect(ics).toContain("BEGIN:VEVENT");
  expect(ics).toMatch(/UID:appointment-[0-9a-f-]{36}@va-hub/);
  expect(ics.replace(/\r\n[ \t]/g, "")).toContain(`LOCATION:${meetingUrl}`);

  await expectNoAxeViolations(page, "My Appointments with Add to calendar open at 360 px");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "My Appointments scrolls sideways at 360 px").toBeLessThanOrEqual(0);

  await screenToLookAt(page, "my-appointments-360");
  await page.setViewportSize(desktopViewport);
  await screenToLookAt(page, "my-appointments-1280");

  // Someone else asking for this appointment's calendar learns nothing.
  const path = new URL(calendar.url()).pathname;
  await page.context().clearCookies();
  await signUp(page, "Curious Customer");
  const foreign = await page.request.get(path);
  expect(foreign.status()).toBe(404);
  expect(await foreign.text()).not.toContain("BEGIN:VCALENDAR");
});
