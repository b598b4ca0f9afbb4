import { createHash } from "node:crypto";
import { type ConsultantCalendar, calendarBusyTimes, consultantCalendars } from "@db/calendar-schema";
import { users } from "@db/schema";
import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { enqueueEmail } from "~/features/email/outbox.server";
import { calendarWithheldEmail } from "~/features/email/templates/calendar-emails";
import type { Database } from "~/infra/db.server";
import { consumeRateLimit } from "~/infra/rate-limit.server";
import { FeatureError } from "~/lib/errors";
import { type BusyTime, CalendarDataError } from "./busy-times";
import { busyTimesInThread } from "./busy-times-in-thread.server";
import { CalendarAccessError, readCalendarTexts } from "./calendar-access.server";
import { startsFreedBetween } from "./calendar-blocks.server";
import type { CalendarContext } from "./calendar-context.server";
import { calendarSourceOf } from "./calendar-source.server";

const MINUTE_MS = 60_000;
/** Busy times are read from a day back (an event under way) to 60 days ahead. */
const READ_BEHIND_MS = 24 * 60 * MINUTE_MS;
const READ_AHEAD_MS = 60 * 24 * 60 * MINUTE_MS;
/** A claimed periodic sync that never finished (a process that died) is due again after this. */
const CLAIM_LEASE_MS = 2 * MINUTE_MS;
const DUE_SYNCS_PER_ROUND = 10;
const INSERT_BATCH = 1_000;
const SYNC_NOW_PER_MINUTE = 6;

const UNREADABLE_MESSAGE = "The calendar could not be read; the next sync will try again.";

function minutesAfter(moment: Date, minutes: number): Date {
  return new Date(moment.getTime() + minutes * MINUTE_MS);
}

function fingerprintOf(busy: readonly BusyTime[]): string {
  const digest = createHash("sha256");
  for (const time of busy) digest.update(`${time.startsAt.getTime()}-${time.endsAt.getTime()};`);
  return digest.digest("base64url");
}

/** Reads the calendar's busy times; throws the sentence people see when it cannot. */
async function readBusyTimes(
  calendar: ConsultantCalendar,
  context: CalendarContext,
  now: Date,
): Promise<BusyTime[]> {
  const window = {
    from: new Date(now.getTime() - READ_BEHIND_MS),
    to: new Date(now.getTime() + READ_AHEAD_MS),
  };
  const texts = await readCalendarTexts(
    calendarSourceOf(calendar, context.encryptionKey),
    window,
    context.fetch,
  );
  return busyTimesInThread({ texts, ...window, zone: context.zone, skipOwnEvents: true });
}

/**
 * Reads one calendar and keeps what it says. A failure keeps the last good busy times and records
 * the error in words; the calendar stays trusted until CALENDAR_STALE_MINUTES after its last good
 * sync, then the consultant's slots are withheld until one succeeds.
 */
export async function syncCalendar(
  db: Database,
  calendar: ConsultantCalendar,
  context: CalendarContext,
): Promise<ConsultantCalendar> {
  const now = context.now ?? new Date();
  const nextSyncAt = minutesAfter(now, context.syncMinutes);
  let busy: BusyTime[];
  try {
    busy = await readBusyTimes(calendar, context, now);
  } catch (error) {
    const known = error instanceof CalendarAccessError || error instanceof CalendarDataError;
    const [failed] = await db
      .update(consultantCalendars)
      .set({
        lastAttemptAt: now,
        lastError: known ? error.message : UNREADABLE_MESSAGE,
        failingSince: sql`coalesce(${consultantCalendars.failingSince}, ${now.toISOString()}::timestamptz)`,
        nextSyncAt,
        updatedAt: now,
      })
      .where(eq(consultantCalendars.id, calendar.id))
      .returning();
    if (failed) await tellConsultantOnceWithheld(db, failed, context, now);
    if (!known) throw error;
    return failed ?? calendar;
  }
  const fingerprint = fingerprintOf(busy);
  return db.transaction(async (transaction) => {
    // Syncs of one calendar may overlap (Sync now, the periodic one, another process): the row's
    // lock orders them, and a read older than the one already kept is dropped. "No key update":
    // a booking queueing its calendar write takes a key-share lock on this row while it holds its
    // slot's lock, and a sync that offers freed times then waits for that slot.
    const [current] = await transaction
      .select()
      .from(consultantCalendars)
      .where(eq(consultantCalendars.id, calendar.id))
      .for("no key update");
    if (!current) return calendar;
    if (current.lastSyncedAt && current.lastSyncedAt > now) return current;
    let freed: number[] = [];
    if (fingerprint !== current.busyFingerprint) {
      const previous = await transaction
        .delete(calendarBusyTimes)
        .where(eq(calendarBusyTimes.calendarId, calendar.id))
        .returning({ startsAt: calendarBusyTimes.startsAt, endsAt: calendarBusyTimes.endsAt });
      for (let first = 0; first < busy.length; first += INSERT_BATCH) {
        await transaction.insert(calendarBusyTimes).values(
          busy.slice(first, first + INSERT_BATCH).map((time) => ({
            calendarId: calendar.id,
            consultantId: calendar.consultantId,
            startsAt: time.startsAt,
            endsAt: time.endsAt,
          })),
        );
      }
      freed = startsFreedBetween(previous, busy, now);
    }
    const [synced] = await transaction
      .update(consultantCalendars)
      .set({
        lastAttemptAt: now,
        lastSyncedAt: now,
        trustedUntil: minutesAfter(now, context.staleMinutes),
        lastError: null,
        failingSince: null,
        withheldNoticeAt: null,
        busyCount: busy.length,
        busyFingerprint: fingerprint,
        nextSyncAt,
        updatedAt: now,
      })
      .where(eq(consultantCalendars.id, calendar.id))
      .returning();
    // After the calendar is marked trusted, so the offers see the slots as bookable.
    if (freed.length > 0 && context.onBusyTimesFreed) {
      await context.onBusyTimesFreed(transaction, calendar.consultantId, freed, now);
    }
    return synced ?? calendar;
  });
}

