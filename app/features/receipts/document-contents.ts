import type { ReceiptKind } from "@db/receipt-schema";
import { calendarDayIn, describeTime, formatCalendarDate, zoneTimeLabel } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { type BillingDetails, countryName } from "./billing-schema";

/**
 * Everything a receipt or credit note says, copied when it is issued and kept sealed with it: the
 * document is drawn from this alone, so later edits of billing details, the consultant or the
 * settings never reach a document already issued.
 */
export interface DocumentContents {
  /** How this shape is laid out; a new layout gets a new number and the old one keeps working. */
  layout: 1;
  kind: ReceiptKind;
  number: string;
  /** ISO instant. */
  issuedAt: string;
  paper: "A4" | "LETTER";
  /** The zone the document's times are printed in (the agency's). */
  zone: string;
  agency: { legalName: string; address: string; taxId: string; email: string };
  customer: BillingDetails & { accountName: string; email: string };
  consultant: { name: string; speciality: string };
  appointment: { id: string; startsAt: string; minutes: number };
  amountCents: number;
  currency: string;
  payment: { provider: "stripe" | "razorpay"; mode: "live" | "sandbox"; reference: string; paidAt: string };
  refund?: { reference: string; refundedAt: string };
  /** The receipt a credit note corrects. */
  corrects?: { number: string; issuedAt: string };
}

const providerNames = { stripe: "card (Stripe)", razorpay: "Razorpay" } as const;

function day(iso: string, zone: string): string {
  return formatCalendarDate(calendarDayIn(new Date(iso), zone));
}

/** The issuing agency: legal name first, then address, tax ID and e-mail (each only when set). */
export function agencyLines(contents: DocumentContents): string[] {
  const { agency } = contents;
  return [
    agency.legalName,
    ...agency.address.split(/\s*\n\s*/).filter(Boolean),
    ...(agency.taxId ? [`Tax ID: ${agency.taxId}`] : []),
    agency.email,
  ];
}

/** The document's own facts under its title. */
export function headerLines(contents: DocumentContents): string[] {
  return [`Number: ${contents.number}`, `Date of issue: ${day(contents.issuedAt, contents.zone)}`];
}

/** Who the document is for, as they asked receipts to name them. */
export function customerLines(contents: DocumentContents): string[] {
  const { customer } = contents;
  return [
    customer.name || customer.accountName,
    ...(customer.company ? [customer.company] : []),
    ...customer.address.split(/\s*\n\s*/).filter(Boolean),
    ...(customer.country ? [countryName(customer.country)] : []),
    ...(customer.taxId ? [`Tax ID: ${customer.taxId}`] : []),
    customer.email,
  ];
}

/** The one line item: the consultation, with whom and when (with its zone). */
export function itemDescription(contents: DocumentContents): string {
  const { consultant, appointment } = contents;
  const speciality = consultant.speciality ? ` (${consultant.speciality})` : "";
  const when = describeTime(new Date(appointment.startsAt), contents.zone);
  return `${appointment.minutes}-minute consultation with ${consultant.name}${speciality}, ${when} (${zoneTimeLabel(contents.zone)})`;
}

export function totalLine(contents: DocumentContents): string {
  const amount = `${formatMoney(contents.amountCents, contents.currency)} ${contents.currency.toUpperCase()}`;
  return contents.kind === "receipt" ? `Total paid: ${amount}` : `Total refunded: ${amount}`;
}

/** How the money moved, with the provider's reference an accountant can look up. */
export function paymentLines(contents: DocumentContents): string[] {
  const { payment, refund, corrects } = contents;
  const lines: string[] = [];
  if (corrects) {
    lines.push(
      `This credit note corrects receipt ${corrects.number} of ${day(corrects.issuedAt, contents.zone)}.`,
    );
  }
  if (refund) {
    lines.push(
      `Refunded by ${providerNames[payment.provider]} on ${day(refund.refundedAt, contents.zone)}.`,
      `Refund reference: ${refund.reference}`,
    );
  }
  lines.push(
    `Paid by ${providerNames[payment.provider]} on ${day(payment.paidAt, contents.zone)}.`,
    `Payment reference: ${payment.reference}`,
  );
  if (payment.mode === "sandbox") lines.push("Test payment in the sandbox: no money moved.");
  return lines;
}
