import { createEvent } from "ics";
import type { EmailAttachment } from "../../../db/schema";

export interface InviteDetails {
  appointmentId: string;
  startsAt: Date;
  durationMinutes: number;
  title: string;
  description: string;
  location: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
}

/** A stable UID per appointment, so a cancellation replaces the invitation in the calendar. */
export function inviteUid(appointmentId: string): string {
  return `appointment-${appointmentId}@va-hub`;
}

/** An iCalendar invitation (METHOD:REQUEST) or its cancellation (METHOD:CANCEL, same UID). */
export function calendarInvite(details: InviteDetails, kind: "request" | "cancel"): EmailAttachment {
  const { error, value } = createEvent({
    uid: inviteUid(details.appointmentId),
    method: kind === "request" ? "REQUEST" : "CANCEL",
    status: kind === "request" ? "CONFIRMED" : "CANCELLED",
    sequence: kind === "request" ? 0 : 1,
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
