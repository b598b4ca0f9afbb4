import type { Appointment } from "@db/schema";
import type { Database } from "~/infra/db.server";
import { parseInput } from "~/lib/errors";
import { type BookingContext, consumeBookingAllowance } from "./booking.server";
import { appointmentReferenceSchema } from "./booking-schema";
import { rescheduleAppointment } from "./staff-changes.server";

/**
 * A customer moves their own appointment to another free slot of the same consultant, until it
 * starts (DESIGN.md §5): the payment stays with it, and the customer gets an updated invitation.
 * Counted with bookings, since each move takes a slot. `input` is `{ appointmentId, startsAt }`,
 * `startsAt` a `Date` or an ISO instant from a form.
 */
export async function rescheduleOwnAppointment(
  db: Database,
  userId: string,
  input: unknown,
  context: BookingContext,
): Promise<Appointment> {
  const now = context.now ?? new Date();
  await consumeBookingAllowance(db, userId, context, now);
  const { appointmentId } = parseInput(appointmentReferenceSchema, input);
  const { startsAt } = (input ?? {}) as Record<string, unknown>;
  return rescheduleAppointment(
    db,
    appointmentId,
    { startsAt },
    { kind: "customer", userId },
    { zone: context.zone, agencyEmail: context.agencyEmail, waitlist: context.waitlist, now },
  );
}
