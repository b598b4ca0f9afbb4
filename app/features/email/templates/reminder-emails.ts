import type { EmailMessage } from "~/features/email/outbox.server";
import { type BookingEmailData, customerTime, meetingParagraphs } from "./booking-emails";
import { greeting, link, renderEmail, signature } from "./render";

/** Which reminder: the day before (24 hours ahead) or the last one (1 hour ahead). */
export type ReminderLead = "day" | "hour";

export interface ReminderEmailData extends BookingEmailData {
  lead: ReminderLead;
  /** The site's public address, for the link to My Appointments. */
  publicUrl: string;
}

/** To the customer 24 hours and 1 hour before the start: when, with whom, and where to join. */
export function appointmentReminderEmail(data: ReminderEmailData): EmailMessage {
  const consultant = data.appointment.consultantSnapshot;
  const when = customerTime(data, data.appointment.startsAt);
  const dayAhead = data.lead === "day";
  return {
    kind: dayAhead ? "appointment-reminder-day" : "appointment-reminder-hour",
    to: data.customer.email,
    ...renderEmail({
      subject: dayAhead
        ? `Reminder: your consultation with ${consultant.name} on ${when}`
        : `Starting in about an hour: your consultation with ${consultant.name}`,
      paragraphs: [
        greeting(data.customer.name),
        [
          dayAhead
            ? `This is a reminder of your consultation with ${consultant.name} (${consultant.speciality}) on ${when}.`
            : `Your consultation with ${consultant.name} (${consultant.speciality}) starts in about an hour, on ${when}.`,
        ],
        ...meetingParagraphs(data.appointment.meetingUrl),
        ["To see, move or cancel it, open My Appointments:", link(`${data.publicUrl}/my-appointments`)],
        signature,
      ],
    }),
  };
}
