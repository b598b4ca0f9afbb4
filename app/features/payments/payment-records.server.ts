import { type Appointment, appointments, type Payment, payments } from "@db/schema";
import { and, eq } from "drizzle-orm";
import type { Database } from "~/infra/db.server";
import { FeatureError } from "~/lib/errors";

/**
 * The appointment one of our payments is for. Where the visitor names a payment (a Razorpay order,
 * a sandbox checkout) rather than an appointment, no caller can read the appointment first and
 * hand it in, so it is read here, by the appointment id the payment row holds.
 */
export async function appointmentOf(
  db: Database,
  payment: Pick<Payment, "appointmentId">,
): Promise<Appointment | undefined> {
  const [appointment] = await db
    .select()
    .from(appointments)
    .where(eq(appointments.id, payment.appointmentId))
    .limit(1);
  return appointment;
}

/**
 * The appointment when it is the visitor's; anyone else's is "not found" in the words of booking's
 * findOwnAppointment, so a payment id reveals nothing about other people's appointments.
 */
export function ownedBy(appointment: Appointment | undefined, userId: string): Appointment {
  if (!appointment || appointment.userId !== userId) {
    throw new FeatureError("not-found", "We could not find that appointment.");
  }
  return appointment;
}

export async function findPayment(
  db: Database,
  provider: Payment["provider"],
  reference: string,
): Promise<Payment | undefined> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerReference, reference)))
    .limit(1);
  return payment;
}
