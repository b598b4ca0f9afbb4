import { appointments, type Consultant, type ConsultantSnapshot, consultants } from "@db/schema";
import { and, asc, eq, gt, ilike, isNull, lte, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import type { SpecialityName } from "~/content/specialities";
import { calendarBlocks, consultantCalendarBlocks } from "~/features/calendars/calendar-blocks.server";
import { isWorkingTime, type SlotDay, slotWindow } from "~/features/slot-grid/slots";
import { heldStarts } from "~/features/waitlist/offers.server";
import { type Database, preparedPerDatabase } from "~/infra/db.server";
import { isUuid } from "~/lib/record-id";
import { rememberedZone } from "~/lib/remembered-zone";

/** What the customer sees of the consultant when booking, kept with the appointment. */
export function snapshotOf(consultant: Consultant): ConsultantSnapshot {
  return {
    name: consultant.name,
    image: consultant.image,
    speciality: consultant.speciality,
    degree: consultant.degree,
    experience: consultant.experience,
    about: consultant.about,
    feeCents: consultant.feeCents,
    currency: consultant.currency,
    address: { line1: consultant.addressLine1, line2: consultant.addressLine2 },
  };
}

/** A search text as a case-insensitive LIKE pattern, its wildcards taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * Every consultant customers may see (archived ones left out), by name; narrowed to one
 * speciality, a part of the name (any case, wildcards taken literally) or a highest fee when asked.
 */
export async function listConsultants(
  db: Database,
  options: { speciality?: SpecialityName; nameContains?: string; maxFeeCents?: number } = {},
): Promise<Consultant[]> {
  return db
    .select()
    .from(consultants)
    .where(
      and(
        isNull(consultants.archivedAt),
        options.speciality ? eq(consultants.speciality, options.speciality) : undefined,
        options.nameContains ? ilike(consultants.name, containsPattern(options.nameContains)) : undefined,
        options.maxFeeCents !== undefined ? lte(consultants.feeCents, options.maxFeeCents) : undefined,
      ),
    )
    .orderBy(asc(consultants.name));
}

/**
 * The start times of every consultant's active bookings still to come, of the slots held for a
 * waitlisted customer, and of the slots their connected calendar says they are busy in, by consultant id; and the consultants whose slots are
 * withheld because their calendar has not been read for too long.
 */
export async function upcomingBookings(
  db: Database,
  now = new Date(),
): Promise<{ startsByConsultant: Map<string, Date[]>; withheld: Set<string> }> {
  const booked = await db
    .select({ consultantId: appointments.consultantId, startsAt: appointments.startsAt })
    .from(appointments)
    .where(and(isNull(appointments.cancelledAt), gt(appointments.startsAt, now)));
  const byConsultant = new Map<string, Date[]>();
  const add = (consultantId: string, startsAt: Date) => {
    const starts = byConsultant.get(consultantId);
    if (starts) starts.push(startsAt);
    else byConsultant.set(consultantId, [startsAt]);
  };
  for (const booking of booked) add(booking.consultantId, booking.startsAt);
  const connected = await db
    .select({ id: consultants.id })
    .from(consultants)
    .where(isNull(consultants.archivedAt));
  const blocks = await calendarBlocks(
    db,
    connected.map((consultant) => consultant.id),
    now,
  );
  for (const [consultantId, starts] of await heldStarts(db, "all", now)) {
    for (const start of starts) add(consultantId, new Date(start));
  }
  const withheld = new Set<string>();
  for (const [consultantId, { busyStarts, withheld: slotsWithheld }] of blocks) {
    if (slotsWithheld) withheld.add(consultantId);
    for (const start of busyStarts) if (start > now.getTime()) add(consultantId, new Date(start));
  }
  return { startsByConsultant: byConsultant, withheld };
}

/** A consultant customers may see and book; archived ones only when asked for (staff, history). */
export async function findConsultant(
  db: Database,
  id: unknown,
  options: { includeArchived?: boolean } = {},
): Promise<Consultant | undefined> {
  if (!isUuid(id)) return undefined;
  if (!options.includeArchived) return (await listedConsultantQuery(db).execute({ id }))[0];
  const [consultant] = await db.select().from(consultants).where(eq(consultants.id, id)).limit(1);
  return consultant;
}

/** Every booking attempt asks this (see preparedPerDatabase). */
const listedConsultantQuery = preparedPerDatabase((db) =>
  db
    .select()
    .from(consultants)
    .where(and(eq(consultants.id, sql.placeholder("id")), isNull(consultants.archivedAt)))
    .limit(1)
    .prepare("listed_consultant"),
);

/** Whether the consultant takes bookings at this start: inside their working hours and not on a day off. */
export function consultantWorksAt(
  consultant: Pick<Consultant, "workingHours" | "daysOff">,
  startsAt: Date,
  zone: string,
): boolean {
  return isWorkingTime(DateTime.fromJSDate(startsAt, { zone: rememberedZone(zone) }), consultant);
}

/**
 * The consultant's bookable slots for the next seven days: inside their working hours, not on
 * their days off, not booked, not held for a waitlisted customer, not busy in their connected
 * calendar; none while not available, archived, or while their calendar cannot be trusted (`calendarWithheld`: never booked blind).
 */
export async function consultantSchedule(
  db: Database,
  consultant: Consultant,
  options: { zone: string; now?: Date },
): Promise<{ days: SlotDay[]; calendarWithheld: boolean }> {
  const now = options.now ?? new Date();
  const [booked, calendar] = await Promise.all([
    bookedOrHeldStarts(db, consultant.id, now),
    consultantCalendarBlocks(db, consultant.id, now),
  ]);
  const days = slotWindow({
    now,
    zone: options.zone,
    taken: calendar ? union(booked, calendar.busyStarts) : booked,
    working: consultant,
  });
  const calendarWithheld = calendar?.withheld ?? false;
  const bookable = consultant.available && consultant.archivedAt === null && !calendarWithheld;
  return { days: bookable ? days : days.map((day) => ({ ...day, slots: [] })), calendarWithheld };
}

/** The consultant's bookable slots for the next seven days (see consultantSchedule). */
export async function consultantSlots(
  db: Database,
  consultant: Consultant,
  options: { zone: string; now?: Date },
): Promise<SlotDay[]> {
  return (await consultantSchedule(db, consultant, options)).days;
}

function union(first: Set<number>, second: ReadonlySet<number>): Set<number> {
  const all = new Set(first);
  for (const value of second) all.add(value);
  return all;
}

/**
 * Starts (epoch ms) after `now` that a booking cannot take: the consultant's active appointments,
 * the slots held for a waitlisted customer (whose own claim goes past this: booking's
 * settleHeldSlot), and the slots their connected calendar says they are busy in.
 */
export async function takenStarts(db: Database, consultantId: string, now: Date): Promise<Set<number>> {
  const [booked, calendar] = await Promise.all([
    bookedOrHeldStarts(db, consultantId, now),
    consultantCalendarBlocks(db, consultantId, now),
  ]);
  return calendar ? union(booked, calendar.busyStarts) : booked;
}

/** Starts (ms) after `now` of the consultant's active appointments and of the slots held for the waitlist. */
async function bookedOrHeldStarts(db: Database, consultantId: string, now: Date): Promise<Set<number>> {
  const [booked, held] = await Promise.all([
    bookedStarts(db, consultantId, now),
    heldStarts(db, [consultantId], now),
  ]);
  const starts = held.get(consultantId);
  return starts ? union(booked, starts) : booked;
}

/** Starts of the consultant's active appointments after `now`, as epoch milliseconds. */
async function bookedStarts(db: Database, consultantId: string, now: Date): Promise<Set<number>> {
  const rows = await db
    .select({ startsAt: appointments.startsAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.consultantId, consultantId),
        isNull(appointments.cancelledAt),
        gt(appointments.startsAt, now),
      ),
    );
  return new Set(rows.map((row) => row.startsAt.getTime()));
}
