import { type Appointment, payments } from "@db/schema";
import { and, eq } from "drizzle-orm";
import { enqueueEmail } from "~/features/email/outbox.server";
import { paymentRefundEmail } from "~/features/email/templates/payment-emails";
import { issueCreditNote } from "~/features/receipts/receipts.server";
import type { Database, Transaction } from "~/infra/db.server";
import type { PaymentGateways } from "~/infra/payment-gateways.server";
import type { ReceiptSettings } from "~/infra/receipt-settings.server";
import { FeatureError } from "~/lib/errors";
import { requireRazorpay, requireStripe, withProvider } from "./provider-calls.server";

export const REFUND_NOTICE_HOURS = 24;

/** Whether cancelling now would refund: paid, and at least 24 hours before the start. */
export function refundsOnCancel(
  appointment: { paidAt: Date | null; startsAt: Date },
  now = new Date(),
): boolean {
  return (
    appointment.paidAt !== null &&
    appointment.startsAt.getTime() - now.getTime() >= REFUND_NOTICE_HOURS * 3_600_000
  );
}

/** A refund the provider has made, to be recorded with the cancellation that caused it. */
export interface IssuedRefund {
  paymentId: string;
  amountCents: number;
  currency: string;
  /** The provider's refund id. */
  reference: string;
}

/**
 * The refund decision for an appointment about to be cancelled: when the policy says so (paid, 24
 * hours or more ahead), or staff chose to refund anyway (`evenIfLate`), the money goes back
 * through the provider now and the refund is returned for `recordRefund`; otherwise nothing
 * happens. A provider that fails throws, so the caller can leave the appointment as it was.
 */
export async function refundForCancellation(
  db: Database,
  gateways: PaymentGateways,
  appointment: Appointment,
  now: Date,
  options: { evenIfLate?: boolean } = {},
): Promise<IssuedRefund | undefined> {
  const due = options.evenIfLate ? appointment.paidAt !== null : refundsOnCancel(appointment, now);
  if (!due) return undefined;
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.appointmentId, appointment.id), eq(payments.status, "paid")))
    .limit(1);
  if (!payment) return undefined;
  const providerPaymentId = payment.providerPaymentId;
  if (!providerPaymentId)
    throw new FeatureError("conflict", "This payment cannot be refunded automatically. Please contact us.");
  const reference = await withProvider(() =>
    payment.provider === "stripe"
      ? requireStripe(gateways).refund(providerPaymentId, payment.amountCents, `refund-${payment.id}`)
      : requireRazorpay(gateways).refund(providerPaymentId, payment.amountCents, `refund-${payment.id}`),
  );
  return { paymentId: payment.id, amountCents: payment.amountCents, currency: payment.currency, reference };
}

/**
 * Writes a refund down in the cancellation's transaction: the payment row, its credit note
 * (numbered here) and the customer's e-mail carrying it.
 */
export async function recordRefund(
  transaction: Transaction,
  settings: ReceiptSettings,
  refund: IssuedRefund,
  cancellation: { appointment: Appointment; customer: { name: string; email: string }; now: Date },
): Promise<void> {
  const [payment] = await transaction
    .update(payments)
    .set({ status: "refunded", refundedAt: cancellation.now, refundReference: refund.reference })
    .where(eq(payments.id, refund.paymentId))
    .returning();
  const creditNote = await issueCreditNote(transaction, settings, {
    appointment: cancellation.appointment,
    payment: payment!,
    refundReference: refund.reference,
    now: cancellation.now,
  });
  await enqueueEmail(
    transaction,
    paymentRefundEmail({
      customer: cancellation.customer,
      appointment: cancellation.appointment,
      refund,
      creditNote: { number: creditNote.receipt.number, attachment: creditNote.attachment },
    }),
  );
}
