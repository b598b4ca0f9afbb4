/**
 * The preferred time of a free-consultation call: read from the visitor's words ("tomorrow at
 * 2pm", "any time") as wall-clock time in the time zone they chose, and checked against how far
 * ahead the contact form allows.
 */
import * as chrono from "chrono-node";
import { DateTime } from "luxon";
import { PREFERRED_CALL_MAX_DAYS } from "~/features/contact/inquiry-fields";
import type { Slots } from "~/lib/lex-wire";
import { type SlotContext, type SlotReading, scalar, singleLine, slotText } from "./dialog-slot";

const ZONES: Record<string, string | undefined> = {
  EST: "America/New_York",
  PST: "America/Los_Angeles",
  MST: "America/Denver",
  GMT: "UTC",
  Other: undefined,
};

const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

export type PreferredTime =
  | { kind: "any" }
  | { kind: "time"; wallClock: string }
  | { kind: "text" }
  | { kind: "invalid"; problem: string };

function timeOfDay(text: string): { hour: number; minute: number } | undefined {
  if (/\b(noon|midday)\b/.test(text)) return { hour: 12, minute: 0 };
  const twelveHour = /\b(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm|a\.m\.?|p\.m\.?)(?![a-z])/.exec(text);
  if (twelveHour) {
    const hour = Number(twelveHour[1]);
    const minute = Number(twelveHour[2] ?? 0);
    if (hour < 1 || hour > 12 || minute > 59) return undefined;
    const pm = twelveHour[3]!.startsWith("p");
    return { hour: (hour % 12) + (pm ? 12 : 0), minute };
  }
  // "14:30", "at 14:30" or ISO's "…t14:30" (the text is lower-cased).
  const twentyFourHour = /(?:\bat\s+|\dt|\s|^)([01]?\d|2[0-3]):([0-5]\d)\b/.exec(text);
  if (twentyFourHour) return { hour: Number(twentyFourHour[1]), minute: Number(twentyFourHour[2]) };
  return undefined;
}

function calendarDate(text: string, today: DateTime): DateTime | undefined {
  const iso = /\b(\d{4})-(\d{1,2})-(\d{1,2})(?!\d)/.exec(text);
  if (iso) {
    const date = DateTime.fromObject(
      { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) },
      { zone: today.zone },
    );
    return date.isValid ? date : undefined;
  }
  if (/\btoday\b/.test(text)) return today;
  if (/\btomorrow\b/.test(text)) return today.plus({ days: 1 });
  const weekday = WEEKDAYS.findIndex((day) => new RegExp(`\\b${day}\\b`).test(text));
  if (weekday >= 0) {
    const ahead = (weekday + 1 - today.weekday + 7) % 7 || 7;
    return today.plus({ days: ahead });
  }
  const monthFirst =
    /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b(?:,?\s+(\d{4}))?/.exec(
      text,
    );
  const dayFirst =
    /\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\b(?:,?\s+(\d{4}))?/.exec(
      text,
    );
  const parts = monthFirst
    ? { month: MONTHS.indexOf(monthFirst[1]!) + 1, day: Number(monthFirst[2]), year: monthFirst[3] }
    : dayFirst
      ? { month: MONTHS.indexOf(dayFirst[2]!) + 1, day: Number(dayFirst[1]), year: dayFirst[3] }
      : undefined;
  if (!parts) return undefined;
  let date = DateTime.fromObject(
    { year: parts.year ? Number(parts.year) : today.year, month: parts.month, day: parts.day },
    { zone: today.zone },
  );
  if (!date.isValid) return undefined;
  if (!parts.year && date < today) date = date.plus({ years: 1 });
  return date;
}

