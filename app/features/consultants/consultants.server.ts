import { appointments, type Consultant, type ConsultantSnapshot, consultants } from "@db/schema";
import { and, asc, eq, gt, ilike, isNull, lte, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import type { SpecialityName } from "~/content/specialities";
import { isWorkingTime, type SlotDay, slotWindow } from "~/features/slot-grid/slots";
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

/** The start times of every consultant's active bookings still to come, by consultant id. */
export async function upcomingBookings(db: Database, now = new Date()): Promise<Map<string, Date[]>> {
  const booked = await db
    .select({ consultantId: appointments.consultantId, startsAt: appointments.startsAt })
    .from(appointments)
    .where(and(isNull(appointments.cancelledAt), gt(appointments.startsAt, now)));
  const byConsultant = new Map<string, Date[]>();
  for (const booking of booked) {
    byConsultant.set(booking.consultantId, [
      ...(byConsultant.get(booking.consultantId) ?? []),
      booking.startsAt,
    ]);
  }
  return byConsultant;
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
 * their days off, none while not available or archived.
 */
export async function consultantSlots(
  db: Database,
  consultant: Consultant,
  options: { zone: string; now?: Date },
): Promise<SlotDay[]> {
  const now = options.now ?? new Date();
  const days = slotWindow({
    now,
    zone: options.zone,
    taken: await takenStarts(db, consultant.id, now),
    working: consultant,
  });
  const bookable = consultant.available && consultant.archivedAt === null;
  return bookable ? days : days.map((day) => ({ ...day, slots: [] }));
}

/** Starts of the consultant's active appointments after `now`, as epoch milliseconds. */
export async function takenStarts(db: Database, consultantId: string, now: Date): Promise<Set<number>> {
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
