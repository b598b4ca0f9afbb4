import type { Appointment, EmailAttachment } from "@db/schema";
import type { EmailMessage } from "~/features/email/outbox.server";
import { SLOT_MINUTES } from "~/features/slot-grid/slots";
import { describeTime, describeTimeForCustomer } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { type EmailParagraph, greeting, link, renderEmail, signature } from "./render";

export interface BookingEmailData {
  appointment: Pick<
    Appointment,
    "id" | "startsAt" | "amountCents" | "currency" | "consultantSnapshot" | "meetingUrl"
  >;
  /** The customer's own zone, when known, tells them the time (see customerTime). */
  customer: { name: string; email: string; timeZone?: string | null };
  /** The agency's zone: the agency's own e-mails tell the time in it. */
  zone: string;
}

/** A time as the customer reads it: in their zone, named, with the agency's beside it. */
export function customerTime(data: Pick<BookingEmailData, "customer" | "zone">, instant: Date): string {
  return describeTimeForCustomer(instant, { customer: data.customer.timeZone, agency: data.zone });
}

/**
 * What every booking e-mail tells: who, when and for how much. The customer reads the time in
 * their own zone; the agency in its own.
 */
function factsOf(data: BookingEmailData, reader: "customer" | "agency") {
  const { appointment, zone } = data;
  return {
    consultant: appointment.consultantSnapshot,
    when:
      reader === "customer"
        ? customerTime(data, appointment.startsAt)
        : describeTime(appointment.startsAt, zone),
    fee: formatMoney(appointment.amountCents, appointment.currency),
  };
}

/** Where the customer joins the session online; nothing for an appointment without a link. */
export function meetingParagraphs(meetingUrl: string | null): EmailParagraph[] {
  return meetingUrl
    ? [["Join the meeting online at that time (it opens in your browser):", link(meetingUrl)]]
    : [];
}

/** To the customer on booking, with the calendar invitation. */
export function appointmentConfirmationEmail(
  data: BookingEmailData & { invite: EmailAttachment },
): EmailMessage {
  const { consultant, when, fee } = factsOf(data, "customer");
  return {
    kind: "appointment-confirmation",
    to: data.customer.email,
    attachments: [data.invite],
    ...renderEmail({
      subject: `Your consultation with ${consultant.name} on ${when}`,
      paragraphs: [
        greeting(data.customer.name),
        [
          `Your ${SLOT_MINUTES}-minute consultation with ${consultant.name} (${consultant.speciality}) is booked for ${when}.`,
          `Fee: ${fee}. You can pay online from My Appointments.`,
        ],
        ...meetingParagraphs(data.appointment.meetingUrl),
        ["The attached invitation adds it to your calendar."],
        signature,
      ],
    }),
  };
}

/** To the agency on booking; a reply goes to the customer. */
export function appointmentBookedNoticeEmail(data: BookingEmailData & { agencyEmail: string }): EmailMessage {
  const { consultant, when, fee } = factsOf(data, "agency");
  return {
    kind: "appointment-booked-notice",
    to: data.agencyEmail,
    replyTo: data.customer.email,
    ...renderEmail({
      subject: `New booking: ${consultant.name}, ${when}`,
      paragraphs: [
        [
          `${data.customer.name} <${data.customer.email}> booked ${consultant.name} (${consultant.speciality}) for ${when}. Fee ${fee}. Appointment ${data.appointment.id}.`,
        ],
      ],
    }),
  };
}

/** To the customer on cancellation, with the calendar update that removes it. */
export function appointmentCancellationEmail(
  data: BookingEmailData & { invite: EmailAttachment },
): EmailMessage {
  const { consultant, when } = factsOf(data, "customer");
  return {
    kind: "appointment-cancellation",
    to: data.customer.email,
    attachments: [data.invite],
    ...renderEmail({
      subject: `Cancelled: your consultation with ${consultant.name} on ${when}`,
      paragraphs: [
        greeting(data.customer.name),
        [
          `Your consultation with ${consultant.name} on ${when} is cancelled and the time is free again.`,
          "The attached update removes it from your calendar.",
        ],
        signature,
      ],
    }),
  };
}

/** To the agency on cancellation. */
export function appointmentCancelledNoticeEmail(
  data: BookingEmailData & { agencyEmail: string },
): EmailMessage {
  const { consultant, when } = factsOf(data, "agency");
  return {
    kind: "appointment-cancelled-notice",
    to: data.agencyEmail,
    ...renderEmail({
      subject: `Cancelled booking: ${consultant.name}, ${when}`,
      paragraphs: [
        [
          `${data.customer.name} <${data.customer.email}> cancelled the consultation with ${consultant.name} on ${when}. Appointment ${data.appointment.id}.`,
        ],
      ],
    }),
  };
}
