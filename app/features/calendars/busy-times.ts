import ICAL from "ical.js";
import { DateTime, IANAZone } from "luxon";
import { rememberedZone } from "~/lib/remembered-zone";

export interface BusyTime {
  startsAt: Date;
  endsAt: Date;
}

/** A calendar we cannot read, in a sentence for a person (shown as the calendar's last error). */
export class CalendarDataError extends Error {}

export interface BusyTimeOptions {
  /** The window to read (e.g. now-1 day .. now+60 days). */
  from: Date;
  to: Date;
  /** IANA zone for floating times and all-day events (the agency's zone). */
  zone: string;
  /** Our own bookings written to the calendar are skipped (master and overrides). */
  ignoreUid?: (uid: string) => boolean;
  /** VEVENT components over all texts; default 20,000. */
  maxEvents?: number;
  /** Occurrences inside the window; default 20,000. */
  maxBusyTimes?: number;
}

const DEFAULT_MAX_EVENTS = 20_000;
const DEFAULT_MAX_BUSY_TIMES = 20_000;
/**
 * Occurrences of one event read without keeping them (before the window, or not blocking) before we
 * give up on it: a daily event since the 18th century passes, an hourly one of the last twelve years
 * does not. A rule is expanded from its start, so this is what bounds an endless rule.
 */
const MAX_SKIPPED_OCCURRENCES = 100_000;

function tooLarge(count: number, what: string): CalendarDataError {
  return new CalendarDataError(
    `The calendar holds more than ${count.toLocaleString("en-US")} ${what}, more than this server reads. Please connect a calendar with fewer events.`,
  );
}

/** The window as read: instants in ms, the zone for wall times, the bound on busy times. */
type Window = { fromMs: number; toMs: number; zone: string; maxBusyTimes: number };

/**
 * The busy times of one or more iCalendar texts (a CalDAV calendar gives one text per event; an ICS
 * feed one text), inside the window, sorted by start. A busy time crossing an edge of the window is
 * kept whole. Throws CalendarDataError for a text we cannot read or a calendar larger than we read.
 */
export function busyTimesOf(calendarTexts: readonly string[], options: BusyTimeOptions): BusyTime[] {
  const maxEvents = options.maxEvents ?? DEFAULT_MAX_EVENTS;
  // Counted on the raw text, before ical.js builds anything: a huge feed is refused in milliseconds.
  let eventCount = 0;
  for (const text of calendarTexts) eventCount += text.match(/^BEGIN:VEVENT\r?$/gim)?.length ?? 0;
  if (eventCount > maxEvents) throw tooLarge(maxEvents, "events");
  // VEVENTs by UID: a CalDAV server sends an override in its master's text, a feed anywhere in it.
  const groups = new Map<string | symbol, { masters: ICAL.Component[]; overrides: ICAL.Component[] }>();
  for (const text of calendarTexts) {
    for (const vevent of veventsOf(text)) {
      const uid = vevent.getFirstPropertyValue("uid");
      if (typeof uid === "string" && options.ignoreUid?.(uid)) continue;
      // RFC 5545 requires DTSTART; without it there is nothing to place.
      if (!vevent.hasProperty("dtstart")) continue;
      const key = typeof uid === "string" && uid !== "" ? uid : Symbol("no UID");
      const group = groups.get(key) ?? { masters: [], overrides: [] };
      groups.set(key, group);
      (vevent.hasProperty("recurrence-id") ? group.overrides : group.masters).push(vevent);
    }
  }
  const window: Window = {
    fromMs: options.from.getTime(),
    toMs: options.to.getTime(),
    zone: options.zone,
    maxBusyTimes: options.maxBusyTimes ?? DEFAULT_MAX_BUSY_TIMES,
  };
  const busy: BusyTime[] = [];
  for (const { masters, overrides } of groups.values()) {
    for (const master of masters) readOccurrences(busy, master, overrides, window);
    // An override without its master (an invitation to one occurrence) stands on its own.
    if (masters.length === 0) for (const override of overrides) readOccurrences(busy, override, [], window);
  }
  return busy.sort(byStart);
}

/** Busy times sorted by start, with overlapping and touching ones merged into one. */
export function mergedBusyTimes(busy: readonly BusyTime[]): BusyTime[] {
  const merged: BusyTime[] = [];
  for (const time of [...busy].sort(byStart)) {
    const last = merged.at(-1);
    if (!last || time.startsAt > last.endsAt) merged.push({ startsAt: time.startsAt, endsAt: time.endsAt });
    else if (time.endsAt > last.endsAt) last.endsAt = time.endsAt;
  }
  return merged;
}

function byStart(a: BusyTime, b: BusyTime): number {
  return a.startsAt.getTime() - b.startsAt.getTime() || a.endsAt.getTime() - b.endsAt.getTime();
}

