import { describeTime } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import type { Appointment, EmailAttachment } from "../../../../db/schema";
import { SLOT_MINUTES } from "../../booking/slots";
import type { EmailMessage } from "../outbox.server";
import { type EmailParagraph, greeting, link, renderEmail, signature } from "./render";

export interface BookingEmailData {
  appointment: Pick<
    Appointment,
    "id" | "startsAt" | "amountCents" | "currency" | "consultantSnapshot" | "meetingUrl"
  >;
  customer: { name: string; email: string };
  /** The agency's zone, in which the time is told. */
  zone: string;
}

/** What every booking e-mail tells: who, when (in the agency's zone, named) and for how much. */
function factsOf({ appointment, zone }: BookingEmailData) {
  return {
    consultant: appointment.consultantSnapshot,
    when: describeTime(appointment.startsAt, zone),
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
  const { consultant, when, fee } = factsOf(data);
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
  const { consultant, when, fee } = factsOf(data);
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
  const { consultant, when } = factsOf(data);
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
  const { consultant, when } = factsOf(data);
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
