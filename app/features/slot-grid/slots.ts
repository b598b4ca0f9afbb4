import type { WeeklyHours } from "@db/schema";
import { DateTime } from "luxon";
import { BoundedMemo } from "~/lib/bounded-memo";
import { rememberedZone } from "~/lib/remembered-zone";

/** The booking grid (seed §9): 7 days, every 30 minutes from 10:00 until before 21:00. */
export const SLOT_MINUTES = 30;
export const DAY_START_HOUR = 10;
export const DAY_END_HOUR = 21;
export const BOOKING_WINDOW_DAYS = 7;

/** A free slot: its start instant, ISO 8601 in UTC (loader data carries it as text). */
interface Slot {
  startsAt: string;
}

export interface SlotDay {
  /** The calendar day in the agency's zone, `YYYY-MM-DD`. */
  date: string;
  slots: Slot[];
}

/**
 * When a consultant takes bookings: `workingHours` null means the whole grid every day; otherwise
 * a weekday without hours takes none. `daysOff` are calendar days (YYYY-MM-DD, agency zone).
 */
export interface WorkingTime {
  workingHours: WeeklyHours | null;
  daysOff: readonly string[];
}

/** Whether a slot starting at `start` (a wall-clock time in the agency's zone) lies inside the working time. */
export function isWorkingTime(start: DateTime, working: WorkingTime): boolean {
  if (working.daysOff.includes(start.toISODate()!)) return false;
  if (!working.workingHours) return true;
  const hours = working.workingHours[String(start.weekday) as keyof WeeklyHours];
  if (!hours) return false;
  const minutes = start.hour * 60 + start.minute;
  return minutes >= hours.start && minutes + SLOT_MINUTES <= hours.end;
}

function toSlot(time: DateTime): Slot {
  // The same string as luxon's toUTC().toISO(), without its zone arithmetic for every slot.
  return { startsAt: new Date(time.toMillis()).toISOString() };
}

/** A day of the booking window with every start of the grid still ahead on it, before any is left out. */
export interface GridDay {
  /** The calendar day in the agency's zone, `YYYY-MM-DD`. */
  date: string;
  starts: DateTime[];
}

/**
 * The booking grid for the seven days from `now`, in the agency's time zone: today from the next
 * half hour (not before 10:00), the following six days in full. Wall-clock times are resolved by
 * luxon, so days across a daylight-saving change keep every start exactly once. One grid serves
 * every consultant (the directory reads it once for all of them).
 */
export function bookingGrid(options: { now: Date; zone: string }): GridDay[] {
  const { zone } = options;
  const now = DateTime.fromJSDate(options.now, { zone: rememberedZone(zone) });
  const nowMs = now.toMillis();
  const days: GridDay[] = [];
  for (let offset = 0; offset < BOOKING_WINDOW_DAYS; offset++) {
    const date = now.startOf("day").plus({ days: offset }).toISODate()!;
    days.push({ date, starts: dayStarts(zone, date).filter((start) => start.toMillis() > nowMs) });
  }
  return days;
}

/**
 * Every start of the grid on one calendar day, kept per zone and day: resolving a wall-clock time
 * in a zone is luxon's slow part, and a day's starts never change.
 */
/** Enough for the week's grid in several zones; the oldest days are forgotten first as the calendar moves on. */
const startsByZoneAndDay = new BoundedMemo<string, readonly DateTime[]>(64);

function dayStarts(zone: string, date: string): readonly DateTime[] {
  return startsByZoneAndDay.get(`${zone} ${date}`, () => {
    const [year, month, day] = date.split("-").map(Number);
    const starts: DateTime[] = [];
    for (let minutes = DAY_START_HOUR * 60; minutes < DAY_END_HOUR * 60; minutes += SLOT_MINUTES) {
      starts.push(
        DateTime.fromObject(
          { year, month, day, hour: Math.floor(minutes / 60), minute: minutes % 60 },
          { zone: rememberedZone(zone) },
        ),
      );
    }
    return starts;
  });
}

/** Whether a start of the grid is free: not taken by an active booking, inside the working time. */
function isFree(start: DateTime, taken: ReadonlySet<number>, working: WorkingTime | undefined): boolean {
  return !taken.has(start.toMillis()) && (!working || isWorkingTime(start, working));
}

/**
 * The seven days of slots from `now` (see bookingGrid). `taken` holds the start instants (ms) of
 * active bookings, which are left out, as are slots outside `working`.
 */
export function slotWindow(options: {
  now: Date;
  zone: string;
  taken?: ReadonlySet<number>;
  /** The consultant's hours and days off; the whole grid when absent. */
  working?: WorkingTime;
}): SlotDay[] {
  const { taken = new Set(), working } = options;
  return bookingGrid(options).map((day) => ({
    date: day.date,
    slots: day.starts.filter((start) => isFree(start, taken, working)).map(toSlot),
  }));
}

/** The first free start of a grid (bookingGrid) for one consultant, or null when the window has none. */
export function firstFreeStart(
  grid: readonly GridDay[],
  taken: ReadonlySet<number>,
  working?: WorkingTime,
): Date | null {
  for (const day of grid) {
    for (const start of day.starts) {
      if (isFree(start, taken, working)) return start.toJSDate();
    }
  }
  return null;
}

export type SlotProblem = "off-grid" | "past" | "outside-window";

/**
 * Whether a start instant is bookable by the grid and the window, read in the agency's zone: on
 * the hour or half hour (to the second) from 10:00 to 20:30, after `now`, and before the end of
 * the seventh day. Returns why not, or undefined when it is bookable.
 */
export function slotProblem(startsAt: Date, options: { now: Date; zone: string }): SlotProblem | undefined {
  const zone = rememberedZone(options.zone);
  const instant = startsAt.getTime();
  if (!zone.isValid || Number.isNaN(instant)) return "off-grid";
  // The wall clock in the zone, read off a UTC date shifted by the zone's offset: a booking attempt
  // asks this every time, and luxon's objects for it were a real part of a refused attempt's cost.
  const wallClock = new Date(instant + zone.offset(instant) * 60_000);
  const hour = wallClock.getUTCHours();
  if (
    wallClock.getUTCSeconds() !== 0 ||
    wallClock.getUTCMilliseconds() !== 0 ||
    wallClock.getUTCMinutes() % SLOT_MINUTES !== 0 ||
    hour < DAY_START_HOUR ||
    hour >= DAY_END_HOUR
  ) {
    return "off-grid";
  }
  if (instant <= options.now.getTime()) return "past";
  if (instant >= bookingWindowEnd(options.now, options.zone)) return "outside-window";
  return undefined;
}

/** The last bookable day's end for a `now` on the day it was worked out for, by zone. */
const windowEnds = new Map<string, { dayStart: number; nextDayStart: number; windowEnd: number }>();

/** The instant the booking window closes: midnight, in the zone, seven days after the start of now's day. */
function bookingWindowEnd(now: Date, zoneName: string): number {
  const instant = now.getTime();
  const remembered = windowEnds.get(zoneName);
  if (remembered && instant >= remembered.dayStart && instant < remembered.nextDayStart) {
    return remembered.windowEnd;
  }
  const dayStart = DateTime.fromJSDate(now, { zone: rememberedZone(zoneName) }).startOf("day");
  const computed = {
    dayStart: dayStart.toMillis(),
    nextDayStart: dayStart.plus({ days: 1 }).toMillis(),
    windowEnd: dayStart.plus({ days: BOOKING_WINDOW_DAYS }).toMillis(),
  };
  windowEnds.set(zoneName, computed);
  return computed.windowEnd;
}