/** The VEVENTs of one text, each still attached to its VCALENDAR so ical.js finds the text's own VTIMEZONEs. */
function veventsOf(text: string): ICAL.Component[] {
  if (!/^\uFEFF?\s*BEGIN:VCALENDAR/i.test(text)) {
    throw new CalendarDataError("The address did not return an iCalendar calendar (text/calendar).");
  }
  let parsed: unknown[];
  try {
    parsed = ICAL.parse(text);
  } catch (error) {
    throw brokenRuleIn(text) ?? new CalendarDataError(`The calendar could not be read: ${messageOf(error)}.`);
  }
  // ical.js gives one jCal for one VCALENDAR, an array of them for several.
  const calendars = typeof parsed[0] === "string" ? [parsed] : parsed;
  return calendars.flatMap((jcal) => new ICAL.Component(jcal as unknown[]).getAllSubcomponents("vevent"));
}

/**
 * Expands one event (with its overrides) into `busy`, from its start until past the window:
 * ical.js applies RRULE, RDATE, EXDATE and the overrides (RECURRENCE-ID).
 */
function readOccurrences(
  busy: BusyTime[],
  vevent: ICAL.Component,
  overrides: ICAL.Component[],
  window: Window,
) {
  // An explicit (empty) list: left alone, ical.js relates every VEVENT with a RECURRENCE-ID in the
  // text to this one, whatever its UID, and an ICS feed holds the overrides of all its events.
  const event = new ICAL.Event(vevent, { exceptions: [] });
  try {
    for (const override of overrides) event.relateException(override);
    const startTzid = tzidOf(vevent, "dtstart");
    // ical.js matches an override by its RECURRENCE-ID as written; a server writing it in UTC for a
    // master in a zone ical.js leaves floating is matched here by the instant instead.
    const overrideAt = new Map<number, ICAL.Event>();
    // An override may move an occurrence from after the window into it: read up to the latest one.
    let stopAtMs = window.toMs;
    for (const override of Object.values(event.exceptions)) {
      const recurrenceTzid = tzidOf(override.component, "recurrence-id");
      const recurrenceMs = instantOf(override.recurrenceId, recurrenceTzid, window);
      overrideAt.set(recurrenceMs, override);
      stopAtMs = Math.max(stopAtMs, recurrenceMs + 1);
    }
    // Occurrences are read from the start of the series, most of them long before the window: the
    // length of each item is worked out once, and ical.js's details only asked for when there are overrides.
    const lengths = new Map<ICAL.Event, number>();
    let skipped = 0;
    for (const occurrence of occurrencesOf(event)) {
      const occurrenceMs = instantOf(occurrence, startTzid, window);
      if (occurrenceMs >= stopAtMs) break;
      let { item, startDate } =
        overrideAt.size > 0 ? event.getOccurrenceDetails(occurrence) : { item: event, startDate: occurrence };
      const moved = item === event ? overrideAt.get(occurrenceMs) : undefined;
      if (moved) [item, startDate] = [moved, moved.startDate];
      const length = lengths.get(item) ?? lengthOf(item, window);
      lengths.set(item, length);
      // The override's own STATUS and TRANSP decide, not the master's.
      const span = blocks(item) ? spanOf(item, startDate, length, window) : undefined;
      if (span && span.endsAt.getTime() > window.fromMs && span.startsAt.getTime() < window.toMs) {
        busy.push(span);
        if (busy.length > window.maxBusyTimes)
          throw tooLarge(window.maxBusyTimes, "busy times in the weeks we read");
      } else if (++skipped > MAX_SKIPPED_OCCURRENCES) {
        throw new CalendarDataError(
          `An event in the calendar (“${nameOf(vevent)}”) repeats too often to be read (more than ${MAX_SKIPPED_OCCURRENCES.toLocaleString("en-US")} times outside the weeks we read).`,
        );
      }
    }
  } catch (error) {
    if (error instanceof CalendarDataError) throw error;
    // ical.js throws on a rule it parsed but cannot expand (no FREQ, an UNTIL that is no date).
    const rule = vevent.getFirstProperty("rrule");
    if (rule) throw brokenRuleError(nameOf(vevent), rule.toICALString());
    throw new CalendarDataError(`An event in the calendar (“${nameOf(vevent)}”) cannot be read.`);
  }
}

/** The occurrence starts of an event, in order, as ical.js expands them. */
function* occurrencesOf(event: ICAL.Event): Generator<ICAL.Time> {
  // ical.js expands nothing for an override read on its own (RECURRENCE-ID, no RRULE): it is one occurrence.
  if (event.isRecurrenceException() && !event.isRecurring()) {
    yield event.startDate;
    return;
  }
  const iterator = event.iterator();
  for (let occurrence = iterator.next(); occurrence; occurrence = iterator.next()) yield occurrence;
}

function blocks(item: ICAL.Event): boolean {
  const status = String(item.component.getFirstPropertyValue("status") ?? "").toUpperCase();
  const transparency = String(item.component.getFirstPropertyValue("transp") ?? "").toUpperCase();
  return status !== "CANCELLED" && transparency !== "TRANSPARENT";
}

