import { DateTime } from "luxon";
import type { WeeklyHours } from "../../../db/schema";

/** The booking grid (seed §9): 7 days, every 30 minutes from 10:00 until before 21:00. */
export const SLOT_MINUTES = 30;
export const DAY_START_HOUR = 10;
export const DAY_END_HOUR = 21;
export const BOOKING_WINDOW_DAYS = 7;

export interface Slot {
  /** `day_month_year`, month 1-based, no padding (e.g. `5_3_2027`), as the old clients use. */
  slotDate: string;
  /** `hh:mm AM/PM` (e.g. `01:30 PM`). */
  slotTime: string;
  /** The instant, ISO 8601 in UTC. */
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

export function formatSlotDate(time: DateTime): string {
  return `${time.day}_${time.month}_${time.year}`;
}

export function formatSlotTime(time: DateTime): string {
  return time.toFormat("hh:mm a");
}

function toSlot(time: DateTime): Slot {
  return { slotDate: formatSlotDate(time), slotTime: formatSlotTime(time), startsAt: time.toUTC().toISO()! };
}

/**
 * The seven days of slots from `now`, in the agency's time zone: today from the next half hour
 * (not before 10:00), the following six days in full. `taken` holds the start instants (ms) of
 * active bookings, which are left out, as are slots outside `working`. Wall-clock times are
 * resolved by luxon, so days across a daylight-saving change keep every slot exactly once.
 */
export function slotWindow(options: {
  now: Date;
  zone: string;
  taken?: ReadonlySet<number>;
  /** The consultant's hours and days off; the whole grid when absent. */
  working?: WorkingTime;
}): SlotDay[] {
  const { zone, taken = new Set(), working } = options;
  const now = DateTime.fromJSDate(options.now, { zone });
  const days: SlotDay[] = [];
  for (let offset = 0; offset < BOOKING_WINDOW_DAYS; offset++) {
    const day = now.startOf("day").plus({ days: offset });
    const slots: Slot[] = [];
    for (let minutes = DAY_START_HOUR * 60; minutes < DAY_END_HOUR * 60; minutes += SLOT_MINUTES) {
      const start = DateTime.fromObject(
        {
          year: day.year,
          month: day.month,
          day: day.day,
          hour: Math.floor(minutes / 60),
          minute: minutes % 60,
        },
        { zone },
      );
      if (start <= now || taken.has(start.toMillis())) continue;
      if (working && !isWorkingTime(start, working)) continue;
      slots.push(toSlot(start));
    }
    days.push({ date: day.toISODate()!, slots });
  }
  return days;
}

export type SlotProblem = "malformed" | "malformed-time" | "off-grid" | "past" | "outside-window";

/**
 * A wall-clock time as the old clients write it: `hh:mm AM/PM` in either case (the browser's
 * 12-hour clock, with any space before the marker, including the narrow no-break space newer
 * browsers put there) or `HH:mm` (a 24-hour clock). `12:00 PM` is noon and `12:00 AM` midnight.
 */
export function parseSlotTime(slotTime: string): { hour: number; minute: number } | undefined {
  const match = /^(\d{1,2}):(\d{2})(?:\s*([AaPp])\.?[Mm]\.?)?$/.exec(slotTime.trim());
  if (!match) return undefined;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (minute > 59) return undefined;
  const marker = match[3]?.toUpperCase();
  if (!marker) return hour <= 23 ? { hour, minute } : undefined;
  if (hour < 1 || hour > 12) return undefined;
  return { hour: (hour % 12) + (marker === "P" ? 12 : 0), minute };
}

/**
 * Turns the old clients' `slotDate` and `slotTime` into an instant in the agency's zone and checks
 * it against the grid and the window. Returns the instant or why it is not bookable.
 */
export function resolveSlot(
  slotDate: string,
  slotTime: string,
  options: { now: Date; zone: string },
): { ok: true; startsAt: Date; slot: Slot } | { ok: false; problem: SlotProblem } {
  const dateMatch = /^(\d{1,2})_(\d{1,2})_(\d{4})$/.exec(slotDate.trim());
  if (!dateMatch) return { ok: false, problem: "malformed" };
  const time = parseSlotTime(slotTime);
  if (!time) return { ok: false, problem: "malformed-time" };
  const [, day, month, year] = dateMatch.map(Number) as [number, number, number, number];
  const { hour, minute } = time;
  const start = DateTime.fromObject({ year, month, day, hour, minute }, { zone: options.zone });
  if (!start.isValid || start.day !== day || start.hour !== hour) return { ok: false, problem: "malformed" };
  if (minute % SLOT_MINUTES !== 0 || hour < DAY_START_HOUR || hour >= DAY_END_HOUR) {
    return { ok: false, problem: "off-grid" };
  }
  const now = DateTime.fromJSDate(options.now, { zone: options.zone });
  if (start <= now) return { ok: false, problem: "past" };
  const lastDay = now.startOf("day").plus({ days: BOOKING_WINDOW_DAYS });
  if (start >= lastDay) return { ok: false, problem: "outside-window" };
  return { ok: true, startsAt: start.toJSDate(), slot: toSlot(start) };
}

/** `slotDate`/`slotTime` of a stored start instant, in the agency's zone. */
export function slotOf(startsAt: Date, zone: string): Slot {
  return toSlot(DateTime.fromJSDate(startsAt, { zone }));
}
