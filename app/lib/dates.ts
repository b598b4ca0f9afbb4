/**
 * Times and dates as people read them, the same on the server, in the browser, in e-mails and in
 * the assistant's answers. Always en-US; a zone is always named, so nobody guesses whose clock it is.
 */

/** Whether `zone` is an IANA time zone this runtime knows ("Asia/Kolkata"; not "IST"). */
export function isTimeZone(zone: string): boolean {
  if (!zone.includes("/") && zone !== "UTC") return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Zones renamed since the runtime's time-zone data named them: browsers and Node still report
 * the old names ("Asia/Calcutta"), which read wrongly to the people who live there.
 */
const renamedZones: Record<string, string> = {
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Europe/Kiev": "Europe/Kyiv",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "America/Godthab": "America/Nuuk",
  "Pacific/Enderbury": "Pacific/Kanton",
};

/** A zone by its current name (see renamedZones); other names as they are. */
export function currentZoneName(zone: string): string {
  return renamedZones[zone] ?? zone;
}

/** Every zone the runtime knows, by current names, sorted. */
export function knownTimeZones(): string[] {
  return [...new Set(Intl.supportedValuesOf("timeZone").map(currentZoneName))].sort();
}

/** The zones to choose from: every one the runtime knows, with `current` kept even if unknown to it. */
export function timeZoneChoices(current: string): string[] {
  const known = knownTimeZones();
  return known.includes(current) ? known : [current, ...known];
}

/** A zone as people read it: "Asia/Kolkata" is "Kolkata (Asia)", "America/New_York" is "New York (America)". */
export function zoneName(zone: string): string {
  const parts = currentZoneName(zone).split("/");
  const city = parts.at(-1)?.replace(/_/g, " ") ?? zone;
  return parts.length > 1 ? `${city} (${parts[0]})` : city;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An en-US date formatter for these options, built once: building one costs far more than using it
 * (a staff list built several a row). The cache stays small: a zone that is not real throws here
 * before it is kept, and there are only so many real ones.
 */
function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", options);
    dateFormats.set(key, format);
  }
  return format;
}

/** Browsers with an older ICU write "May 4, 2027, 1:30 PM"; newer ones "May 4, 2027 at 1:30 PM". */
function withAt(formatted: string): string {
  return formatted.replace(/, (\d{1,2}:\d{2})/, " at $1");
}

const fullDateAndTime = {
  weekday: "long",
  year: "numeric",
  month: "long",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
} as const satisfies Intl.DateTimeFormatOptions;

/** An instant in a zone, with the zone's short name: "Tuesday, May 4, 2027 at 1:30 PM EDT". */
export function describeTime(instant: Date, zone: string): string {
  return withAt(dateFormat({ ...fullDateAndTime, timeZone: zone, timeZoneName: "short" }).format(instant));
}

/**
 * A wall-clock time that belongs to no zone we know (`YYYY-MM-DDTHH:mm`, or with a space), e.g. the
 * time a visitor asked to be called in their own zone: "Tuesday, May 4, 2027 at 2:30 PM".
 */
export function describeWallClock(wallClock: string): string {
  const asIfUtc = new Date(`${wallClock.trim().replace(" ", "T")}Z`);
  return withAt(dateFormat({ ...fullDateAndTime, timeZone: "UTC" }).format(asIfUtc));
}

/** The day of an instant in a zone, short: "Tue, May 4, 2027". */
export function formatDay(instant: Date, zone: string): string {
  return dateFormat({
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: zone,
  }).format(instant);
}

/** The month of an instant in a zone: "March 2027". */
export function formatMonth(instant: Date, zone: string): string {
  return dateFormat({ month: "long", year: "numeric", timeZone: zone }).format(instant);
}

/** The clock time of an instant in a zone: "1:30 PM". */
export function formatTimeOfDay(instant: Date, zone: string): string {
  return dateFormat({ hour: "numeric", minute: "2-digit", timeZone: zone }).format(instant);
}

