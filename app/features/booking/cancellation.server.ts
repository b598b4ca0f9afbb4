import { type Appointment, appointments, users } from "@db/schema";
import { eq, sql } from "drizzle-orm";
import { type Actor, recordAudit } from "~/features/audit/audit.server";
import { queueCalendarWrites } from "~/features/calendars/calendar-writes.server";
import { enqueueEmail, enqueueEmails } from "~/features/email/outbox.server";
import {
  appointmentCancelledByAgencyEmail,
  type CancellationMoney,
} from "~/features/email/templates/appointment-change-emails";
import {
  appointmentCancellationEmail,
  appointmentCancelledNoticeEmail,
} from "~/features/email/templates/booking-emails";
import { recordRefund, refundForCancellation, refundsOnCancel } from "~/features/payments/refunds.server";
import { offerFreedSlots, type WaitlistSettings } from "~/features/waitlist/offers.server";
import type { Database, Transaction } from "~/infra/db.server";
import type { PaymentGateways } from "~/infra/payment-gateways.server";
import { CHANGED_BY_SOMEONE_ELSE, changedBySomeoneElse, FeatureError, parseInput } from "~/lib/errors";
import { appointmentStatus } from "./appointment-status";
import { findOwnAppointment } from "./appointments.server";
import { appointmentReferenceSchema } from "./booking-schema";
import { appointmentInvite } from "./calendar-invite";
import { staffCancelSchema } from "./staff-appointments-schema";
import { loadAppointment, refuseChange, stillAsSeen } from "./staff-changes.server";

export interface CancellationContext {
  zone: string;
  agencyEmail: string;
  payments: PaymentGateways;
  /** The freed slot is offered to the first customer waiting for its day. */
  waitlist: WaitlistSettings;
  now?: Date;
}

/** Who cancels: the customer (their own appointment), or staff on the agency's behalf. */
type Canceller =
  | { kind: "customer"; userId: string }
  | { kind: "staff"; staff: Actor; reason: string; refundAnyway: boolean; sequence?: number };

/** Cancels the user's own appointment; the refund policy is `cancel`'s. */
export function cancelAppointment(
  db: Database,
  userId: string,
  input: unknown,
  context: CancellationContext,
): Promise<Appointment> {
  const { appointmentId } = parseInput(appointmentReferenceSchema, input);
  return cancel(db, appointmentId, { kind: "customer", userId }, context);
}

/** Staff cancel an appointment with a reason the customer reads, refunding anyway if they choose. */
export function staffCancelAppointment(
  db: Database,
  appointmentId: unknown,
  input: unknown,
  actor: Actor,
  context: CancellationContext & { now: Date },
): Promise<Appointment> {
  const request = parseInput(staffCancelSchema, input);
  return cancel(
    db,
    appointmentId,
    {
      kind: "staff",
      staff: actor,
      reason: request.reason,
      refundAnyway: request.refundAnyway,
      sequence: request.sequence,
    },
    context,
  );
}

/** What staff are told before cancelling: what will happen to the customer's money. */
export function cancellationMoney(
  appointment: Pick<Appointment, "paidAt" | "startsAt">,
  now: Date,
  refundAnyway: boolean,
): CancellationMoney {
  if (!appointment.paidAt) return "unpaid";
  return refundAnyway || refundsOnCancel(appointment, now) ? "refunded" : "kept";
}

/**
 * The one cancellation, whoever asks. It frees the slot at once. A paid appointment is refunded
 * when the policy says so (24 hours or more ahead), or anyway when staff choose to; the refund
 * goes through the provider first, so a provider that fails leaves the appointment as it was.
 * The cancellation, the refund's record, the e-mails (with the calendar update) and, for staff,
 * the audit entry are one transaction.
 */
