/**
 * "Exactly one live offer per freed slot, whatever the number of processes": two real Node
 * processes (tests/setup/waitlist-offer-process.ts) on one PostgreSQL database offer the same
 * freed start, and pass the same expired hold on, at the same moment. The partial unique index on
 * live offers and SKIP LOCKED leave one offer each time, to one customer. Then two transactions at
 * once on two connections: a booking holding its slot's lock and a change that opens that slot
 * (a schedule change, a calendar sync) must not wait for each other's row locks (a deadlock).
 *
 * PostgreSQL only (the embedded database is one process by design): runs when DATABASE_URL names a
 * server that answers, as in `npm run test:postgres`, and is skipped with the reason otherwise.
 */
import { execFile } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { calendarWrites, consultantCalendars } from "@db/calendar-schema";
import { waitlistEntries, waitlistOffers } from "@db/waitlist-schema";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveCalendarSettings } from "~/features/calendars/calendar-connections.server";
import type { CalendarContext } from "~/features/calendars/calendar-context.server";
import { syncCalendar } from "~/features/calendars/calendar-sync.server";
import { updateConsultant } from "~/features/consultants/staff-consultants.server";
import { type Database, type DatabaseHandle, openDatabase } from "~/infra/db.server";
import { createOutboundFetch } from "~/infra/outbound-fetch.server";
import {
  createConsultant,
  createUsersWithSessions,
  createUserWithRole,
} from "../../../tests/setup/factories";
import { inNewYork, NOW } from "../../../tests/setup/frozen-suite";
import { mailsOfKind } from "../../../tests/setup/payments";
import { insertAppointment } from "../../../tests/setup/staff-appointments";
import { createServerDatabase, whyNoPostgres } from "../../../tests/setup/test-database";
import { testWaitlist } from "../../../tests/setup/waitlist";
import { lockSlot, offerTimesFreedByCalendar } from "./offers.server";

const run = promisify(execFile);

const postgresUrl = process.env.DATABASE_URL;
const skipReason = await whyNoPostgres(postgresUrl);
if (skipReason) console.warn(`waitlist two-process tests skipped: ${skipReason}`);

let database: { url: string; drop(): Promise<void> } | undefined;
let handle: DatabaseHandle | undefined;

beforeAll(async () => {
  if (skipReason) return;
  database = await createServerDatabase(postgresUrl!);
  handle = await openDatabase({ databaseUrl: database.url });
});
afterAll(async () => {
  await handle?.close();
  await database?.drop();
});

/** Runs both processes, each starting its work at the same moment; what each reports it did. */
async function bothAtOnce(work: "offer" | "pass-on", settings: Record<string, string>, now: Date) {
  const goAt = Date.now() + 2_500;
  const env = {
    ...process.env,
    DATABASE_URL: database!.url,
    GO_AT: String(goAt),
    NOW: String(now.getTime()),
    ...settings,
  };
  const outputs = await Promise.all(
    [1, 2].map(() =>
      run(process.execPath, ["--import", "tsx", "tests/setup/waitlist-offer-process.ts", work], { env }),
    ),
  );
  return outputs.map((output) => (JSON.parse(output.stdout) as { done: number }).done);
}

