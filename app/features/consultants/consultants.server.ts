import { and, asc, eq, gt, isNull } from "drizzle-orm";
import type { SpecialityName } from "~/content/specialities";
import type { Database } from "~/infra/db.server";
import { appointments, type Consultant, type ConsultantSnapshot, consultants } from "../../../db/schema";
import { type SlotDay, slotOf, slotWindow } from "../booking/slots";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/** The old clients' consultant shape (`/api/doctor/list`), fees in whole currency units. */
export interface PublicConsultant extends ConsultantSnapshot {
  available: boolean;
  /** `day_month_year` → booked `hh:mm AM/PM` times, for upcoming active bookings. */
  slots_booked: Record<string, string[]>;
}

export function snapshotOf(consultant: Consultant): ConsultantSnapshot {
  return {
    _id: consultant.id,
    name: consultant.name,
    image: consultant.image,
    speciality: consultant.speciality,
    degree: consultant.degree,
    experience: consultant.experience,
    about: consultant.about,
    fees: consultant.feeCents / 100,
    address: { line1: consultant.addressLine1, line2: consultant.addressLine2 },
  };
}

export async function listConsultants(
  db: Database,
  options: { speciality?: SpecialityName; zone: string; now?: Date },
): Promise<PublicConsultant[]> {
  const rows = await db
    .select()
    .from(consultants)
    .where(options.speciality ? eq(consultants.speciality, options.speciality) : undefined)
    .orderBy(asc(consultants.name));
  const booked = await db
    .select({ consultantId: appointments.consultantId, startsAt: appointments.startsAt })
    .from(appointments)
    .where(and(isNull(appointments.cancelledAt), gt(appointments.startsAt, options.now ?? new Date())));
  const bookedByConsultant = new Map<string, Record<string, string[]>>();
  for (const booking of booked) {
    const slot = slotOf(booking.startsAt, options.zone);
    const map = bookedByConsultant.get(booking.consultantId) ?? {};
    map[slot.slotDate] = [...(map[slot.slotDate] ?? []), slot.slotTime];
    bookedByConsultant.set(booking.consultantId, map);
  }
  return rows.map((consultant) => ({
    ...snapshotOf(consultant),
    available: consultant.available,
    slots_booked: bookedByConsultant.get(consultant.id) ?? {},
  }));
}

export async function findConsultant(db: Database, id: unknown): Promise<Consultant | undefined> {
  if (!isUuid(id)) return undefined;
  const [consultant] = await db.select().from(consultants).where(eq(consultants.id, id)).limit(1);
  return consultant;
}

/** The consultant's bookable slots for the next seven days (none while not available). */
export async function consultantSlots(
  db: Database,
  consultant: Consultant,
  options: { zone: string; now?: Date },
): Promise<SlotDay[]> {
  const now = options.now ?? new Date();
  const days = slotWindow({ now, zone: options.zone, taken: await takenStarts(db, consultant.id, now) });
  return consultant.available ? days : days.map((day) => ({ ...day, slots: [] }));
}

async function takenStarts(db: Database, consultantId: string, now: Date): Promise<Set<number>> {
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
