import { type Appointment, appointments } from "@db/schema";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Database } from "~/infra/db.server";
import { FeatureError } from "~/lib/errors";
import { isUuid } from "~/lib/record-id";
import { appointmentStatus } from "./appointment-status";
import { appointmentInvite } from "./calendar-invite";

/** The user's appointments, newest booking first. */
export async function listAppointments(db: Database, userId: string): Promise<Appointment[]> {
  return db
    .select()
    .from(appointments)
    .where(eq(appointments.userId, userId))
    .orderBy(desc(appointments.createdAt), desc(appointments.startsAt));
}

/** The user's own active (not cancelled) appointment with a consultant at a start, if any. */
export async function ownActiveAppointmentAt(
  db: Database,
  userId: string,
  slot: { consultantId: unknown; startsAt: Date },
): Promise<Appointment | undefined> {
  if (!isUuid(slot.consultantId)) return undefined;
  const [appointment] = await db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.userId, userId),
        eq(appointments.consultantId, slot.consultantId),
        eq(appointments.startsAt, slot.startsAt),
        isNull(appointments.cancelledAt),
      ),
    )
    .limit(1);
  return appointment;
}

/** The user's own appointment; someone else's is reported as missing, so ids reveal nothing. */
export async function findOwnAppointment(
  db: Database,
  userId: string,
  appointmentId: unknown,
): Promise<Appointment> {
  const [appointment] = isUuid(appointmentId)
    ? await db
        .select()
        .from(appointments)
        .where(and(eq(appointments.id, appointmentId), eq(appointments.userId, userId)))
        .limit(1)
    : [];
  if (!appointment) throw new FeatureError("not-found", "We could not find that appointment.");
  return appointment;
}

/**
 * The customer's own appointment as a calendar file, the same event (UID and SEQUENCE) as the
 * invitation we e-mailed, so importing it updates that entry rather than adding a second one. A
 * cancelled appointment comes as its cancellation. Anyone else's id is "not found".
 */
export async function ownAppointmentCalendarFile(
  db: Database,
  customer: { id: string; name: string; email: string },
  appointmentId: unknown,
  agencyEmail: string,
): Promise<string> {
  const appointment = await findOwnAppointment(db, customer.id, appointmentId);
  const kind = appointmentStatus(appointment) === "cancelled" ? "cancel" : "request";
  return appointmentInvite(appointment, { customer, agencyEmail }, kind).content;
}
