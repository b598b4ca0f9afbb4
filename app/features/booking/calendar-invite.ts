import type { Appointment, EmailAttachment } from "@db/schema";
import { site } from "~/content/site";
import { inviteUid } from "~/features/calendars/calendar-event";
import { SLOT_MINUTES } from "~/features/slot-grid/slots";
import { icalendarText, parameterValue, textValue, utcDateTime } from "~/lib/icalendar-format";

interface InviteDetails {
  appointmentId: string;
  startsAt: Date;
  durationMinutes: number;
  title: string;
  description: string;
  location: string;
  /** The online meeting, also given as the event's URL so calendars offer a "join" button. */
  url?: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  /** Raised by every update of the same UID, so calendars apply the latest one. */
  sequence: number;
}

/**
 * An iCalendar invitation (METHOD:REQUEST; a later one with a higher SEQUENCE moves it) or its
 * cancellation (METHOD:CANCEL), always with the appointment's UID.
 */
function calendarInvite(details: InviteDetails, kind: "request" | "cancel"): EmailAttachment {
  const method = kind === "request" ? "REQUEST" : "CANCEL";
  const content = icalendarText([
    ["BEGIN", "VCALENDAR"],
    ["VERSION", "2.0"],
    ["PRODID", `-//${site.name}//Booking//EN`],
    ["CALSCALE", "GREGORIAN"],
    ["METHOD", method],
    ["BEGIN", "VEVENT"],
    ["UID", inviteUid(details.appointmentId)],
    ["DTSTAMP", utcDateTime(new Date())],
    ["DTSTART", utcDateTime(details.startsAt)],
    ["DURATION", `PT${details.durationMinutes}M`],
    ["SEQUENCE", String(details.sequence)],
    ["STATUS", kind === "request" ? "CONFIRMED" : "CANCELLED"],
    ["SUMMARY", textValue(details.title)],
    ["DESCRIPTION", textValue(details.description)],
    ["LOCATION", textValue(details.location)],
    ...(details.url ? [["URL", details.url] as const] : []),
    ["ORGANIZER", `mailto:${details.organizer.email}`, `CN=${parameterValue(details.organizer.name)}`],
    [
      "ATTENDEE",
      `mailto:${details.attendee.email}`,
      `CN=${parameterValue(details.attendee.name)};ROLE=REQ-PARTICIPANT;RSVP=FALSE`,
    ],
    ["END", "VEVENT"],
    ["END", "VCALENDAR"],
  ]);
  return {
    filename: kind === "request" ? "invite.ics" : "cancel.ics",
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content,
  };
}

/** The invitation (or its cancellation) of an appointment as it stands, for its customer. */
export function appointmentInvite(
  appointment: Pick<
    Appointment,
    "id" | "startsAt" | "consultantSnapshot" | "calendarSequence" | "meetingUrl"
  >,
  people: { customer: { name: string; email: string }; agencyEmail: string },
  kind: "request" | "cancel",
): EmailAttachment {
  const address = appointment.consultantSnapshot.address;
  const meetingUrl = appointment.meetingUrl ?? undefined;
  return calendarInvite(
    {
      appointmentId: appointment.id,
      startsAt: appointment.startsAt,
      durationMinutes: SLOT_MINUTES,
      title: appointmentTitle(appointment),
      description: appointmentDescription(appointment),
      // The session happens online; the consultant's address stays a detail of their profile.
      location: meetingUrl ?? `${address.line1}, ${address.line2}`,
      url: meetingUrl,
      organizer: { name: site.name, email: people.agencyEmail },
      attendee: { name: people.customer.name, email: people.customer.email },
      sequence: appointment.calendarSequence,
    },
    kind,
  );
}

/** The calendar entry's title, the same in the invitation and the "Add to calendar" links. */
export function appointmentTitle(appointment: Pick<Appointment, "consultantSnapshot">): string {
  return `Consultation with ${appointment.consultantSnapshot.name} (${site.name})`;
}

/** What a calendar entry says about the appointment: who, the meeting link, the consultant's address. */
export function appointmentDescription(
  appointment: Pick<Appointment, "consultantSnapshot" | "meetingUrl">,
): string {
  const consultant = appointment.consultantSnapshot;
  return [
    `${SLOT_MINUTES}-minute consultation with ${consultant.name}, ${consultant.speciality}.`,
    ...(appointment.meetingUrl ? [`Join the meeting: ${appointment.meetingUrl}`] : []),
    `Consultant's address: ${consultant.address.line1}, ${consultant.address.line2}.`,
  ].join("\n");
}
