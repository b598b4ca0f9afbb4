import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { calendarBusyTimes, calendarWrites, consultantCalendars } from "@db/calendar-schema";
import { outbox } from "@db/schema";
import { seedDatabase } from "@db/seed";
import { waitlistOffers } from "@db/waitlist-schema";
import { eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bookAppointment } from "~/features/booking/booking.server";
import { cancelAppointment } from "~/features/booking/cancellation.server";
import {
  consultantSchedule,
  listConsultants,
  upcomingBookings,
} from "~/features/consultants/consultants.server";
import { offerTimesFreedByCalendar } from "~/features/waitlist/offers.server";
import { joinWaitlist } from "~/features/waitlist/waitlist.server";
import type { DatabaseHandle } from "~/infra/db.server";
import { createOutboundFetch } from "~/infra/outbound-fetch.server";
import {
  createUsersWithSessions,
  createUserWithRole,
  createUserWithSession,
  featureRefusal,
} from "../../../tests/setup/factories";
import { type RadicaleServer, startRadicale } from "../../../tests/setup/radicale";
import { noPaymentProviders } from "../../../tests/setup/receipts";
import { createTestDatabase } from "../../../tests/setup/test-database";
import { testWaitlist } from "../../../tests/setup/waitlist";
import { BUSY_IN_CALENDAR_MESSAGE, CALENDAR_UNCHECKED_MESSAGE } from "./calendar-blocks.server";
import {
  calendarView,
  consultantOfFeedToken,
  disconnectCalendar,
  saveCalendarSettings,
} from "./calendar-connections.server";
import type { CalendarContext } from "./calendar-context.server";
import { inviteUid } from "./calendar-event";
import { consultantFeedFor } from "./calendar-feed.server";
import { syncCalendar, syncDueCalendars } from "./calendar-sync.server";
import { writeDueCalendarEvents } from "./calendar-writes.server";

const ZONE = "America/New_York";
const NOW = DateTime.fromISO("2027-03-01T09:00", { zone: ZONE }).toJSDate();
/** Tuesday 2 March 2027, 2 PM to 3 PM New York: the consultant is busy in their own calendar. */
const BUSY_START = DateTime.fromISO("2027-03-02T14:00", { zone: ZONE });

let database: DatabaseHandle;
let server: Server;
let icsBody = "";
let icsStatus = 200;
let icsUrl = "";
let radicale: RadicaleServer;

const context = (overrides: Partial<CalendarContext> = {}): CalendarContext => ({
  encryptionKey: Buffer.alloc(32, 7),
  zone: ZONE,
  staleMinutes: 30,
  syncMinutes: 5,
  fetch: createOutboundFetch({ allowPrivateAddresses: true }),
  publicUrl: "https://agency.example",
  now: NOW,
  ...overrides,
});

function busyEvent(uid: string, start: DateTime, hours = 1): string {
  const stamp = (moment: DateTime) => moment.toUTC().toFormat("yyyyMMdd'T'HHmmss'Z'");
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//test//EN",
    "BEGIN:VEVENT",
    `UID:${uid}`,
    `DTSTAMP:${stamp(start)}`,
    `DTSTART:${stamp(start)}`,
    `DTEND:${stamp(start.plus({ hours }))}`,
    "SUMMARY:Dentist",
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}