async function cancel(
  db: Database,
  appointmentId: unknown,
  canceller: Canceller,
  context: CancellationContext,
): Promise<Appointment> {
  const now = context.now ?? new Date();
  const existing =
    canceller.kind === "customer"
      ? await findOwnAppointment(db, canceller.userId, appointmentId)
      : await loadAppointment(db, appointmentId);
  refuseChange(existing, now, "cancelled", canceller.kind);
  const seenSequence = canceller.kind === "staff" ? canceller.sequence : undefined;
  if (seenSequence !== undefined && seenSequence !== existing.calendarSequence) {
    throw changedBySomeoneElse();
  }
  const refund = await refundForCancellation(db, context.payments, existing, now, {
    evenIfLate: canceller.kind === "staff" && canceller.refundAnyway,
  });
  return db.transaction(async (transaction) => {
    const [cancelled] = await transaction
      .update(appointments)
      .set({
        cancelledAt: now,
        cancelledBy: canceller.kind,
        ...(canceller.kind === "staff" ? { cancelReason: canceller.reason } : {}),
        // The cancellation is an update of the calendar invitation.
        calendarSequence: sql`${appointments.calendarSequence} + 1`,
        ...(refund ? { refundedAt: now } : {}),
      })
      // Staff's form says which version they saw; the customer's list is always current.
      .where(stillAsSeen(existing.id, canceller.kind === "staff" ? existing.calendarSequence : undefined))
      .returning();
    if (!cancelled) {
      // Someone else changed it between our read and this write. A refund already issued must
      // then be recorded by hand, so staff are told rather than left to believe all is well.
      if (canceller.kind === "customer")
        refuseChange(await reread(transaction, existing.id), now, "cancelled");
      throw new FeatureError(
        "conflict",
        refund
          ? `${CHANGED_BY_SOMEONE_ELSE} The refund ${refund.reference} was issued; please check the payment.`
          : CHANGED_BY_SOMEONE_ELSE,
      );
    }
    await queueCalendarWrites(transaction, cancelled.id, [cancelled.consultantId], now);
    await offerFreedSlots(transaction, cancelled.consultantId, [cancelled.startsAt], context.waitlist, now);
    const [customer] = await transaction.select().from(users).where(eq(users.id, cancelled.userId));
    if (refund)
      await recordRefund(transaction, context.payments.receipts, refund, {
        appointment: cancelled,
        customer: customer!,
        now,
      });
    const invite = appointmentInvite(
      cancelled,
      { customer: customer!, agencyEmail: context.agencyEmail },
      "cancel",
    );
    const facts = {
      appointment: cancelled,
      customer: customer!,
      zone: context.zone,
      agencyEmail: context.agencyEmail,
      invite,
    };
    if (canceller.kind === "customer") {
      await enqueueEmails(transaction, [
        appointmentCancellationEmail(facts),
        appointmentCancelledNoticeEmail(facts),
      ]);
      return cancelled;
    }
    const money: CancellationMoney = refund ? "refunded" : cancelled.paidAt ? "kept" : "unpaid";
    await enqueueEmail(
      transaction,
      appointmentCancelledByAgencyEmail({ ...facts, reason: canceller.reason, money }),
    );
    await recordAudit(
      transaction,
      canceller.staff,
      {
        action: "appointment.cancel",
        targetType: "appointment",
        targetId: cancelled.id,
        summary: `Cancelled: ${canceller.reason}${refund ? " (refunded)" : ""}`,
        before: { status: appointmentStatus(existing) },
        after: {
          status: appointmentStatus(cancelled),
          cancelReason: canceller.reason,
          refunded: Boolean(refund),
          ...(canceller.refundAnyway && refund && !refundsOnCancel(existing, now)
            ? { refundedAnyway: true }
            : {}),
        },
      },
      now,
    );
    return cancelled;
  });
}

async function reread(transaction: Transaction, appointmentId: string): Promise<Appointment> {
  const [current] = await transaction.select().from(appointments).where(eq(appointments.id, appointmentId));
  return current!;
}
