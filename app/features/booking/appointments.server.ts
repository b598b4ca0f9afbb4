import { and, desc, eq } from "drizzle-orm";
import type { Database } from "~/infra/db.server";
import { FeatureError } from "~/lib/errors";
import { type Appointment, appointments } from "../../../db/schema";
import { isUuid } from "../consultants/consultants.server";

/** The user's appointments, newest booking first. */
export async function listAppointments(db: Database, userId: string): Promise<Appointment[]> {
  return db
    .select()
    .from(appointments)
    .where(eq(appointments.userId, userId))
    .orderBy(desc(appointments.createdAt), desc(appointments.startsAt));
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