async function consultantWithoutCalendar(index: number) {
  const listed = await listConsultants(database.db);
  return listed[index]!;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase(database.db);
  server = createServer((_request, response) => {
    response.writeHead(icsStatus, { "Content-Type": "text/calendar" });
    response.end(icsBody);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  icsUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/private/basic.ics`;
  radicale = await startRadicale();
});
afterAll(async () => {
  await radicale?.stop();
  await new Promise((resolve) => server?.close(resolve));
  await database?.close();
});
beforeEach(() => {
  icsBody = busyEvent("dentist@test", BUSY_START);
  icsStatus = 200;
});

describe("a read-only ICS calendar", () => {
  it("hides the slots its busy times overlap, and refuses a booking there", async () => {
    const consultant = await consultantWithoutCalendar(0);
    const view = await saveCalendarSettings(database.db, consultant.id, { icsUrl }, context());
    expect(view).toMatchObject({ kind: "ics", busyCount: 1, lastError: null, withheld: false });
    // The address may hold a private token: only its origin is shown back.
    expect(view.url).toBe(`${new URL(icsUrl).origin}/…`);

    const { days } = await consultantSchedule(database.db, consultant, { zone: ZONE, now: NOW });
    const tuesday = days.find((day) => day.slots.length > 0 && day.date.startsWith("2027-03-02"))!;
    const offered = new Set(tuesday.slots.map((slot) => new Date(slot.startsAt).getTime()));
    for (const minutes of [0, 30]) expect(offered.has(BUSY_START.plus({ minutes }).toMillis())).toBe(false);
    expect(offered.has(BUSY_START.plus({ minutes: 60 }).toMillis())).toBe(true);
    expect(offered.has(BUSY_START.minus({ minutes: 30 }).toMillis())).toBe(true);

    const customer = await createUserWithSession(database.db, "ics-customer");
    const refusal = await featureRefusal(
      bookAppointment(
        database.db,
        customer.id,
        { docId: consultant.id, startsAt: BUSY_START.plus({ minutes: 30 }).toJSDate().toISOString() },
        {
          zone: ZONE,
          agencyEmail: "agency@example.com",
          perUserPerMinute: 30,
          payments: noPaymentProviders(),
          waitlist: testWaitlist(ZONE),
          now: NOW,
        },
      ),
    );
    expect(refusal.message).toBe(BUSY_IN_CALENDAR_MESSAGE);
  });

  it("offers the slots a busy time that went away freed to the first customers waiting for that day", async () => {
    const consultant = await consultantWithoutCalendar(6);
    await saveCalendarSettings(database.db, consultant.id, { icsUrl }, context());
    const waiters = await createUsersWithSessions(database.db, 3, "calendar-waiter");
    for (const [index, waiter] of waiters.entries()) {
      await joinWaitlist(
        database.db,
        waiter.id,
        { docId: consultant.id, day: "2027-03-02" },
        { zone: ZONE, now: new Date(NOW.getTime() + index * 1000) },
      );
    }
    icsBody = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "END:VCALENDAR", ""].join("\r\n");
    const [row] = await database.db
      .select()
      .from(consultantCalendars)
      .where(eq(consultantCalendars.consultantId, consultant.id));
    await syncCalendar(
      database.db,
      row!,
      context({
        now: new Date(NOW.getTime() + 60_000),
        onBusyTimesFreed: offerTimesFreedByCalendar(testWaitlist(ZONE)),
      }),
    );
    const offers = await database.db
      .select()
      .from(waitlistOffers)
      .where(eq(waitlistOffers.consultantId, consultant.id))
      .orderBy(waitlistOffers.startsAt);
    expect(offers.map((offer) => [offer.startsAt.getTime(), offer.userId])).toEqual([
      [BUSY_START.toMillis(), waiters[0]!.id],
      [BUSY_START.plus({ minutes: 30 }).toMillis(), waiters[1]!.id],
    ]);
  });

  it("keeps the last busy times when a sync fails, says why, and withholds slots once stale", async () => {
    const consultant = await consultantWithoutCalendar(1);
    await saveCalendarSettings(database.db, consultant.id, { icsUrl }, context());
    icsStatus = 500;
    const [row] = await database.db
      .select()
      .from(consultantCalendars)
      .where(eq(consultantCalendars.consultantId, consultant.id));
    const later = new Date(NOW.getTime() + 10 * 60_000);
    const failed = await syncCalendar(database.db, row!, context({ now: later }));
    expect(failed.lastError).toMatch(/HTTP 500/);
    expect(failed.busyCount).toBe(1);
    const kept = await database.db
      .select()
      .from(calendarBusyTimes)
      .where(eq(calendarBusyTimes.consultantId, consultant.id));
    expect(kept).toHaveLength(1);
    // Still inside CALENDAR_STALE_MINUTES of the last good sync: slots are offered.
    expect(
      (await consultantSchedule(database.db, consultant, { zone: ZONE, now: later })).calendarWithheld,
    ).toBe(false);

    const stale = new Date(NOW.getTime() + 31 * 60_000);
    const schedule = await consultantSchedule(database.db, consultant, { zone: ZONE, now: stale });
    expect(schedule.calendarWithheld).toBe(true);
    // The old clients' list, which has no word for "withheld", shows the consultant unavailable.
    expect((await upcomingBookings(database.db, stale)).withheld.has(consultant.id)).toBe(true);
    expect((await upcomingBookings(database.db, later)).withheld.has(consultant.id)).toBe(false);
    expect(schedule.days.every((day) => day.slots.length === 0)).toBe(true);
    const customer = await createUserWithSession(database.db, "stale-customer");
    const refusal = await featureRefusal(
      bookAppointment(
        database.db,
        customer.id,
        {
          docId: consultant.id,
          startsAt: DateTime.fromISO("2027-03-03T11:00", { zone: ZONE }).toJSDate().toISOString(),
        },
        {
          zone: ZONE,
          agencyEmail: "agency@example.com",
          perUserPerMinute: 30,
          payments: noPaymentProviders(),
          waitlist: testWaitlist(ZONE),
          now: stale,
        },
      ),
    );
    expect(refusal.message).toBe(CALENDAR_UNCHECKED_MESSAGE);

    // The consultant hears of it once, by e-mail, when a failing sync finds the slots withheld.
    const account = await createUserWithRole(database.db, "consultant", {
      consultantId: consultant.id,
      name: "Stale Consultant",
    });
    const noticesTo = async () =>
      (await database.db.select().from(outbox).where(eq(outbox.kind, "calendar-withheld"))).filter(
        (message) => message.recipient === account.email,
      );
    const current = async () =>
      (
        await database.db
          .select()
          .from(consultantCalendars)
          .where(eq(consultantCalendars.consultantId, consultant.id))
      )[0]!;
    await syncCalendar(database.db, await current(), context({ now: stale }));
    await syncCalendar(database.db, await current(), context({ now: new Date(stale.getTime() + 60_000) }));
    const notices = await noticesTo();
    expect(notices).toHaveLength(1);
    expect(notices[0]!.textBody).toContain("HTTP 500");
    expect(notices[0]!.textBody).toContain("https://agency.example/my-schedule");

    icsStatus = 200;
    await database.db
      .update(consultantCalendars)
      .set({ nextSyncAt: stale })
      .where(eq(consultantCalendars.consultantId, consultant.id));
    expect(await syncDueCalendars(database.db, context({ now: stale }))).toBeGreaterThanOrEqual(1);
    const view = await calendarView(database.db, consultant.id, context({ now: stale }));
    expect(view).toMatchObject({ lastError: null, withheld: false, busyCount: 1 });
    expect((await current()).withheldNoticeAt).toBeNull();
  });

  it("refuses what is not a calendar, a private address and an unreachable server, saving nothing", async () => {
    const consultant = await consultantWithoutCalendar(2);
    icsBody = "<html><body>Sign in</body></html>";
    const notCalendar = await featureRefusal(
      saveCalendarSettings(database.db, consultant.id, { icsUrl }, context()),
    );
    expect(notCalendar.kind).toBe("invalid");
    expect(notCalendar.fieldErrors.icsUrl).toBe(notCalendar.message);

    const guarded = context({ fetch: createOutboundFetch({ allowPrivateAddresses: false }) });
    const refused = await featureRefusal(
      saveCalendarSettings(database.db, consultant.id, { icsUrl }, guarded),
    );
    expect(refused.message).toMatch(/private or local network/);

    const closed = await featureRefusal(
      saveCalendarSettings(database.db, consultant.id, { icsUrl: "http://127.0.0.1:9/x.ics" }, context()),
    );
    expect(closed.kind).toBe("invalid");
    const bad = await featureRefusal(
      saveCalendarSettings(database.db, consultant.id, { icsUrl: "ftp://x" }, context()),
    );
    expect(bad.fieldErrors.icsUrl).toBeTruthy();
    const withPassword = await featureRefusal(
      saveCalendarSettings(
        database.db,
        consultant.id,
        { caldavUrl: "https://me:secret@caldav.example.com/", username: "me", password: "secret" },
        context(),
      ),
    );
    expect(withPassword.fieldErrors.caldavUrl).toMatch(/without a user name or password/);
    expect((await calendarView(database.db, consultant.id, context())).kind).toBeNull();
  });
});

describe("a CalDAV calendar (Radicale)", () => {
  it("reads busy times, writes bookings and cancellations with the invitation's UID, and never shows the password", async () => {
    const consultant = await consultantWithoutCalendar(3);
    await radicale.putEvent("dentist", busyEvent("caldav-dentist@test", BUSY_START));
    const view = await saveCalendarSettings(
      database.db,
      consultant.id,
      { caldavUrl: radicale.rootUrl, username: radicale.username, password: radicale.password },
      context(),
    );
    expect(view).toMatchObject({ kind: "caldav", username: radicale.username, lastError: null });
    expect(view.busyCount).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(view)).not.toContain(radicale.password);
    const [stored] = await database.db
      .select()
      .from(consultantCalendars)
      .where(eq(consultantCalendars.consultantId, consultant.id));
    expect(stored!.sealedSecret).not.toContain(radicale.password);

    const customer = await createUserWithSession(database.db, "caldav-customer");
    const startsAt = DateTime.fromISO("2027-03-02T16:00", { zone: ZONE }).toJSDate();
    const booked = await bookAppointment(
      database.db,
      customer.id,
      { docId: consultant.id, startsAt: startsAt.toISOString() },
      {
        zone: ZONE,
        agencyEmail: "agency@example.com",
        perUserPerMinute: 30,
        payments: noPaymentProviders(),
        waitlist: testWaitlist(ZONE),
        now: NOW,
      },
    );
    expect(await writeDueCalendarEvents(database.db, context())).toBe(1);
    const written = (await radicale.listEvents()).find((event) => event.text.includes(inviteUid(booked.id)));
    expect(written?.text).toContain("STATUS:CONFIRMED");
    expect(written?.text).toContain(booked.meetingUrl!);
    expect(written?.text).not.toContain(customer.email);

    await cancelAppointment(
      database.db,
      customer.id,
      { appointmentId: booked.id },
      {
        zone: ZONE,
        agencyEmail: "agency@example.com",
        payments: noPaymentProviders(),
        waitlist: testWaitlist(ZONE),
        now: NOW,
      },
    );
    expect(await writeDueCalendarEvents(database.db, context())).toBe(1);
    const cancelled = (await radicale.listEvents()).find((event) =>
      event.text.includes(inviteUid(booked.id)),
    );
    expect(cancelled?.text).toContain("STATUS:CANCELLED");
    expect(cancelled?.text).toContain("SEQUENCE:1");
  });

  it("keeps a failed write, with its error, to try again later", async () => {
    const consultant = await consultantWithoutCalendar(4);
    await saveCalendarSettings(
      database.db,
      consultant.id,
      { caldavUrl: radicale.rootUrl, username: radicale.username, password: radicale.password },
      context(),
    );
    // The password changed on the server's side: writes are refused until it is fixed.
    await database.db
      .update(consultantCalendars)
      .set({ username: "someone-else" })
      .where(eq(consultantCalendars.consultantId, consultant.id));
    const customer = await createUserWithSession(database.db, "write-failure");
    const booked = await bookAppointment(
      database.db,
      customer.id,
      {
        docId: consultant.id,
        startsAt: DateTime.fromISO("2027-03-02T17:00", { zone: ZONE }).toJSDate().toISOString(),
      },
      {
        zone: ZONE,
        agencyEmail: "agency@example.com",
        perUserPerMinute: 30,
        payments: noPaymentProviders(),
        waitlist: testWaitlist(ZONE),
        now: NOW,
      },
    );
    expect(booked.id).toBeTruthy();
    await writeDueCalendarEvents(database.db, context());
    const [write] = await database.db
      .select()
      .from(calendarWrites)
      .where(eq(calendarWrites.appointmentId, booked.id));
    expect(write).toMatchObject({ attempts: 1 });
    expect(write!.lastError).toMatch(/user name or password/);
    expect(write!.dueAt!.getTime()).toBeGreaterThan(NOW.getTime());
    const view = await calendarView(database.db, consultant.id, context());
    expect(view).toMatchObject({ pendingWrites: 1, failedWrites: 1 });

    // Reconnecting with the right password keeps the waiting write, and it lands.
    await saveCalendarSettings(
      database.db,
      consultant.id,
      { caldavUrl: radicale.rootUrl, username: radicale.username, password: radicale.password },
      context(),
    );
    expect(await writeDueCalendarEvents(database.db, context())).toBe(1);
    expect((await radicale.listEvents()).some((event) => event.text.includes(inviteUid(booked.id)))).toBe(
      true,
    );
    expect(await calendarView(database.db, consultant.id, context())).toMatchObject({ pendingWrites: 0 });
  });

  it("writes the bookings made before it was connected, and a change made mid-write after it", async () => {
    const consultant = await consultantWithoutCalendar(5);
    const customer = await createUserWithSession(database.db, "mid-write");
    const booked = await bookAppointment(
      database.db,
      customer.id,
      {
        docId: consultant.id,
        startsAt: DateTime.fromISO("2027-03-03T11:00", { zone: ZONE }).toJSDate().toISOString(),
      },
      {
        zone: ZONE,
        agencyEmail: "agency@example.com",
        perUserPerMinute: 30,
        payments: noPaymentProviders(),
        waitlist: testWaitlist(ZONE),
        now: NOW,
      },
    );
    await saveCalendarSettings(
      database.db,
      consultant.id,
      { caldavUrl: radicale.rootUrl, username: radicale.username, password: radicale.password },
      context(),
    );
    // The customer cancels while the booking's first write is on its way to the server.
    const guarded = createOutboundFetch({ allowPrivateAddresses: true });
    let cancelledMidWrite = false;
    const cancellingFetch: typeof fetch = async (input, init) => {
      if (init?.method === "PUT" && !cancelledMidWrite) {
        cancelledMidWrite = true;
        await cancelAppointment(
          database.db,
          customer.id,
          { appointmentId: booked.id },
          {
            zone: ZONE,
            agencyEmail: "agency@example.com",
            payments: noPaymentProviders(),
            waitlist: testWaitlist(ZONE),
            now: NOW,
          },
        );
      }
      return guarded(input, init);
    };
    expect(await writeDueCalendarEvents(database.db, context({ fetch: cancellingFetch }))).toBe(1);
    expect(cancelledMidWrite).toBe(true);
    const eventOf = async () =>
      (await radicale.listEvents()).find((event) => event.text.includes(inviteUid(booked.id)))?.text;
    expect(await eventOf()).toContain("STATUS:CONFIRMED");
    // The cancellation was not marked written by the older write: the next round writes it.
    expect(await writeDueCalendarEvents(database.db, context())).toBe(1);
    expect(await eventOf()).toContain("STATUS:CANCELLED");
    expect(await writeDueCalendarEvents(database.db, context())).toBe(0);
  });
});

describe("the private feed", () => {
  it("serves the consultant's appointments under a secret address that rotation retires", async () => {
    const consultant = await consultantWithoutCalendar(5);
    const customer = await createUserWithSession(database.db, "feed-customer");
    await bookAppointment(
      database.db,
      customer.id,
      {
        docId: consultant.id,
        startsAt: DateTime.fromISO("2027-03-03T12:00", { zone: ZONE }).toJSDate().toISOString(),
      },
      {
        zone: ZONE,
        agencyEmail: "agency@example.com",
        perUserPerMinute: 30,
        payments: noPaymentProviders(),
        waitlist: testWaitlist(ZONE),
        now: NOW,
      },
    );
    const { feedUrl } = await calendarView(database.db, consultant.id, context());
    const token = /\/calendar\/([^/]+)\.ics$/.exec(feedUrl)![1]!;
    expect(await consultantOfFeedToken(database.db, token)).toBe(consultant.id);
    const feed = await consultantFeedFor(database.db, { token, clientAddress: "192.0.2.40" }, NOW);
    expect(feed).toContain("BEGIN:VEVENT");
    expect(feed).toContain(`Consultation with ${customer.name}`);
    expect(feed).not.toContain(customer.email);

    await saveCalendarSettings(database.db, consultant.id, { rotateFeed: true }, context());
    expect(await consultantFeedFor(database.db, { token, clientAddress: "192.0.2.40" }, NOW)).toBeUndefined();
    await disconnectCalendar(database.db, consultant.id, context());
  });
});
