import { consultantCalendars } from "@db/calendar-schema";
import { consultants } from "@db/schema";
import { and, count, isNull, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/infra/db.server";

/**
 * A connected calendar staff should look at: its slots are withheld (never read, or not read
 * successfully for CALENDAR_STALE_MINUTES), its last sync failed, or a booking waits to be
 * written after a failed attempt. Over a row of consultant_calendars.
 */
function calendarInTrouble(now: Date): SQL {
  return sql`("consultant_calendars"."trusted_until" is null
    or "consultant_calendars"."trusted_until" <= ${now}
    or "consultant_calendars"."last_error" is not null
    or ${failingWriteError} is not null)`;
}

/**
 * One failed write's error of the calendar (the row's), while it still waits to be retried. Names
 * are written out: inside a select's field drizzle would drop the outer table's name.
 */
const failingWriteError = sql<string | null>`(select "calendar_writes"."last_error" from "calendar_writes"
  where "calendar_writes"."calendar_id" = "consultant_calendars"."id"
    and "calendar_writes"."due_at" is not null and "calendar_writes"."last_error" is not null
  order by "calendar_writes"."updated_at" desc limit 1)`;

/** For a query over consultants: only those whose calendar is in trouble. */
export function consultantCalendarInTrouble(now: Date): SQL {
  return sql`exists (select 1 from "consultant_calendars"
    where "consultant_calendars"."consultant_id" = "consultants"."id" and ${calendarInTrouble(now)})`;
}

/** The columns a staff list left-joins from consultant_calendars to say what is wrong. */
export const calendarHealthColumns = {
  id: consultantCalendars.id,
  lastError: consultantCalendars.lastError,
  trustedUntil: consultantCalendars.trustedUntil,
  writeError: failingWriteError,
};

/** What is wrong with a consultant's calendar, in words for staff; null when nothing is (or none is connected). */
export function calendarProblemOf(
  calendar: {
    id: string | null;
    lastError: string | null;
    trustedUntil: Date | null;
    writeError: string | null;
  } | null,
  now: Date,
): string | null {
  // A consultant without a calendar comes from the left join as a row of nulls.
  if (!calendar?.id) return null;
  if (calendar.trustedUntil === null || calendar.trustedUntil <= now) {
    return `Calendar not read: slots withheld${calendar.lastError ? ` (${calendar.lastError})` : ""}`;
  }
  if (calendar.lastError) return `Calendar sync failing: ${calendar.lastError}`;
  return calendar.writeError ? `Bookings not written to the calendar yet: ${calendar.writeError}` : null;
}

/** How many consultants still on the books have a calendar in trouble (the dashboard's tile). */
export async function countCalendarsInTrouble(db: Database, now: Date): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(consultants)
    .where(and(isNull(consultants.archivedAt), consultantCalendarInTrouble(now)));
  return row?.total ?? 0;
}
