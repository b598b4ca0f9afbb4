/**
 * The calendar panel's buttons (app/components/staff/calendar-panel.tsx), as form intents.
 * Browser-safe: the pages read them to tell a calendar form's failure from their other forms'.
 */
const calendarIntents = [
  "calendar-caldav",
  "calendar-ics",
  "calendar-sync",
  "calendar-disconnect",
  "calendar-rotate-feed",
] as const;
export type CalendarIntent = (typeof calendarIntents)[number];

export function isCalendarIntent(intent: string | undefined): intent is CalendarIntent {
  return (calendarIntents as readonly string[]).includes(intent ?? "");
}