/**
 * The start of a booking slot in a zone, as the slot picker and appointment lists show it, with a
 * two-digit hour: "01:30 PM", "10:00 AM". The space before the marker is a plain one on every
 * runtime (newer ICU writes a narrow no-break space), so the server's page and the browser's agree.
 */
export function formatSlotClock(instant: Date, zone: string): string {
  return dateFormat({ hour: "2-digit", minute: "2-digit", hour12: true, timeZone: zone })
    .format(instant)
    .replace(/\s+/g, " ");
}

/**
 * A calendar day (`YYYY-MM-DD`, no zone: a birthday, a post's date, a column of the slot picker),
 * "May 4, 2027" by default, or any part of it (`{ weekday: "short" }` gives "Tue").
 */
export function formatCalendarDate(
  isoDate: string,
  parts: Pick<Intl.DateTimeFormatOptions, "weekday" | "day" | "month" | "year"> = {
    year: "numeric",
    month: "long",
    day: "numeric",
  },
): string {
  return dateFormat({ ...parts, timeZone: "UTC" }).format(new Date(`${isoDate}T00:00:00Z`));
}

/**
 * A zone's own long name at an instant, as people say it: "India Standard Time", "Eastern
 * Daylight Time". Where the runtime has no name for it, the city form of zoneName.
 */
export function zoneLongName(zone: string, instant: Date): string {
  const name = dateFormat({ timeZone: zone, timeZoneName: "long" })
    .formatToParts(instant)
    .find((part) => part.type === "timeZoneName")?.value;
  return name && !name.startsWith("GMT") ? name : zoneName(zone);
}

/** "Kolkata time", "New York time": how a zone is named beside a time. */
export function zoneTimeLabel(zone: string): string {
  return `${zoneName(zone).replace(/ \(.*\)$/, "")} time`;
}

/**
 * When an appointment is, for its customer: in their own zone, named, and the agency's time beside
 * it when the clocks differ. "Thursday, May 6, 2027 at 11:00 PM (Kolkata time); 1:30 PM New York
 * time". Without a zone of their own, the agency's time as describeTime tells it.
 */
export function describeTimeForCustomer(
  instant: Date,
  zones: { customer: string | null | undefined; agency: string },
): string {
  if (!zones.customer) return describeTime(instant, zones.agency);
  const own = zones.customer;
  const main = `${withAt(dateFormat({ ...fullDateAndTime, timeZone: own }).format(instant))} (${zoneTimeLabel(own)})`;
  if (!differentClocks(instant, own, zones.agency)) return main;
  return `${main}; ${formatTimeOfDay(instant, zones.agency)} ${zoneTimeLabel(zones.agency)}`;
}

/** Whether two zones show different wall-clock times at this instant. */
export function differentClocks(instant: Date, zone: string, otherZone: string): boolean {
  if (zone === otherZone) return false;
  const wallClock = (timeZone: string) => dateFormat({ ...fullDateAndTime, timeZone }).format(instant);
  return wallClock(zone) !== wallClock(otherZone);
}

/** The calendar day of an instant in a zone, `YYYY-MM-DD`. */
export function calendarDayIn(instant: Date, zone: string): string {
  const parts = dateFormat({
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    timeZone: zone,
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value;
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/**
 * A time in the coming days as a visitor scans it in a list, in `zone`: "Today at 2:30 PM",
 * "Tomorrow at 10:00 AM", "Thu, May 6 at 10:00 AM" (calendar days in that zone).
 */
export function describeSoon(instant: Date, now: Date, zone: string): string {
  const time = formatTimeOfDay(instant, zone);
  const day = calendarDayIn(instant, zone);
  const today = calendarDayIn(now, zone);
  if (day === today) return `Today at ${time}`;
  const tomorrow = new Date(`${today}T00:00:00Z`);
  tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
  if (day === tomorrow.toISOString().slice(0, 10)) return `Tomorrow at ${time}`;
  const date = dateFormat({ weekday: "short", month: "short", day: "numeric", timeZone: zone }).format(
    instant,
  );
  return `${date} at ${time}`;
}