/**
 * E-mails the consultant once that their slots are withheld (their calendar has not been read
 * within CALENDAR_STALE_MINUTES): they are the one who can fix it. A good sync clears the mark.
 */
async function tellConsultantOnceWithheld(
  db: Database,
  calendar: ConsultantCalendar,
  context: CalendarContext,
  now: Date,
): Promise<void> {
  if (calendar.withheldNoticeAt || (calendar.trustedUntil && calendar.trustedUntil > now)) return;
  await db.transaction(async (transaction) => {
    const [marked] = await transaction
      .update(consultantCalendars)
      .set({ withheldNoticeAt: now })
      .where(and(eq(consultantCalendars.id, calendar.id), isNull(consultantCalendars.withheldNoticeAt)))
      .returning({ id: consultantCalendars.id });
    if (!marked) return;
    const [account] = await transaction
      .select({ name: users.name, email: users.email })
      .from(users)
      .where(eq(users.consultantId, calendar.consultantId));
    if (!account) return;
    const lastError = calendar.lastError ?? UNREADABLE_MESSAGE;
    await enqueueEmail(
      transaction,
      calendarWithheldEmail({ consultant: account, lastError, publicUrl: context.publicUrl }),
    );
  });
}

/** "Sync now": reads the consultant's calendar at once (a few times a minute at most). */
export async function syncConsultantCalendarNow(
  db: Database,
  consultantId: string,
  context: CalendarContext,
): Promise<ConsultantCalendar> {
  const now = context.now ?? new Date();
  const [calendar] = await db
    .select()
    .from(consultantCalendars)
    .where(eq(consultantCalendars.consultantId, consultantId));
  if (!calendar) throw new FeatureError("not-found", "No calendar is connected.");
  await consumeRateLimit(
    db,
    { key: `calendar-sync:${consultantId}`, limit: SYNC_NOW_PER_MINUTE, windowSeconds: 60 },
    now,
  );
  return syncCalendar(db, calendar, context);
}

/**
 * Syncs the calendars whose time has come. Safe in every process: each claims its calendars by
 * moving their next sync forward (rows another process holds are skipped), so each is read once.
 */
export async function syncDueCalendars(db: Database, context: CalendarContext): Promise<number> {
  const now = context.now ?? new Date();
  const due = db
    .select({ id: consultantCalendars.id })
    .from(consultantCalendars)
    .where(lte(consultantCalendars.nextSyncAt, now))
    .orderBy(asc(consultantCalendars.nextSyncAt))
    .limit(DUE_SYNCS_PER_ROUND)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(consultantCalendars)
    .set({ nextSyncAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
    .where(inArray(consultantCalendars.id, due))
    .returning();
  // One calendar's unexpected failure (already recorded on it) does not hold up the others.
  const unexpected: unknown[] = [];
  for (const calendar of claimed) {
    await syncCalendar(db, calendar, context).catch((error: unknown) => unexpected.push(error));
  }
  if (unexpected.length > 0) throw unexpected[0];
  return claimed.length;
}
