import type { Appointment, Payment } from "@db/schema";
import type { EmailMessage } from "~/features/email/outbox.server";
import { formatMoney } from "~/lib/money";
import { greeting, renderEmail, signature } from "./render";

type PaidAppointment = Pick<Appointment, "id" | "consultantSnapshot">;
type PaymentFacts = Pick<Payment, "provider" | "mode" | "providerReference" | "amountCents" | "currency">;

/** To the customer once the provider confirms the payment. */
export function paymentReceiptEmail(data: {
  customer: { name: string; email: string };
  appointment: PaidAppointment;
  payment: PaymentFacts;
}): EmailMessage {
  const { customer, appointment, payment } = data;
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
        signature,
      ],
    }),
  };
}

/** To the customer when a cancellation gave the money back through the provider. */
export function paymentRefundEmail(data: {
  customer: { name: string; email: string };
  appointment: PaidAppointment;
  refund: { amountCents: number; currency: string; reference: string };
}): EmailMessage {
  const { customer, appointment, refund } = data;
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
        signature,
      ],
    }),
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
