import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { type RadicaleServer, startRadicale } from "../setup/radicale";
import { DEFAULT_PASSWORD, logIn, uniqueEmail } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { addConsultantAsStaff, bookThroughApi, createConsultantAccount } from "./support/consultant-accounts";
import { screenToLookAt } from "./support/screens-to-look-at";
import { waitUntilInteractive } from "./support/site";
import { desktopViewport, mobileViewport } from "./support/viewports";

test.use({ viewport: desktopViewport });
test.describe.configure({ timeout: 120_000 });

let radicale: RadicaleServer;
test.beforeAll(async () => {
  radicale = await startRadicale({ username: "ines", password: "app-password-for-tests" });
});
test.afterAll(() => radicale?.stop());

type Slot = { slotDate: string; slotTime: string; startsAt: string };

async function freeSlotsOfDay(request: APIRequestContext, consultantId: string, dayIndex: number) {
  const response = await request.get(`/api/consultant/${consultantId}/slots`);
  expect(response.status()).toBe(200);
  const { days } = (await response.json()) as { days: { slots: Slot[] }[] };
  return days[dayIndex]!.slots;
}

/** The iCalendar text of a private event (a dentist's appointment) over [startsAt, +minutes). */
function privateEvent(uid: string, startsAt: string, minutes: number): string {
  const stamp = (instant: Date) => `${instant.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`;
  const start = new Date(startsAt);
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Consultant's phone//EN",
    "BEGIN:VEVENT",
    `UID:${uid}`,
    `DTSTAMP:${stamp(new Date())}`,
    `DTSTART:${stamp(start)}`,
    `DTEND:${stamp(new Date(start.getTime() + minutes * 60_000))}`,
    "SUMMARY:Dentist",
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}

async function signInToSchedule(page: Page, email: string) {
  await page.goto(`/login?redirectTo=${encodeURIComponent("/my-schedule")}`);
  await waitUntilInteractive(page);
  await logIn(page, email, DEFAULT_PASSWORD);
  await page.waitForURL((url) => url.pathname === "/my-schedule");
  await waitUntilInteractive(page);
}

async function openSchedule(page: Page) {
  await page.goto("/my-schedule");
  await waitUntilInteractive(page);
}

/** The start instants the public booking page offers on a day (0 = today). */
async function offeredStarts(page: Page, consultantId: string, dayIndex: number): Promise<string[]> {
  await page.goto(`/appointment/${consultantId}`);
  await waitUntilInteractive(page);
  await page.locator('label:has(input[name="day"])').nth(dayIndex).click();
  return page
    .locator('input[name="startsAt"]')
    .evaluateAll((inputs) =>
      inputs.map((input) => new Date((input as HTMLInputElement).value).toISOString()),
    );
}

test("a consultant connects their CalDAV calendar: a private event hides its slots after Sync now, and a booking is written to it", async ({
  page,
  browser,
  request,
}) => {
  const consultantName = `Ines Calendar ${Date.now()}`;
  const consultantId = await addConsultantAsStaff(request, "", {
    name: consultantName,
    // No other test on this server lists Sales Consultants, so the new consultant disturbs none.
    speciality: "Sales Consultants",
  });
  const account = await createConsultantAccount(request, "", consultantId, consultantName);

  await signInToSchedule(page, account.email);
  const panel = page.getByRole("region", { name: "Calendar" });
  await panel.getByLabel("CalDAV address").fill(radicale.rootUrl);
  await panel.getByLabel("User name").fill(radicale.username);
  await panel.getByLabel("App password").fill(radicale.password);
  await panel.getByRole("button", { name: "Connect calendar" }).click();
  await expect(page.getByRole("status")).toContainText("Calendar connected: 0 busy times read");
  await expect(panel).toContainText(radicale.rootUrl);
  // The app password is never shown back, not even in the form's echoed values.
  expect(await page.content()).not.toContain(radicale.password);

  // The consultant adds a private hour in their own calendar app, over the day's first two slots.
  const dayIndex = 2;
  const [first, second, third] = await freeSlotsOfDay(request, consultantId, dayIndex);
  expect(third, "the day has at least three free slots").toBeDefined();
  expect(await offeredStarts(page, consultantId, dayIndex)).toContain(
    new Date(first!.startsAt).toISOString(),
  );
  await radicale.putEvent("dentist", privateEvent("dentist@phone.example", first!.startsAt, 60));

  await openSchedule(page);
  await panel.getByRole("button", { name: "Sync now" }).click();
  await expect(page.getByRole("status")).toContainText("Calendar synced: 1 busy times read");
  await expect(panel.getByRole("definition").filter({ hasText: /^1$/ })).toBeVisible();

  const offered = await offeredStarts(page, consultantId, dayIndex);
  const isoOf = (slot: Slot) => new Date(slot.startsAt).toISOString();
  expect(offered).not.toContain(isoOf(first!));
  expect(offered).not.toContain(isoOf(second!));
  expect(offered).toContain(isoOf(third!));

  // A customer books the first time still free; the booking appears in the consultant's calendar.
  const customer = { name: "Rosa Customer", email: uniqueEmail("calendar"), password: DEFAULT_PASSWORD };
  expect((await request.post("/api/user/register", { data: customer })).status()).toBe(201);
  const booking = await bookThroughApi(request, "", consultantId, customer, dayIndex);
  expect(new Date(booking.startsAt).toISOString()).toBe(isoOf(third!));
  await expect
    .poll(async () => (await radicale.listEvents()).map((event) => event.text).join("\n"), {
      timeout: 20_000,
    })
    .toContain("Consultation with Rosa Customer");
  const written = (await radicale.listEvents()).find((event) => event.text.includes("Rosa Customer"))!;
  expect(written.text).not.toContain(customer.email);

  await openSchedule(page);
  await expect(panel).toContainText("None waiting");
  await expectNoAxeViolations(page, "/my-schedule with a connected calendar");
  await screenToLookAt(page, "my-schedule-calendar-desktop");

  const phone = await browser.newContext({ viewport: mobileViewport });
  const phonePage = await phone.newPage();
  await signInToSchedule(phonePage, account.email);
  const phonePanel = phonePage.getByRole("region", { name: "Calendar" });
  await expect(phonePanel.getByRole("button", { name: "Sync now" })).toBeVisible();
  const overflow = await phonePage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenToLookAt(phonePage, "my-schedule-calendar-mobile");
  await phone.close();
});
