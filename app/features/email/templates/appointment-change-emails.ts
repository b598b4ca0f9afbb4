import type { EmailAttachment } from "@db/schema";
import type { EmailMessage } from "~/features/email/outbox.server";
import { describeTime } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { type BookingEmailData, customerTime, meetingParagraphs } from "./booking-emails";
import { greeting, renderEmail, signature } from "./render";

/** What became of the customer's money when the agency cancelled. */
export type CancellationMoney = "refunded" | "kept" | "unpaid";

/** To the customer when the agency cancels: the reason, the money, and the calendar update. */
export function appointmentCancelledByAgencyEmail(
  data: BookingEmailData & {
    invite: EmailAttachment;
    reason: string;
    money: CancellationMoney;
    agencyEmail: string;
  },
): EmailMessage {
  const consultant = data.appointment.consultantSnapshot;
  const when = customerTime(data, data.appointment.startsAt);
  const fee = formatMoney(data.appointment.amountCents, data.appointment.currency);
  const money = {
    refunded: `Your payment of ${fee} is refunded in full; a separate e-mail confirms the refund.`,
    kept: `Your payment of ${fee} was not refunded. If you have a question about it, please reply to this e-mail.`,
    unpaid: "You had not paid for it, so there is nothing to refund.",
  }[data.money];
  return {
    kind: "appointment-cancelled-by-agency",
    to: data.customer.email,
    replyTo: data.agencyEmail,
    attachments: [data.invite],
    ...renderEmail({
      subject: `We cancelled your consultation with ${consultant.name} on ${when}`,
      paragraphs: [
        greeting(data.customer.name),
        [`We are sorry: we had to cancel your consultation with ${consultant.name} on ${when}.`],
        ["The reason:", data.reason],
        [money],
        [
          "You are welcome to book another time from our site. The attached update removes the appointment from your calendar.",
        ],
        signature,
      ],
    }),
  };
}

export interface RescheduleEmailData extends BookingEmailData {
  invite: EmailAttachment;
  previousStartsAt: Date;
  /** Who moved it: the customer themself or the agency on their behalf. */
  movedBy: "customer" | "staff";
}

/** To the customer when the appointment moves: the old and new time, the payment kept, the calendar update. */
export function appointmentRescheduledEmail(data: RescheduleEmailData): EmailMessage {
  const consultant = data.appointment.consultantSnapshot;
  const when = customerTime(data, data.appointment.startsAt);
  const before = customerTime(data, data.previousStartsAt);
  return {
    kind: "appointment-rescheduled",
    to: data.customer.email,
    attachments: [data.invite],
    ...renderEmail({
      subject: `New time: your consultation with ${consultant.name} is now on ${when}`,
      paragraphs: [
        greeting(data.customer.name),
        [
          data.movedBy === "staff"
            ? `We moved your consultation with ${consultant.name} from ${before} to ${when}.`
            : `Your consultation with ${consultant.name} has moved from ${before} to ${when}.`,
          "Everything else stays the same, including any payment you made.",
        ],
        ...meetingParagraphs(data.appointment.meetingUrl),
        ["The attached update moves it in your calendar."],
        signature,
      ],
    }),
  };
}

/** To the agency when an appointment moves. */
export function appointmentRescheduledNoticeEmail(
  data: RescheduleEmailData & { agencyEmail: string; actorEmail: string },
): EmailMessage {
  const consultant = data.appointment.consultantSnapshot;
  const when = describeTime(data.appointment.startsAt, data.zone);
  const before = describeTime(data.previousStartsAt, data.zone);
  return {
    kind: "appointment-rescheduled-notice",
    to: data.agencyEmail,
    replyTo: data.customer.email,
    ...renderEmail({
      subject: `Rescheduled: ${consultant.name}, now ${when}`,
      paragraphs: [
        [
          `${data.actorEmail} moved the consultation of ${data.customer.name} <${data.customer.email}> with ${consultant.name} from ${before} to ${when}. Appointment ${data.appointment.id}.`,
        ],
      ],
    }),
  };
}
