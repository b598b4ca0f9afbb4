import { calendarWrites, consultantCalendars } from "@db/calendar-schema";
import { appointments, users } from "@db/schema";
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/infra/db.server";
import { CalendarAccessError, writeCalendarObject } from "./calendar-access.server";
import type { CalendarContext } from "./calendar-context.server";
import { consultantCalendarObject, inviteUid } from "./calendar-event";
import { calendarSourceOf } from "./calendar-source.server";

const MINUTE_MS = 60_000;
const WRITES_PER_ROUND = 20;
/** A claimed write that never finished (a process that died) is tried again after this. */
const CLAIM_LEASE_MS = 2 * MINUTE_MS;
/** Back-off after failures: 1, 2, 4 … minutes, at most six hours; writes are never given up. */
const LONGEST_BACK_OFF_MS = 6 * 60 * MINUTE_MS;

function backOffAfter(attempts: number): number {
  return Math.min(MINUTE_MS * 2 ** Math.max(0, attempts - 1), LONGEST_BACK_OFF_MS);
}

/**
 * Marks an appointment to be written, as it now stands, to the CalDAV calendars of its consultant
 * (and of the one it moved away from): inside the change's own transaction, so a booking is never
 * lost, and never waits for the calendar server. A newer change replaces a pending write.
 */
export async function queueCalendarWrites(
  transaction: Transaction | Database,
  appointmentId: string,
  consultantIds: readonly string[],
  now = new Date(),
): Promise<void> {
  const calendars = await transaction
    .select({ id: consultantCalendars.id })
    .from(consultantCalendars)
    .where(
      and(
        inArray(consultantCalendars.consultantId, [...new Set(consultantIds)]),
        eq(consultantCalendars.kind, "caldav"),
      ),
    );
  if (calendars.length === 0) return;
  await transaction
    .insert(calendarWrites)
    .values(
      calendars.map((calendar) => ({ calendarId: calendar.id, appointmentId, dueAt: now, updatedAt: now })),
    )
    .onConflictDoUpdate({
      target: [calendarWrites.calendarId, calendarWrites.appointmentId],
      // A write in flight keeps its claim; it sees the new revision when it finishes and leaves
      // the row due, so the newer state is written next, never overtaken by the older one.
      set: {
        dueAt: now,
        revision: sql`${calendarWrites.revision} + 1`,
        attempts: 0,
        lastError: null,
        updatedAt: now,
      },
    });
}

/**
 * A newly connected CalDAV calendar gets the consultant's upcoming bookings, and whatever the
 * calendar it replaces still had to write (a cancellation, say): nothing waiting is lost by
 * reconnecting, e.g. after a new app password. Call it inside the connection's transaction.
 */
export async function queueWritesForNewCalendar(
  transaction: Transaction,
  calendar: { id: string; consultantId: string },
  stillWaiting: readonly string[],
  now: Date,
): Promise<void> {
  const upcoming = await transaction
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.consultantId, calendar.consultantId),
        isNull(appointments.cancelledAt),
        gt(appointments.startsAt, now),
      ),
    );
  const appointmentIds = [...new Set([...stillWaiting, ...upcoming.map((row) => row.id)])];
  if (appointmentIds.length === 0) return;
  await transaction
    .insert(calendarWrites)
    .values(
      appointmentIds.map((appointmentId) => ({
        calendarId: calendar.id,
        appointmentId,
        dueAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing();
}

/** The appointments a consultant's calendar has still to write (read before it is replaced). */
export async function writesStillWaiting(transaction: Transaction, consultantId: string): Promise<string[]> {
  const rows = await transaction
    .select({ appointmentId: calendarWrites.appointmentId })
    .from(calendarWrites)
    .innerJoin(consultantCalendars, eq(consultantCalendars.id, calendarWrites.calendarId))
    .where(and(eq(consultantCalendars.consultantId, consultantId), isNotNull(calendarWrites.dueAt)));
  return rows.map((row) => row.appointmentId);
}

/**
 * Writes the appointments whose time has come to their calendars. Safe in every process: each
 * claims its writes for a lease, so one appointment's calendar object has one writer at a time. A
 * failure is kept in words and tried again later.
 */
export async function writeDueCalendarEvents(db: Database, context: CalendarContext): Promise<number> {
  const now = context.now ?? new Date();
  const due = db
    .select({ calendarId: calendarWrites.calendarId, appointmentId: calendarWrites.appointmentId })
    .from(calendarWrites)
    .where(
      and(
        isNotNull(calendarWrites.dueAt),
        lte(calendarWrites.dueAt, now),
        or(isNull(calendarWrites.claimedUntil), lte(calendarWrites.claimedUntil, now)),
      ),
    )
    .orderBy(asc(calendarWrites.dueAt))
    .limit(WRITES_PER_ROUND)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(calendarWrites)
    .set({ claimedUntil: new Date(now.getTime() + CLAIM_LEASE_MS) })
    .where(sql`(${calendarWrites.calendarId}, ${calendarWrites.appointmentId}) in ${due}`)
    .returning();
  for (const write of claimed) await writeOne(db, write, context, now);
  return claimed.length;
}

async function writeOne(
  db: Database,
  write: { calendarId: string; appointmentId: string; attempts: number; revision: number },
  context: CalendarContext,
  now: Date,
): Promise<void> {
  const [row] = await db
    .select({ calendar: consultantCalendars, appointment: appointments, customerName: users.name })
    .from(calendarWrites)
    .innerJoin(consultantCalendars, eq(consultantCalendars.id, calendarWrites.calendarId))
    .innerJoin(appointments, eq(appointments.id, calendarWrites.appointmentId))
    .innerJoin(users, eq(users.id, appointments.userId))
    .where(
      and(
        eq(calendarWrites.calendarId, write.calendarId),
        eq(calendarWrites.appointmentId, write.appointmentId),
      ),
    );
  const claim = and(
    eq(calendarWrites.calendarId, write.calendarId),
    eq(calendarWrites.appointmentId, write.appointmentId),
  );
  // Only the revision this write read is finished; a newer one stays due, claim released.
  const sameRevision = and(claim, eq(calendarWrites.revision, write.revision));
  const release = () => db.update(calendarWrites).set({ claimedUntil: null }).where(claim);
  if (!row) return;
  const { calendar, appointment } = row;
  // Moved to another consultant: this calendar gets the cancellation, the other one the booking.
  const movedAway = appointment.consultantId !== calendar.consultantId;
  const source = calendarSourceOf(calendar, context.encryptionKey);
  if (source.kind !== "caldav") {
    await release();
    return;
  }
  try {
    await writeCalendarObject(
      source,
      {
        uid: inviteUid(appointment.id),
        text: consultantCalendarObject(
          {
            ...appointment,
            cancelledAt: movedAway ? (appointment.cancelledAt ?? now) : appointment.cancelledAt,
            customerName: row.customerName,
          },
          now,
        ),
      },
      context.fetch,
    );
    await db
      .update(calendarWrites)
      .set({ dueAt: null, attempts: 0, lastError: null, writtenAt: now, updatedAt: now })
      .where(sameRevision);
    await release();
  } catch (error) {
    const attempts = write.attempts + 1;
    await db
      .update(calendarWrites)
      .set({
        attempts,
        dueAt: new Date(now.getTime() + backOffAfter(attempts)),
        lastError:
          error instanceof CalendarAccessError
            ? error.message
            : "The booking could not be written to the calendar.",
        updatedAt: now,
      })
      .where(sameRevision);
    await release();
    if (!(error instanceof CalendarAccessError)) throw error;
  }
}