describe.skipIf(skipReason !== undefined)("two processes or connections on PostgreSQL", () => {
  it("offer one freed slot once, and pass one expired hold on once", async () => {
    const db = handle!.db;
    const consultant = await createConsultant(db);
    const waiters = await createUsersWithSessions(db, 3, "two-process-waiter");
    for (const [index, waiter] of waiters.entries()) {
      await db.insert(waitlistEntries).values({
        userId: waiter.id,
        consultantId: consultant.id,
        day: "2027-05-04",
        createdAt: new Date(NOW.getTime() - (10 - index) * 1000),
      });
    }
    const startsAt = inNewYork("2027-05-04T15:00");

    const offered = await bothAtOnce(
      "offer",
      { CONSULTANT_ID: consultant.id, STARTS_AT: String(startsAt.getTime()) },
      NOW,
    );
    expect(offered.sort()).toEqual([0, 1]);
    const live = () =>
      db
        .select()
        .from(waitlistOffers)
        .where(and(eq(waitlistOffers.consultantId, consultant.id), eq(waitlistOffers.status, "live")));
    const [first] = await live();
    expect(first?.userId).toBe(waiters[0]!.id);
    expect(await mailsOfKind(db, waiters[0]!.email, "waitlist-offer")).toHaveLength(1);

    const afterHold = new Date(first!.expiresAt.getTime() + 1000);
    const passed = await bothAtOnce("pass-on", {}, afterHold);
    expect(passed.sort()).toEqual([0, 1]);
    const offers = await live();
    expect(offers.map((offer) => offer.userId)).toEqual([waiters[1]!.id]);
    expect(await mailsOfKind(db, waiters[1]!.email, "waitlist-offer")).toHaveLength(1);
    expect(await mailsOfKind(db, waiters[2]!.email, "waitlist-offer")).toHaveLength(0);
  }, 60_000);

  it("a schedule change that opens a time and a booking of that time at once: both go through, no deadlock", async () => {
    const db = handle!.db;
    const staff = await createUserWithRole(db, "admin");
    const consultant = await createConsultant(db, {
      workingHours: { "2": { start: 10 * 60, end: 11 * 60 } },
    });
    const [waiter, booker] = await createUsersWithSessions(db, 2, "schedule-and-booking");
    await db
      .insert(waitlistEntries)
      .values({ userId: waiter!.id, consultantId: consultant.id, day: "2027-05-04" });
    const eleven = inNewYork("2027-05-04T11:00");
    // A booking of 11:00 holds the slot's lock (as booking does) when staff open 11:00 and 11:30;
    // the change then waits for the slot, and the booking's insert must not wait for the change.
    let changing: Promise<unknown> | undefined;
    await db.transaction(async (transaction) => {
      await lockSlot(transaction, consultant.id, eleven);
      changing = updateConsultant(
        db,
        consultant.id,
        { workingHours: { "2": { start: "10:00", end: "12:00" } } },
        staff,
        { now: NOW, waitlist: testWaitlist("America/New_York") },
      );
      await untilSomeoneWaitsForASlot(db);
      await insertAppointment(transaction, consultant, booker!.id, eleven);
    });
    await changing;

    expect(await liveOfferStarts(consultant.id)).toEqual([inNewYork("2027-05-04T11:30").toISOString()]);
  }, 60_000);

  it("a calendar sync that frees a time and a booking of that time at once: both go through, no deadlock", async () => {
    const db = handle!.db;
    const consultant = await createConsultant(db, {
      workingHours: { "2": { start: 10 * 60, end: 12 * 60 } },
    });
    const [waiter, booker] = await createUsersWithSessions(db, 2, "sync-and-booking");
    const eleven = inNewYork("2027-05-04T11:00");
    let icsBody = icsCalendar([eleven, new Date(eleven.getTime() + 60 * 60_000)]);
    const server = createServer((_request, response) => {
      response.writeHead(200, { "Content-Type": "text/calendar" });
      response.end(icsBody);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const icsUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/busy.ics`;
      const context: CalendarContext = {
        encryptionKey: Buffer.alloc(32, 7),
        zone: "America/New_York",
        staleMinutes: 30,
        syncMinutes: 5,
        fetch: createOutboundFetch({ allowPrivateAddresses: true }),
        publicUrl: "https://agency.example",
        now: NOW,
      };
      await saveCalendarSettings(db, consultant.id, { icsUrl }, context);
      await db
        .insert(waitlistEntries)
        .values({ userId: waiter!.id, consultantId: consultant.id, day: "2027-05-04" });
      icsBody = icsCalendar();
      const [calendar] = await db
        .select()
        .from(consultantCalendars)
        .where(eq(consultantCalendars.consultantId, consultant.id));

      // The booking of 11:00 holds the slot's lock while the sync frees 11:00 and 11:30, then
      // queues its calendar write (as a booking does for a CalDAV calendar) on the calendar's row.
      let syncing: Promise<unknown> | undefined;
      await db.transaction(async (transaction) => {
        await lockSlot(transaction, consultant.id, eleven);
        syncing = syncCalendar(db, calendar!, {
          ...context,
          now: new Date(NOW.getTime() + 60_000),
          onBusyTimesFreed: offerTimesFreedByCalendar(testWaitlist("America/New_York")),
        });
        await untilSomeoneWaitsForASlot(db);
        const appointment = await insertAppointment(transaction, consultant, booker!.id, eleven);
        await transaction
          .insert(calendarWrites)
          .values({ calendarId: calendar!.id, appointmentId: appointment.id, dueAt: NOW, updatedAt: NOW });
      });
      await syncing;

      expect(await liveOfferStarts(consultant.id)).toEqual([inNewYork("2027-05-04T11:30").toISOString()]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }, 60_000);
});

/** An ICS calendar with the given busy time, or none. */
function icsCalendar(busy?: [Date, Date]): string {
  const stamp = (moment: Date) => `${moment.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`;
  const event = busy
    ? [
        "BEGIN:VEVENT",
        "UID:busy@test",
        `DTSTAMP:${stamp(busy[0])}`,
        `DTSTART:${stamp(busy[0])}`,
        `DTEND:${stamp(busy[1])}`,
        "END:VEVENT",
      ]
    : [];
  return ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", ...event, "END:VCALENDAR", ""].join("\r\n");
}

/** Returns once a transaction waits for a slot's lock (an advisory lock not yet granted). */
async function untilSomeoneWaitsForASlot(db: Database): Promise<void> {
  for (let tries = 0; tries < 1000; tries += 1) {
    const result = await db.execute(
      sql`select count(*)::int as waiting from pg_locks where locktype = 'advisory' and not granted`,
    );
    if ((result as unknown as { rows: { waiting: number }[] }).rows[0]!.waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error("nothing ever waited for the slot's lock");
}

async function liveOfferStarts(consultantId: string): Promise<string[]> {
  const offers = await handle!.db
    .select()
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.consultantId, consultantId), eq(waitlistOffers.status, "live")));
  return offers.map((offer) => offer.startsAt.toISOString());
}
