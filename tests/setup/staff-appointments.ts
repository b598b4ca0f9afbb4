import { type Appointment, appointments, auditLog, type Consultant, users } from "@db/schema";
import { eq } from "drizzle-orm";
import { newAppointmentValues } from "~/features/booking/booking.server";
import { completeSandboxCheckout } from "~/features/payments/sandbox-checkout.server";
import type { Database } from "~/infra/db.server";
import type { PaymentGateways } from "~/infra/payment-gateways.server";
import type { BookingBody, RequestTarget } from "./factories";
import { answerOf, bookedAppointment, onlyPayment, payStripe, verifyStripe } from "./payments";

/** An appointment row as booking writes it, but with no booking rule applied (a past one, a clash), for list tests. */
export async function insertAppointment(
  db: Database,
  consultant: Consultant,
  userId: string,
  startsAt: Date,
  overrides: Partial<Appointment> = {},
): Promise<Appointment> {
  const [row] = await db
    .insert(appointments)
    .values({ ...newAppointmentValues(consultant, userId, startsAt), ...overrides })
    .returning();
  return row!;
}

/** A customer account written straight to the table with a chosen name and e-mail. */
export async function insertCustomer(db: Database, name: string, email: string): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({ name, email, passwordHash: "not-a-real-hash" })
    .returning({ id: users.id });
  return row!.id;
}

/**
 * A booking made through the API and paid through the sandbox Stripe checkout, as a customer
 * would: the appointment id, its owner and its one payment.
 */
export async function paidAppointment(
  app: RequestTarget,
  db: Database,
  gateways: PaymentGateways,
  slot: BookingBody,
) {
  const booked = await bookedAppointment(app, db, slot);
  const started = await answerOf(
    await payStripe(app, booked.user.token, { appointmentId: booked.appointmentId }),
  );
  if (started.status !== 200) throw new Error(`checkout failed with ${started.status}`);
  const payment = await onlyPayment(db, booked.appointmentId);
  await completeSandboxCheckout(db, gateways, booked.user.id, payment.id, "pay");
  const verified = await answerOf(
    await verifyStripe(app, booked.user.token, {
      success: true,
      appointmentId: booked.appointmentId,
      session_id: payment.providerReference,
    }),
  );
  if (verified.status !== 200 || !verified.body.success)
    throw new Error("the sandbox payment did not go through");
  return booked;
}

/** The audit entries about one record, oldest first. */
export function auditEntriesOf(db: Database, targetId: string) {
  return db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(auditLog.at);
}
