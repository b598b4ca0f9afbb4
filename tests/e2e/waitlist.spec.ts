import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { DEFAULT_PASSWORD, logIn, uniqueEmail, waitForMail } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { addConsultantAsStaff, apiToken } from "./support/consultant-accounts";
import { sidewaysOverflow } from "./support/reviews";
import { screenToLookAt } from "./support/screens-to-look-at";
import { waitUntilInteractive } from "./support/site";
import { clockServerUrl, setServerClockOffset, signInAsStaff } from "./support/staff";
import { desktopViewport, mobileViewport } from "./support/viewports";

// The hold runs out only when time passes: this journey uses the server whose clock moves, and puts
// the clock back when it ends.
test.use({ baseURL: clockServerUrl, viewport: desktopViewport });
test.describe.configure({ mode: "serial", timeout: 240_000 });
test.afterEach(() => setServerClockOffset(0));

interface Customer {
  name: string;
  email: string;
  token: string;
}

async function registeredCustomer(request: APIRequestContext, name: string): Promise<Customer> {
  const email = uniqueEmail("waitlist");
  const registered = await request.post(`${clockServerUrl}/api/user/register`, {
    data: { name, email, password: DEFAULT_PASSWORD },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  return { name, email, token: await apiToken(request, clockServerUrl, email, DEFAULT_PASSWORD) };
}

interface FreeSlot {
  slotDate: string;
  slotTime: string;
  startsAt: string;
}

/** The consultant's free slots by day (YYYY-MM-DD, the agency's), as the API lists them. */
async function freeDays(request: APIRequestContext, consultantId: string) {
  const answer = await request.get(`${clockServerUrl}/api/consultant/${consultantId}/slots`);
  return ((await answer.json()) as { days: { date: string; slots: FreeSlot[] }[] }).days;
}

function bookSlot(request: APIRequestContext, customer: Customer, consultantId: string, slot: FreeSlot) {
  return request.post(`${clockServerUrl}/api/user/book-appointment`, {
    headers: { token: customer.token },
    data: { docId: consultantId, slotDate: slot.slotDate, slotTime: slot.slotTime },
  });
}

async function cancelAppointment(request: APIRequestContext, customer: Customer, appointmentId: string) {
  const cancelled = await request.post(`${clockServerUrl}/api/user/cancel-appointment`, {
    headers: { token: customer.token },
    data: { appointmentId },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
}

async function waitlistOf(request: APIRequestContext, customer: Customer) {
  const answer = await request.get(`${clockServerUrl}/api/user/waitlist`, {
    headers: { token: customer.token },
  });
  return ((await answer.json()) as { entries: { status: string; offer: { slotTime: string } | null }[] })
    .entries;
}

async function signInTo(page: Page, to: string, email: string) {
  await page.goto(`/login?redirectTo=${encodeURIComponent(to)}`);
  await waitUntilInteractive(page);
  await logIn(page, email);
  await page.waitForURL((url) => url.pathname === to);
  await waitUntilInteractive(page);
}

test("a customer waits for a day, is offered a freed time alone, claims it; an unclaimed hold passes on; staff see every fate", async ({
  page,
  request,
}) => {
  const consultantName = `Wanda Waite ${Date.now()}`;
  const consultantId = await addConsultantAsStaff(request, clockServerUrl, {
    name: consultantName,
    speciality: "Tax Consultants",
  });
  const [waiter, booker, other] = [
    await registeredCustomer(request, "Wendy Waiter"),
    await registeredCustomer(request, "Bob Booker"),
    await registeredCustomer(request, "Carla Other"),
  ];
  // Two days ahead: moving the clock an hour later in the journey never reaches it.
  const day = (await freeDays(request, consultantId))[2]!;
  const slot = day.slots[0]!;
  const booked = await bookSlot(request, booker, consultantId, slot);
  expect(booked.status()).toBe(201);
  const { appointmentId } = (await booked.json()) as { appointmentId: string };

  // The customer asks on the consultant's page, at phone width.
  await page.setViewportSize(mobileViewport);
  await signInTo(page, `/appointment/${consultantId}`, waiter.email);
  const form = page
    .locator("form")
    .filter({ has: page.getByRole("button", { name: "Tell me if a time frees up" }) });
  await form.getByLabel("Day").selectOption(day.date);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await screenToLookAt(page, "waitlist-booking-page-360");
  await form.getByRole("button", { name: "Tell me if a time frees up" }).click();
  await page.waitForURL((url) => url.pathname === "/my-appointments");
  await expect(page.getByText(/You are on the waitlist for Wanda Waite/)).toBeVisible();
  const waitlist = page.getByRole("region", { name: "Waitlist" });
  await expect(waitlist.getByRole("link", { name: consultantName })).toBeVisible();
  await expect(waitlist.getByText("Waiting")).toBeVisible();

  // The booker cancels: the time is held for the waiter alone and e-mailed to them.
  await cancelAppointment(request, booker, appointmentId);
  const mail = await waitForMail(waiter.email, /A time with Wanda Waite .* is free/);
  expect(mail.text).toContain("/my-appointments#waitlist");
  const refused = await bookSlot(request, other, consultantId, slot);
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { message: string }).message).toMatch(/\.$/);

  await page.reload();
  await waitUntilInteractive(page);
  await expect(waitlist.getByText("Held for you:")).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await screenToLookAt(page, "waitlist-my-appointments-360");
  await page.setViewportSize(desktopViewport);
  await expectNoAxeViolations(page, "My Appointments with a held time");
  await screenToLookAt(page, "waitlist-my-appointments-1280");
  await waitlist.getByRole("button", { name: /Claim this time/ }).click();
  await expect(page.getByText(/Appointment booked:/)).toBeVisible();
  await expect(page.getByRole("heading", { name: consultantName, level: 2 })).toBeVisible();
  await expect(waitlist.getByText("Booked")).toBeVisible();

  // A second freed time: the first in line lets the hold run out, and it passes to the next.
  const later = day.slots[1]!;
  const second = await bookSlot(request, booker, consultantId, later);
  const { appointmentId: secondId } = (await second.json()) as { appointmentId: string };
  const [slow, next] = [
    await registeredCustomer(request, "Sam Slow"),
    await registeredCustomer(request, "Nina Next"),
  ];
  for (const customer of [slow, next]) {
    const joined = await request.post(`${clockServerUrl}/api/user/waitlist`, {
      headers: { token: customer.token },
      data: { docId: consultantId, slotDate: later.slotDate },
    });
    expect(joined.status(), await joined.text()).toBe(201);
  }
  await cancelAppointment(request, booker, secondId);
  expect((await waitlistOf(request, slow))[0]?.status).toBe("offered");
  setServerClockOffset(31 * 60_000);
  await expect
    .poll(async () => (await waitlistOf(request, next))[0]?.status, { timeout: 15_000 })
    .toBe("offered");
  expect((await waitlistOf(request, next))[0]?.offer?.slotTime).toBe(later.slotTime);
  expect((await waitlistOf(request, slow))[0]?.status).toBe("missed");
  // Held, so not listed (the answer is now kept); once the last hold runs out with nobody left, the
  // offer's notice makes every process list it again at once, well within the kept answer's 15 s.
  const listsLater = async () =>
    (await freeDays(request, consultantId)).some((listed) =>
      listed.slots.some((free) => free.startsAt === later.startsAt),
    );
  expect(await listsLater()).toBe(false);
  setServerClockOffset(62 * 60_000);
  await expect.poll(listsLater, { timeout: 5_000 }).toBe(true);
  expect((await waitlistOf(request, next))[0]?.status).toBe("missed");

  // Staff see the day's queue and what became of each offer.
  const staffPage = await page
    .context()
    .browser()!
    .newPage({ baseURL: clockServerUrl, viewport: desktopViewport });
  await signInAsStaff(staffPage, "/admin/waitlist");
  await staffPage.goto(`/admin/waitlist?consultantId=${consultantId}`);
  await waitUntilInteractive(staffPage);
  await expect(staffPage.getByText("Claimed (booked)")).toBeVisible();
  await expect(staffPage.getByText("Not claimed in time: passed on")).toHaveCount(2);
  await expectNoAxeViolations(staffPage, "the staff waitlist");
  await screenToLookAt(staffPage, "waitlist-staff-1280");
  await staffPage.setViewportSize(mobileViewport);
  expect(await sidewaysOverflow(staffPage)).toBeLessThanOrEqual(0);
  await screenToLookAt(staffPage, "waitlist-staff-360");
  await staffPage.close();
});