/** A date and clock time chrono finds in the text, as wall-clock time in the zone of `localNow`. */
function chronoMoment(text: string, localNow: DateTime): { moment: DateTime; dayNamed: boolean } | undefined {
  const [found] = chrono.parse(
    text,
    { instant: localNow.toJSDate(), timezone: localNow.offset },
    { forwardDate: true },
  );
  if (!found?.start.isCertain("hour")) return undefined;
  const start = found.start;
  const moment = DateTime.fromObject(
    {
      year: start.get("year") ?? localNow.year,
      month: start.get("month") ?? localNow.month,
      day: start.get("day") ?? localNow.day,
      hour: start.get("hour") ?? 0,
      minute: start.get("minute") ?? 0,
    },
    { zone: localNow.zone },
  );
  if (!moment.isValid) return undefined;
  return { moment, dayNamed: start.isCertain("day") || start.isCertain("weekday") };
}

/**
 * Reads "tomorrow at 2pm", "Friday 10:30", "May 4 at 2:30 PM", "2027-05-04 14:30" or "any time",
 * as wall-clock time in the visitor's time zone. Anything else (e.g. "mornings") is kept as their
 * words, for the team to read.
 */
export function parsePreferredTime(text: string, timeZone: string | undefined, now: Date): PreferredTime {
  const lower = text.toLowerCase().trim();
  if (/\b(any ?time|no preference|whenever|flexible|doesn'?t matter|don'?t mind|not sure)\b/.test(lower)) {
    return { kind: "any" };
  }
  const zone = (timeZone && ZONES[timeZone]) || "UTC";
  const localNow = DateTime.fromJSDate(now, { zone });
  if (/\byesterday\b/.test(lower))
    return { kind: "invalid", problem: "That time has already passed. When would suit you?" };
  const time = timeOfDay(lower);
  const date = calendarDate(lower, localNow.startOf("day"));
  // chrono reads a day and time in words ("the day after tomorrow at 3", "next Tuesday at 3 pm").
  const read = chronoMoment(lower, localNow);
  if (!time && !read) return { kind: "text" };
  let moment: DateTime;
  if (read && (!time || read.dayNamed)) moment = read.moment;
  else {
    moment = (date ?? localNow.startOf("day")).set({ hour: time!.hour, minute: time!.minute });
    if (!date && moment <= localNow) moment = moment.plus({ days: 1 });
  }
  // With a zone we do not know ("Other"), allow for the earliest clock on Earth, as the form does.
  const earliest = timeZone && ZONES[timeZone] ? localNow : localNow.minus({ hours: 12 });
  if (moment <= earliest)
    return { kind: "invalid", problem: "That time has already passed. When would suit you?" };
  if (moment > localNow.plus({ days: PREFERRED_CALL_MAX_DAYS })) {
    return {
      kind: "invalid",
      problem: `Please choose a time within the next ${PREFERRED_CALL_MAX_DAYS} days.`,
    };
  }
  return { kind: "time", wallClock: moment.toFormat("yyyy-MM-dd'T'HH:mm") };
}

export function readPreferredTime(text: string, slots: Slots, context: SlotContext): SlotReading {
  const typed = text.trim();
  if (typed.length > 200 || !singleLine.test(typed)) {
    return { ok: false, problem: "Please keep the preferred time short, e.g. 'tomorrow at 2pm'." };
  }
  const parsed = parsePreferredTime(typed, slotText(slots, "timezone"), context.now);
  switch (parsed.kind) {
    case "invalid":
      return { ok: false, problem: parsed.problem };
    case "any":
      return { ok: true, updates: { preferredTime: scalar("any time", text) } };
    case "time":
      return { ok: true, updates: { preferredTime: scalar(parsed.wallClock, text, [parsed.wallClock]) } };
    default:
      return { ok: true, updates: { preferredTime: scalar(typed, text) } };
  }
}

/** A date and time a week ahead, in the visitor's zone, to show how a time may be typed. */
export function exampleTime(slots: Slots, now: Date): string {
  const zone = ZONES[slotText(slots, "timezone") ?? ""] ?? "UTC";
  const example = DateTime.fromJSDate(now, { zone }).plus({ days: 7 }).set({ hour: 14, minute: 30 });
  return example.toFormat("yyyy-MM-dd HH:mm");
}
