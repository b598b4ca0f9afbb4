/**
 * "Add to calendar" links for an appointment: Google Calendar and Outlook open their own "new
 * event" form filled in; other calendars take the `.ics` file. Pure functions, so they are the same
 * wherever they are built and easy to test.
 */
import type { Appointment } from "@db/schema";
import { SLOT_MINUTES } from "~/features/slot-grid/slots";
import { appointmentDescription, appointmentTitle } from "./calendar-invite";

export interface CalendarEvent {
  title: string;
  startsAt: Date;
  endsAt: Date;
  details: string;
  location: string;
}

/** Google's form wants UTC as `YYYYMMDDTHHMMSSZ` (no dashes, colons or milliseconds). */
export function googleDateTime(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** Outlook's form takes ISO 8601 in UTC, without milliseconds. */
export function outlookDateTime(instant: Date): string {
  return instant.toISOString().replace(/\.\d{3}/, "");
}

function query(parameters: Record<string, string>): string {
  return Object.entries(parameters)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join("&");
}

/** Google Calendar's "create event" template, filled in. */
export function googleCalendarUrl(event: CalendarEvent): string {
  // The slash between the two times is Google's separator and stays as it is.
  const dates = `${googleDateTime(event.startsAt)}/${googleDateTime(event.endsAt)}`;
  return `https://calendar.google.com/calendar/render?${query({ action: "TEMPLATE", text: event.title })}&dates=${dates}&${query({ details: event.details, location: event.location })}`;
}

/** Outlook on the web's "new event" form, filled in (works for personal and work accounts alike). */
export function outlookCalendarUrl(event: CalendarEvent): string {
  return `https://outlook.live.com/calendar/0/deeplink/compose?${query({
    path: "/calendar/action/compose",
    rru: "addevent",
    subject: event.title,
    startdt: outlookDateTime(event.startsAt),
    enddt: outlookDateTime(event.endsAt),
    body: event.details,
    location: event.location,
  })}`;
}

/** Where the signed-in customer downloads the appointment's calendar file. */
export function calendarFilePath(appointmentId: string): string {
  return `/my-appointments/${appointmentId}/calendar.ics`;
}

/** The appointment as a calendar event: the same title and words as its e-mailed invitation. */
function appointmentCalendarEvent(
  appointment: Pick<Appointment, "startsAt" | "consultantSnapshot" | "meetingUrl">,
): CalendarEvent {
  const consultant = appointment.consultantSnapshot;
  return {
    title: appointmentTitle(appointment),
    startsAt: appointment.startsAt,
    endsAt: new Date(appointment.startsAt.getTime() + SLOT_MINUTES * 60_000),
    details: appointmentDescription(appointment),
    location: appointment.meetingUrl ?? `${consultant.address.line1}, ${consultant.address.line2}`,
  };
}

export interface CalendarLinks {
  google: string;
  outlook: string;
  file: string;
}

export function appointmentCalendarLinks(
  appointment: Pick<Appointment, "id" | "startsAt" | "consultantSnapshot" | "meetingUrl">,
): CalendarLinks {
  const event = appointmentCalendarEvent(appointment);
  return {
    google: googleCalendarUrl(event),
    outlook: outlookCalendarUrl(event),
    file: calendarFilePath(appointment.id),
  };
}
