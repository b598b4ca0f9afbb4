import type { Appointment, EmailAttachment, Payment } from "@db/schema";
import type { EmailMessage } from "~/features/email/outbox.server";
import { formatMoney } from "~/lib/money";
import { greeting, renderEmail, signature } from "./render";

type PaidAppointment = Pick<Appointment, "id" | "consultantSnapshot">;
type PaymentFacts = Pick<Payment, "provider" | "mode" | "providerReference" | "amountCents" | "currency">;
/** A receipt or credit note issued with the change the e-mail reports, its PDF attached. */
type AttachedDocument = { number: string; attachment: EmailAttachment };

/** To the customer once the provider confirms the payment, with the receipt's PDF. */
export function paymentReceiptEmail(data: {
  customer: { name: string; email: string };
  appointment: PaidAppointment;
  payment: PaymentFacts;
  receipt: AttachedDocument;
}): EmailMessage {
  const { customer, appointment, payment, receipt } = data;
  const consultant = appointment.consultantSnapshot.name;
  const paidBy = payment.provider === "stripe" ? "card (Stripe)" : "Razorpay";
  return {
    kind: "payment-receipt",
    to: customer.email,
    ...renderEmail({
      subject: `Receipt: consultation with ${consultant}`,
      paragraphs: [
        greeting(customer.name),
        [
          `We received your payment of ${formatMoney(payment.amountCents, payment.currency)} for the consultation with ${consultant}.`,
          `Paid by ${paidBy}${payment.mode === "sandbox" ? " — test payment, no money moved" : ""}.`,
          `Reference: ${payment.providerReference}`,
        ],
        [
          `Your receipt ${receipt.number} is attached as a PDF; you can also download it from My Appointments.`,
        ],
        signature,
      ],
    }),
    attachments: [receipt.attachment],
  };
}

/** To the customer when a cancellation gave the money back through the provider, with the credit note. */
export function paymentRefundEmail(data: {
  customer: { name: string; email: string };
  appointment: PaidAppointment;
  refund: { amountCents: number; currency: string; reference: string };
  creditNote: AttachedDocument;
}): EmailMessage {
  const { customer, appointment, refund, creditNote } = data;
  const consultant = appointment.consultantSnapshot.name;
  return {
    kind: "payment-refund",
    to: customer.email,
    ...renderEmail({
      subject: `Refund: consultation with ${consultant}`,
      paragraphs: [
        greeting(customer.name),
        [
          `We refunded ${formatMoney(refund.amountCents, refund.currency)} for the cancelled consultation with ${consultant}.`,
          "Depending on your bank, it can take 5 to 10 business days to appear.",
          `Refund reference: ${refund.reference}`,
        ],
        [
          `Your credit note ${creditNote.number} is attached as a PDF; you can also download it from My Appointments.`,
        ],
        signature,
      ],
    }),
    attachments: [creditNote.attachment],
  };
}

/** To the agency: money arrived for an appointment cancelled while its checkout was open. */
export function paymentAfterCancellationEmail(data: {
  agencyEmail: string;
  appointment: PaidAppointment;
  payment: PaymentFacts;
}): EmailMessage {
  const { appointment, payment } = data;
  return {
    kind: "payment-after-cancellation",
    to: data.agencyEmail,
    ...renderEmail({
      subject: `Refund needed: payment for a cancelled appointment (${appointment.consultantSnapshot.name})`,
      paragraphs: [
        [
          `A ${payment.provider} payment of ${formatMoney(payment.amountCents, payment.currency)} (reference ${payment.providerReference}) arrived for appointment ${appointment.id}, which was cancelled before the payment completed. Please refund it.`,
        ],
      ],
    }),
  };
}
