/**
 * A small, strict iCalendar (RFC 5545) reader for tests: enough to check what our invitations say.
 * It unfolds continuation lines, checks that every content line is `NAME[;PARAM=…]:value`, that
 * BEGIN and END pair up, and returns the properties of the calendar and of each event (parameters
 * dropped, text values unescaped). Anything malformed throws.
 */
export interface ParsedCalendar {
  properties: Record<string, string>;
  events: Record<string, string>[];
}

const CONTENT_LINE =
  /^([A-Za-z0-9-]+)((?:;[A-Za-z0-9-]+=(?:"[^"]*"|[^";:,]*)(?:,(?:"[^"]*"|[^";:,]*))*)*):(.*)$/;

export function parseICalendar(text: string): ParsedCalendar {
  if (!text.includes("\r\n")) throw new Error("iCalendar lines must end with CRLF");
  const lines = text
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .filter((line, index, all) => !(line === "" && index === all.length - 1));
  const stack: string[] = [];
  const calendar: ParsedCalendar = { properties: {}, events: [] };
  let event: Record<string, string> | undefined;
  for (const line of lines) {
    const match = CONTENT_LINE.exec(line);
    if (!match) throw new Error(`not an iCalendar content line: ${JSON.stringify(line)}`);
    const name = match[1]!.toUpperCase();
    const value = match[3]!;
    if (name === "BEGIN") {
      if (stack.length === 0 && value !== "VCALENDAR") throw new Error("the file must start with VCALENDAR");
      stack.push(value);
      if (value === "VEVENT") event = {};
      continue;
    }
    if (name === "END") {
      if (stack.pop() !== value) throw new Error(`END:${value} does not close the open component`);
      if (value === "VEVENT" && event) {
        calendar.events.push(event);
        event = undefined;
      }
      continue;
    }
    if (stack.length === 0) throw new Error(`${name} outside of any component`);
    const target =
      stack.at(-1) === "VEVENT" ? event! : stack.at(-1) === "VCALENDAR" ? calendar.properties : {};
    target[name] = unescapeText(value);
  }
  if (stack.length > 0) throw new Error(`unclosed component ${stack.join(" > ")}`);
  if (calendar.properties.VERSION !== "2.0") throw new Error("VERSION:2.0 is required");
  if (!calendar.properties.PRODID) throw new Error("PRODID is required");
  return calendar;
}

function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, character: string) =>
    character.toLowerCase() === "n" ? "\n" : character,
  );
}

/** An iCalendar UTC date-time (`20270504T140000Z`) as a Date. */
export function parseUtcDateTime(value: string | undefined): Date {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? "");
  if (!match) throw new Error(`not a UTC date-time: ${value}`);
  const [, year, month, day, hour, minute, second] = match.map(Number) as number[];
  return new Date(Date.UTC(year!, month! - 1, day, hour, minute, second));
}

/** The event's length in minutes, from DURATION (`PT30M`, `PT1H`) or from DTEND. */
export function eventMinutes(event: Record<string, string>): number {
  if (event.DURATION) {
    const match = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(event.DURATION);
    if (!match) throw new Error(`not a duration: ${event.DURATION}`);
    const [, days = 0, hours = 0, minutes = 0, seconds = 0] = match.map((part) => Number(part ?? 0));
    return days * 1440 + hours * 60 + minutes + seconds / 60;
  }
  const start = parseUtcDateTime(event.DTSTART);
  return (parseUtcDateTime(event.DTEND).getTime() - start.getTime()) / 60_000;
}
