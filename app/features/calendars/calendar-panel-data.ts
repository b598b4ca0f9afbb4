/** What the calendar panel shows of a connection (never its secret); calendarViewForPage makes it. */
export interface CalendarPanelData {
  kind: "caldav" | "ics" | null;
  url: string | null;
  username: string | null;
  /** The last good sync, already written for people ("Tuesday, May 4, 2027 at 1:30 PM EDT"). */
  lastSynced: string | null;
  lastError: string | null;
  busyCount: number;
  /** No good sync within CALENDAR_STALE_MINUTES: the consultant's slots are withheld. */
  withheld: boolean;
  /** Bookings waiting to be written to the calendar, and those whose last attempt failed. */
  pendingWrites: number;
  failedWrites: number;
  lastWriteError: string | null;
  feedUrl: string;
}

/**
 * The calendar panel's buttons (app/components/staff/calendar-panel.tsx), as form intents.
 * Browser-safe, like the panel's data: the pages read them to tell a calendar form's failure from
 * their other forms'.
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
