import { calendarBusyTimes, consultantCalendars } from "@db/calendar-schema";
import { and, eq, gt, inArray, lt } from "drizzle-orm";
import { BOOKING_WINDOW_DAYS, SLOT_MINUTES } from "~/features/slot-grid/slots";
import type { Database, Transaction } from "~/infra/db.server";
import { FeatureError } from "~/lib/errors";

export const BUSY_IN_CALENDAR_MESSAGE =
  "The consultant is busy at that time in their own calendar. Please choose another slot.";
export const CALENDAR_UNCHECKED_MESSAGE =
  "This consultant is temporarily unavailable: their calendar could not be checked just now. Please try again later.";

const SLOT_MS = SLOT_MINUTES * 60_000;
/** Slots start on the half hour in the agency's zone; every zone's offset is a multiple of 15 minutes. */
const START_STEP_MS = 15 * 60_000;
/** A little beyond the booking window, so its last day is covered in every zone. */
const LOOK_AHEAD_MS = (BOOKING_WINDOW_DAYS + 1) * 24 * 60 * 60_000;

/** What a connected calendar says of a consultant's slots. */
export interface CalendarBlocks {
  /** Slot starts (ms) that overlap a busy time. */
  busyStarts: Set<number>;
  /** The calendar is not trusted (no good sync within CALENDAR_STALE_MINUTES): no slot is offered. */
  withheld: boolean;
}

function isWithheld(calendar: { trustedUntil: Date | null }, now: Date): boolean {
  return calendar.trustedUntil === null || calendar.trustedUntil.getTime() <= now.getTime();
}

/** Every possible slot start whose half hour overlaps [startsAt, endsAt). */
function addOverlappedStarts(into: Set<number>, startsAt: Date, endsAt: Date, now: Date): void {
  const first = Math.max(startsAt.getTime() - SLOT_MS + 1, now.getTime() - SLOT_MS);
  const last = Math.min(endsAt.getTime(), now.getTime() + LOOK_AHEAD_MS);
  for (let start = Math.ceil(first / START_STEP_MS) * START_STEP_MS; start < last; start += START_STEP_MS) {
    into.add(start);
  }
}

/**
 * The connected calendars' word on these consultants' slots from `now` to the end of the booking
 * window, by consultant id; consultants without a calendar are not in the map. Two indexed reads.
 */
export async function calendarBlocks(
  db: Database,
  consultantIds: readonly string[],
  now: Date,
): Promise<Map<string, CalendarBlocks>> {
  const result = new Map<string, CalendarBlocks>();
  if (consultantIds.length === 0) return result;
  const calendars = await db
    .select({
      consultantId: consultantCalendars.consultantId,
      trustedUntil: consultantCalendars.trustedUntil,
    })
    .from(consultantCalendars)
    .where(inArray(consultantCalendars.consultantId, [...consultantIds]));
  if (calendars.length === 0) return result;
  for (const calendar of calendars) {
    result.set(calendar.consultantId, { busyStarts: new Set(), withheld: isWithheld(calendar, now) });
  }
  const busy = await db
    .select({
      consultantId: calendarBusyTimes.consultantId,
      startsAt: calendarBusyTimes.startsAt,
      endsAt: calendarBusyTimes.endsAt,
    })
    .from(calendarBusyTimes)
    .where(
      and(
        inArray(
          calendarBusyTimes.consultantId,
          calendars.map((calendar) => calendar.consultantId),
        ),
        lt(calendarBusyTimes.startsAt, new Date(now.getTime() + LOOK_AHEAD_MS)),
        gt(calendarBusyTimes.endsAt, now),
      ),
    );
  for (const time of busy) {
    const blocks = result.get(time.consultantId);
    if (blocks) addOverlappedStarts(blocks.busyStarts, time.startsAt, time.endsAt, now);
  }
  return result;
}

/** One consultant's calendar blocks, or none when no calendar is connected. */
export async function consultantCalendarBlocks(
  db: Database,
  consultantId: string,
  now: Date,
): Promise<CalendarBlocks | undefined> {
  return (await calendarBlocks(db, [consultantId], now)).get(consultantId);
}

/**
 * What the consultant's calendar says of one half hour, read in the caller's transaction (so a
 * sync that has just finished in another process counts): "withheld" when the calendar is not
 * trusted, "busy" when a busy time overlaps it, nothing when it allows it or there is no calendar.
 */
export async function calendarConflict(
  transaction: Transaction,
  consultantId: string,
  startsAt: Date,
  now: Date,
): Promise<"withheld" | "busy" | undefined> {
  const [calendar] = await transaction
    .select({ trustedUntil: consultantCalendars.trustedUntil })
    .from(consultantCalendars)
    .where(eq(consultantCalendars.consultantId, consultantId));
  if (!calendar) return undefined;
  if (isWithheld(calendar, now)) return "withheld";
  const [busy] = await transaction
    .select({ startsAt: calendarBusyTimes.startsAt })
    .from(calendarBusyTimes)
    .where(
      and(
        eq(calendarBusyTimes.consultantId, consultantId),
        lt(calendarBusyTimes.startsAt, new Date(startsAt.getTime() + SLOT_MS)),
        gt(calendarBusyTimes.endsAt, startsAt),
      ),
    )
    .limit(1);
  return busy ? "busy" : undefined;
}

/** Refuses a booking the consultant's calendar forbids, inside the booking's transaction (see calendarConflict). */
export async function refuseCalendarConflict(
  transaction: Transaction,
  consultantId: string,
  startsAt: Date,
  now: Date,
): Promise<void> {
  const conflict = await calendarConflict(transaction, consultantId, startsAt, now);
  if (conflict === "withheld") throw new FeatureError("conflict", CALENDAR_UNCHECKED_MESSAGE);
  if (conflict === "busy") {
    throw new FeatureError("conflict", BUSY_IN_CALENDAR_MESSAGE, { startsAt: BUSY_IN_CALENDAR_MESSAGE });
  }
}

/**
 * Slot starts (ms) from `now` to the end of the booking window that `before` blocked and `after`
 * no longer does: what a sync that replaced the busy times freed.
 */
export function startsFreedBetween(
  before: readonly { startsAt: Date; endsAt: Date }[],
  after: readonly { startsAt: Date; endsAt: Date }[],
  now: Date,
): number[] {
  const blockedBefore = new Set<number>();
  for (const time of before) addOverlappedStarts(blockedBefore, time.startsAt, time.endsAt, now);
  const blockedAfter = new Set<number>();
  for (const time of after) addOverlappedStarts(blockedAfter, time.startsAt, time.endsAt, now);
  return [...blockedBefore]
    .filter((start) => start > now.getTime() && !blockedAfter.has(start))
    .sort((first, second) => first - second);
}
