import type { Appointment } from "@db/schema";
import { site } from "~/content/site";
import { SLOT_MINUTES } from "~/features/slot-grid/slots";
import { type ContentLine, icalendarText, textValue, utcDateTime } from "~/lib/icalendar-format";

/**
 * A stable UID per appointment, the same in the customer's invitation, the consultant's calendar
 * and the consultant's feed, so every copy of an appointment is updated in place.
 */
export function inviteUid(appointmentId: string): string {
  return `appointment-${appointmentId}@va-hub`;
}

/** Whether an event is one this site wrote (a booking), so reading busy times skips it. */
export function isOwnEventUid(uid: string): boolean {
  return /^appointment-[0-9a-f-]{36}@va-hub$/i.test(uid);
}

/** What a consultant's copy of an appointment is made from. */
export type ConsultantEventSource = Pick<
  Appointment,
  "id" | "startsAt" | "calendarSequence" | "meetingUrl" | "cancelledAt"
> & { customerName: string };

/**
 * The appointment as the consultant's calendar holds it: who and the meeting link, nothing more
 * of the customer. No ORGANIZER or ATTENDEE, so the consultant's calendar server never e-mails
 * the customer an invitation of its own (the site already sent one).
 */
function consultantEventLines(event: ConsultantEventSource, stampedAt: Date): ContentLine[] {
  const cancelled = event.cancelledAt !== null;
  return [
    ["BEGIN", "VEVENT"],
    ["UID", inviteUid(event.id)],
    ["DTSTAMP", utcDateTime(stampedAt)],
    ["DTSTART", utcDateTime(event.startsAt)],
    ["DURATION", `PT${SLOT_MINUTES}M`],
    ["SEQUENCE", String(event.calendarSequence)],
    ["STATUS", cancelled ? "CANCELLED" : "CONFIRMED"],
    ["SUMMARY", textValue(`${cancelled ? "Cancelled: " : ""}Consultation with ${event.customerName}`)],
    [
      "DESCRIPTION",
      textValue(
        [
          `${SLOT_MINUTES}-minute consultation booked on ${site.name}.`,
          ...(event.meetingUrl ? [`Join the meeting: ${event.meetingUrl}`] : []),
        ].join("\n"),
      ),
    ],
    ...(event.meetingUrl
      ? [["LOCATION", textValue(event.meetingUrl)] as const, ["URL", event.meetingUrl] as const]
      : []),
    ["END", "VEVENT"],
  ];
}

function calendarLines(events: readonly ConsultantEventSource[], extra: ContentLine[], stampedAt: Date) {
  return icalendarText([
    ["BEGIN", "VCALENDAR"],
    ["VERSION", "2.0"],
    ["PRODID", `-//${site.name}//Consultant calendar//EN`],
    ["CALSCALE", "GREGORIAN"],
    ...extra,
    ...events.flatMap((event) => consultantEventLines(event, stampedAt)),
    ["END", "VCALENDAR"],
  ]);
}

/** One appointment as a CalDAV object (no METHOD: a stored event, not a message). */
export function consultantCalendarObject(event: ConsultantEventSource, stampedAt = new Date()): string {
  return calendarLines([event], [], stampedAt);
}

/** The consultant's private feed: their appointments, named so calendar apps show whose it is. */
export function consultantFeed(
  consultantName: string,
  events: readonly ConsultantEventSource[],
  stampedAt = new Date(),
): string {
  return calendarLines(
    events,
    [
      ["X-WR-CALNAME", textValue(`${consultantName}: ${site.name} appointments`)],
      // Calendar apps poll a subscribed feed about this often.
      ["REFRESH-INTERVAL", "PT15M", "VALUE=DURATION"],
      ["X-PUBLISHED-TTL", "PT15M"],
    ],
    stampedAt,
  );
}
