import { createEvent } from "ics";
import { site } from "~/content/site";
import type { Appointment, EmailAttachment } from "../../../db/schema";
import { SLOT_MINUTES } from "./slots";

export interface InviteDetails {
  appointmentId: string;
  startsAt: Date;
  durationMinutes: number;
  title: string;
  description: string;
  location: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  /** Raised by every update of the same UID, so calendars apply the latest one. */
  sequence: number;
}

/** A stable UID per appointment, so a cancellation replaces the invitation in the calendar. */
export function inviteUid(appointmentId: string): string {
  return `appointment-${appointmentId}@va-hub`;
}

/**
 * An iCalendar invitation (METHOD:REQUEST; a later one with a higher SEQUENCE moves it) or its
 * cancellation (METHOD:CANCEL), always with the appointment's UID.
 */
export function calendarInvite(details: InviteDetails, kind: "request" | "cancel"): EmailAttachment {
  const { error, value } = createEvent({
    uid: inviteUid(details.appointmentId),
    method: kind === "request" ? "REQUEST" : "CANCEL",
    status: kind === "request" ? "CONFIRMED" : "CANCELLED",
    sequence: details.sequence,
    start: details.startsAt.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    duration: { minutes: details.durationMinutes },
    title: details.title,
    description: details.description,
    location: details.location,
    organizer: { name: details.organizer.name, email: details.organizer.email },
    attendees: [
      { name: details.attendee.name, email: details.attendee.email, rsvp: false, role: "REQ-PARTICIPANT" },
    ],
    productId: "va-hub/booking",
  });
  if (error || !value) throw error ?? new Error("Could not create the calendar invitation.");
  return {
    filename: kind === "request" ? "invite.ics" : "cancel.ics",
    contentType: `text/calendar; charset=utf-8; method=${kind === "request" ? "REQUEST" : "CANCEL"}`,
    content: value,
  };
}

/** The invitation (or its cancellation) of an appointment as it stands, for its customer. */
export function appointmentInvite(
  appointment: Pick<Appointment, "id" | "startsAt" | "consultantSnapshot" | "calendarSequence">,
  people: { customer: { name: string; email: string }; agencyEmail: string },
  kind: "request" | "cancel",
): EmailAttachment {
  const consultant = appointment.consultantSnapshot;
  return calendarInvite(
    {
      appointmentId: appointment.id,
      startsAt: appointment.startsAt,
      durationMinutes: SLOT_MINUTES,
      title: `Consultation with ${consultant.name} (${site.name})`,
      description: `${SLOT_MINUTES}-minute consultation with ${consultant.name}, ${consultant.speciality}.`,
      location: `${consultant.address.line1}, ${consultant.address.line2}`,
      organizer: { name: site.name, email: people.agencyEmail },
      attendee: { name: people.customer.name, email: people.customer.email },
      sequence: appointment.calendarSequence,
    },
    kind,
  );
}
