/**
 * The old clients' slot strings, read and written only here, at the JSON API's edge (DESIGN.md
 * §3-§4): `slotDate` is `day_month_year` with a 1-based month and no padding (`5_3_2027`),
 * `slotTime` is `hh:mm AM/PM` (`01:30 PM`), both wall-clock in the agency's zone. Inside the app a
 * slot is its start instant; the features check whether that instant is bookable.
 */
import { DateTime } from "luxon";
import { z } from "zod";
import { BoundedMemo } from "~/lib/bounded-memo";
import { FeatureError, parseInput } from "~/lib/errors";
import { rememberedZone } from "~/lib/remembered-zone";

/** `slotDate` and `slotTime` of an instant, in the given zone. */
export interface LegacySlot {
  slotDate: string;
  slotTime: string;
}

/**
 * Instants already told, by zone and time: the same week of slot starts is told again for every
 * consultant and every refresh, and luxon's zone arithmetic was a visible share of the server's
 * time under mixed traffic. Bounded; the oldest entry goes first.
 */
const toldSlots = new BoundedMemo<string, LegacySlot>(4_096);

export function legacySlotOf(startsAt: Date, zone: string): LegacySlot {
  const told = toldSlots.get(`${zone}|${startsAt.getTime()}`, () => {
    const time = DateTime.fromJSDate(startsAt, { zone: rememberedZone(zone) });
    return { slotDate: `${time.day}_${time.month}_${time.year}`, slotTime: time.toFormat("hh:mm a") };
  });
  return { ...told };
}

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

export type LegacySlotProblem = "malformed" | "malformed-time";

const legacySlotMessages: Record<LegacySlotProblem, string> = {
  malformed: "Please choose a day and time from the list of available slots.",
  "malformed-time": "Please give the time as 10:30 (24-hour clock), 10:30 AM or 10:30 am.",
};

/**
 * The instant `slotDate` and `slotTime` name in the agency's zone, or why they name none: an
 * unreadable or non-existent day, a wall-clock time the zone skips, or an unreadable time. Whether
 * the instant is on the grid, ahead and within the window is the booking feature's check.
 */
export function readLegacySlot(
  slotDate: string,
  slotTime: string,
  zone: string,
): { ok: true; startsAt: Date } | { ok: false; problem: LegacySlotProblem } {
  const dateMatch = /^(\d{1,2})_(\d{1,2})_(\d{4})$/.exec(slotDate.trim());
  if (!dateMatch) return { ok: false, problem: "malformed" };
  const time = parseSlotTime(slotTime);
  if (!time) return { ok: false, problem: "malformed-time" };
  const [, day, month, year] = dateMatch.map(Number) as [number, number, number, number];
  const startsAt = wallClockInstant({ year, month, day, ...time }, zone);
  return startsAt === undefined
    ? { ok: false, problem: "malformed" }
    : { ok: true, startsAt: new Date(startsAt) };
}

/**
 * What each wall-clock time read as in each zone (its instant in ms, or null when the day does
 * not exist or the zone skips that time): a rush of bookings names the same few slots, and luxon's
 * resolution was a real part of a refused attempt's cost. Keyed by the numbers read, so a key
 * stays short whatever a request sends. A week of slots is 154 times per zone.
 */
const instantsRead = new BoundedMemo<string, number | null>(2_048);

function wallClockInstant(
  wallClock: { year: number; month: number; day: number; hour: number; minute: number },
  zone: string,
): number | undefined {
  const { year, month, day, hour, minute } = wallClock;
  const instant = instantsRead.get(`${zone} ${year} ${month} ${day} ${hour} ${minute}`, () => {
    const start = DateTime.fromObject(wallClock, { zone: rememberedZone(zone) });
    return start.isValid && start.day === day && start.hour === hour ? start.toMillis() : null;
  });
  return instant ?? undefined;
}

/** A `slotDate` as the calendar day it names (`YYYY-MM-DD`), or a 400 with a sentence. */
export function legacyDay(slotDate: unknown): string {
  const match = typeof slotDate === "string" ? /^(\d{1,2})_(\d{1,2})_(\d{4})$/.exec(slotDate.trim()) : null;
  const day = match ? `${match[3]}-${match[2]!.padStart(2, "0")}-${match[1]!.padStart(2, "0")}` : "";
  if (!match || !DateTime.fromISO(day).isValid) {
    const message = "Please give the day as day_month_year, e.g. 5_3_2027.";
    throw new FeatureError("invalid", message, { slotDate: message });
  }
  return day;
}

/** A calendar day (`YYYY-MM-DD`) as the old clients write it: `5_3_2027`. */
export function legacySlotDateOfDay(day: string): string {
  const [year, month, date] = day.split("-").map(Number);
  return `${date}_${month}_${year}`;
}

/** Whether two wall-clock times name the same minute (`01:30 PM`, `13:30`, `1:30 pm`). */
export function sameSlotTime(first: string, second: string): boolean {
  const a = parseSlotTime(first);
  const b = parseSlotTime(second);
  return a !== undefined && b !== undefined && a.hour === b.hour && a.minute === b.minute;
}

/** The instant of a request's `slotDate` and `slotTime`, or a 400 with the old sentence. */
export function legacySlotStart(slot: LegacySlot, zone: string): Date {
  const read = readLegacySlot(slot.slotDate, slot.slotTime, zone);
  if (read.ok) return read.startsAt;
  const message = legacySlotMessages[read.problem];
  throw new FeatureError("invalid", message, { slotTime: message });
}

const slotDate = z.string({ error: "Please choose a day." }).trim().min(1, "Please choose a day.");

function slotTime(missing: string) {
  return z.string({ error: missing }).trim().min(1, missing);
}

/** POST /api/user/book-appointment's body, with the sentences the old API gave. */
export const legacyBookingSchema = z.object({
  docId: z.string({ error: "Please choose a consultant." }).trim().min(1, "Please choose a consultant."),
  slotDate,
  slotTime: slotTime("Please choose a time for your appointment."),
});

/** The new slot of a reschedule request (customer's or staff's). */
export const legacyRescheduleSchema = z.object({
  slotDate,
  slotTime: slotTime("Please choose a new time."),
});

/** POST /api/user/reschedule-appointment's body. */
export const legacyOwnRescheduleSchema = z
  .object({
    appointmentId: z
      .string({ error: "Please name the appointment." })
      .trim()
      .min(1, "Please name the appointment."),
  })
  .and(legacyRescheduleSchema);

/** The start instant a booking or reschedule body names, read with `schema` first. */
export function legacyRequestStart(
  schema: typeof legacyBookingSchema | typeof legacyRescheduleSchema | typeof legacyOwnRescheduleSchema,
  body: unknown,
  zone: string,
): Date {
  return legacySlotStart(parseInput(schema, body), zone);
}