/**
 * How long each occurrence of `item` lasts: all-day events in whole days (midnight to midnight in
 * the zone, whatever daylight saving does), others in ms between the instants of DTSTART and DTEND
 * (ical.js's endDate: DTEND, else DTSTART + DURATION, else the start; for a DATE the next day).
 */
function lengthOf(item: ICAL.Event, window: Window): number {
  const { startDate, endDate } = item;
  if (startDate.isDate)
    return Math.max(1, Math.round((dayNumber(endDate) - dayNumber(startDate)) / 86_400_000));
  const startTzid = tzidOf(item.component, "dtstart");
  const endTzid = item.component.hasProperty("dtend") ? tzidOf(item.component, "dtend") : startTzid;
  return instantOf(endDate, endTzid, window) - instantOf(startDate, startTzid, window);
}

/** One occurrence of `item` from `start`, `length` long (see lengthOf); undefined when it takes no time. */
function spanOf(item: ICAL.Event, start: ICAL.Time, length: number, window: Window): BusyTime | undefined {
  if (start.isDate) {
    const firstDay = wallClock(start, window.zone);
    return { startsAt: firstDay.toJSDate(), endsAt: firstDay.plus({ days: length }).toJSDate() };
  }
  // RFC 5545: a DATE-TIME event without DTEND or DURATION takes no time, so it blocks none.
  if (!(length > 0)) return undefined;
  const startsAt = instantOf(start, tzidOf(item.component, "dtstart"), window);
  return { startsAt: new Date(startsAt), endsAt: new Date(startsAt + length) };
}

function dayNumber(time: ICAL.Time): number {
  return Date.UTC(time.year, time.month - 1, time.day);
}

function tzidOf(component: ICAL.Component, propertyName: string): string | undefined {
  const tzid = component.getFirstProperty(propertyName)?.getParameter("tzid");
  return typeof tzid === "string" ? tzid : undefined;
}

/**
 * The instant (ms) of a time as ical.js read it. ical.js resolves UTC and a TZID defined by a
 * VTIMEZONE of the same text (each text its own, never its global TimezoneService); any other TZID
 * it leaves floating. Floating wall times are read in the TZID when it is an IANA name (Google and
 * many feeds leave out the VTIMEZONE), else in the agency's zone, as are dates (local midnight).
 */
function instantOf(time: ICAL.Time, tzid: string | undefined, window: Window): number {
  if (!time.isDate && time.zone?.tzid !== "floating") return time.toUnixTime() * 1000;
  const zone = !time.isDate && tzid && IANAZone.isValidZone(tzid) ? tzid : window.zone;
  return wallClock(time, zone).toMillis();
}

function wallClock(time: ICAL.Time, zone: string): DateTime {
  const { year, month, day, hour, minute, second } = time;
  return DateTime.fromObject({ year, month, day, hour, minute, second }, { zone: rememberedZone(zone) });
}

function nameOf(component: ICAL.Component): string {
  const name = component.getFirstPropertyValue("summary") || component.getFirstPropertyValue("uid");
  return typeof name === "string" && name.trim() !== "" ? name.trim() : "untitled";
}

function brokenRuleError(eventName: string, rule: string): CalendarDataError {
  return new CalendarDataError(
    `An event in the calendar (“${eventName}”) has a repeat rule that cannot be read: ${rule}`,
  );
}

/**
 * ical.js refuses a whole text for one bad RRULE (FREQ=SOMETIMES, BYDAY=XX) without saying where:
 * find the VEVENT whose RRULE ical.js refuses on its own, so the person learns which event to fix.
 */
function brokenRuleIn(text: string): CalendarDataError | undefined {
  let event: { summary?: string; uid?: string; brokenRule?: string } = {};
  for (const line of text.replace(/\r?\n[ \t]/g, "").split(/\r?\n/)) {
    const name = /^([A-Z-]+)[;:]/i.exec(line)?.[1]?.toLowerCase();
    const value = name === "summary" || name === "uid" || name === "rrule" ? lineValue(line) : undefined;
    if (/^BEGIN:VEVENT$/i.test(line)) event = {};
    else if ((name === "summary" || name === "uid") && typeof value === "string") event[name] ??= value;
    else if (name === "rrule" && value === undefined) event.brokenRule ??= line;
    else if (/^END:VEVENT$/i.test(line) && event.brokenRule) {
      return brokenRuleError(event.summary || event.uid || "untitled", event.brokenRule);
    }
  }
  return undefined;
}

/** A content line's value as ical.js reads it (text unescaped), or undefined when ical.js refuses the line. */
function lineValue(line: string): unknown {
  try {
    return (ICAL.parse.property(line) as unknown[])[3] ?? null;
  } catch {
    return undefined;
  }
}

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\.$/, "");
}
