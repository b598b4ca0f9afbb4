import { describe, expect, it } from "vitest";
import {
  type BusyTime,
  type BusyTimeOptions,
  busyTimesOf,
  CalendarDataError,
  mergedBusyTimes,
} from "./busy-times";

const NEW_YORK = "America/New_York";

/** March 2027: New York moves to daylight saving time on Sunday the 14th. */
const MARCH_2027: BusyTimeOptions = {
  from: new Date("2027-03-01T00:00:00Z"),
  to: new Date("2027-04-01T00:00:00Z"),
  zone: NEW_YORK,
};

/** A calendar text as servers send it: CRLF line endings (`eol` "\n" for the feeds that send LF only). */
function calendar(body: string, eol = "\r\n"): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Test//EN",
    ...body.trim().split("\n"),
    "END:VCALENDAR",
  ];
  return lines.map((line) => line.trim()).join(eol) + eol;
}

/** One VEVENT's lines; `lines` is one property a line, as the tests write them. */
function vevent(lines: string): string {
  return `BEGIN:VEVENT\nDTSTAMP:20270101T000000Z\n${lines.trim()}\nEND:VEVENT`;
}

/** The busy times as ISO pairs, to compare exactly. */
function iso(busy: readonly BusyTime[]): [string, string][] {
  return busy.map((time) => [time.startsAt.toISOString(), time.endsAt.toISOString()]);
}

function read(texts: string | string[], options: Partial<BusyTimeOptions> = {}): [string, string][] {
  return iso(busyTimesOf(typeof texts === "string" ? [texts] : texts, { ...MARCH_2027, ...options }));
}

/** The message of the CalendarDataError `read` throws (failing the test when it throws none or another). */
function problemOf(texts: string | string[], options: Partial<BusyTimeOptions> = {}): string {
  try {
    read(texts, options);
  } catch (error) {
    expect(error).toBeInstanceOf(CalendarDataError);
    return (error as Error).message;
  }
  throw new Error("expected a CalendarDataError");
}

const NEW_YORK_VTIMEZONE = `
BEGIN:VTIMEZONE
TZID:America/New_York
BEGIN:DAYLIGHT
TZOFFSETFROM:-0500
TZOFFSETTO:-0400
TZNAME:EDT
DTSTART:19700308T020000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU
END:DAYLIGHT
BEGIN:STANDARD
TZOFFSETFROM:-0400
TZOFFSETTO:-0500
TZNAME:EST
DTSTART:19701101T020000
RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU
END:STANDARD
END:VTIMEZONE`;

/** A zone without daylight saving at a fixed offset, named `tzid`. */
function fixedVtimezone(tzid: string, offset: string): string {
  return `BEGIN:VTIMEZONE\nTZID:${tzid}\nBEGIN:STANDARD\nTZOFFSETFROM:${offset}\nTZOFFSETTO:${offset}\nDTSTART:19700101T000000\nEND:STANDARD\nEND:VTIMEZONE`;
}

describe("busyTimesOf: single events and the window", () => {
  it("reads a UTC event with DTEND, with CRLF and with LF-only line endings", () => {
    const body = vevent("UID:a\nDTSTART:20270310T150000Z\nDTEND:20270310T160000Z");
    const expected = [["2027-03-10T15:00:00.000Z", "2027-03-10T16:00:00.000Z"]];
    expect(read(calendar(body))).toEqual(expected);
    expect(read(calendar(body, "\n"))).toEqual(expected);
  });

  it("leaves out busy times outside the window and keeps one crossing an edge whole, sorted by start", () => {
    const text = calendar(
      [
        vevent("UID:after\nDTSTART:20270401T000000Z\nDTEND:20270401T010000Z"),
        vevent("UID:crossing-end\nDTSTART:20270331T230000Z\nDTEND:20270401T010000Z"),
        vevent("UID:before\nDTSTART:20270228T220000Z\nDTEND:20270228T230000Z"),
        vevent("UID:ends-at-from\nDTSTART:20270228T230000Z\nDTEND:20270301T000000Z"),
        vevent("UID:crossing-start\nDTSTART:20270228T230000Z\nDTEND:20270301T010000Z"),
      ].join("\n"),
    );
    expect(read(text)).toEqual([
      ["2027-02-28T23:00:00.000Z", "2027-03-01T01:00:00.000Z"],
      ["2027-03-31T23:00:00.000Z", "2027-04-01T01:00:00.000Z"],
    ]);
  });

  it("reads DURATION when DTEND is missing, and skips a DATE-TIME event with neither (it takes no time)", () => {
    const text = calendar(
      [
        vevent("UID:duration\nDTSTART:20270310T150000Z\nDURATION:PT45M"),
        vevent("UID:instant\nDTSTART:20270311T150000Z"),
      ].join("\n"),
    );
    expect(read(text)).toEqual([["2027-03-10T15:00:00.000Z", "2027-03-10T15:45:00.000Z"]]);
  });

  it("skips an event without DTSTART", () => {
    const text = calendar(
      [
        vevent("UID:no-start\nSUMMARY:Nowhere"),
        vevent("UID:b\nDTSTART:20270310T150000Z\nDURATION:PT1H"),
      ].join("\n"),
    );
    expect(read(text)).toEqual([["2027-03-10T15:00:00.000Z", "2027-03-10T16:00:00.000Z"]]);
  });

  it("blocks only VEVENTs, and neither cancelled nor transparent ones", () => {
    const text = calendar(
      [
        vevent("UID:cancelled\nSTATUS:CANCELLED\nDTSTART:20270310T150000Z\nDURATION:PT1H"),
        vevent("UID:free\nTRANSP:TRANSPARENT\nDTSTART:20270311T150000Z\nDURATION:PT1H"),
        vevent("UID:busy\nTRANSP:OPAQUE\nSTATUS:CONFIRMED\nDTSTART:20270312T150000Z\nDURATION:PT1H"),
        "BEGIN:VTODO\nUID:todo\nDTSTART:20270313T150000Z\nDUE:20270313T160000Z\nEND:VTODO",
      ].join("\n"),
    );
    expect(read(text)).toEqual([["2027-03-12T15:00:00.000Z", "2027-03-12T16:00:00.000Z"]]);
  });

  it("skips the events ignoreUid names (our own bookings), master and overrides", () => {
    const texts = [
      calendar(
        [
          vevent(
            "UID:appointment-1@va-hub\nDTSTART:20270310T150000Z\nDURATION:PT30M\nRRULE:FREQ=DAILY;COUNT=2",
          ),
          vevent("UID:theirs\nDTSTART:20270312T150000Z\nDURATION:PT30M"),
        ].join("\n"),
      ),
      calendar(
        vevent(
          "UID:appointment-1@va-hub\nRECURRENCE-ID:20270311T150000Z\nDTSTART:20270311T180000Z\nDURATION:PT30M",
        ),
      ),
    ];
    expect(read(texts, { ignoreUid: (uid) => uid.endsWith("@va-hub") })).toEqual([
      ["2027-03-12T15:00:00.000Z", "2027-03-12T15:30:00.000Z"],
    ]);
  });

  it("reads no busy times from an empty calendar", () => {
    expect(read(calendar(""))).toEqual([]);
    expect(read([])).toEqual([]);
  });
});

describe("busyTimesOf: repeating events", () => {
  it("expands a weekly rule with COUNT", () => {
    const text = calendar(
      vevent("UID:w\nDTSTART:20270301T150000Z\nDTEND:20270301T160000Z\nRRULE:FREQ=WEEKLY;COUNT=3"),
    );
    expect(read(text)).toEqual([
      ["2027-03-01T15:00:00.000Z", "2027-03-01T16:00:00.000Z"],
      ["2027-03-08T15:00:00.000Z", "2027-03-08T16:00:00.000Z"],
      ["2027-03-15T15:00:00.000Z", "2027-03-15T16:00:00.000Z"],
    ]);
  });

  it("expands a weekly rule with UNTIL (inclusive)", () => {
    const text = calendar(
      vevent(
        "UID:w\nDTSTART:20270302T150000Z\nDTEND:20270302T160000Z\nRRULE:FREQ=WEEKLY;UNTIL=20270316T150000Z",
      ),
    );
    expect(read(text)).toEqual([
      ["2027-03-02T15:00:00.000Z", "2027-03-02T16:00:00.000Z"],
      ["2027-03-09T15:00:00.000Z", "2027-03-09T16:00:00.000Z"],
      ["2027-03-16T15:00:00.000Z", "2027-03-16T16:00:00.000Z"],
    ]);
  });

  it("expands an endless rule that began long ago inside the window only", () => {
    const text = calendar(
      vevent("UID:w\nDTSTART:20100104T150000Z\nDURATION:PT1H\nRRULE:FREQ=WEEKLY;BYDAY=MO"),
    );
    expect(
      read(text, { from: new Date("2027-03-08T00:00:00Z"), to: new Date("2027-03-22T00:00:00Z") }),
    ).toEqual([
      ["2027-03-08T15:00:00.000Z", "2027-03-08T16:00:00.000Z"],
      ["2027-03-15T15:00:00.000Z", "2027-03-15T16:00:00.000Z"],
    ]);
  });

  it("removes EXDATEs from a daily rule and adds RDATEs", () => {
    const text = calendar(
      vevent(
        "UID:d\nDTSTART:20270301T150000Z\nDURATION:PT1H\nRRULE:FREQ=DAILY;COUNT=4\nEXDATE:20270302T150000Z,20270303T150000Z\nRDATE:20270310T090000Z",
      ),
    );
    expect(read(text)).toEqual([
      ["2027-03-01T15:00:00.000Z", "2027-03-01T16:00:00.000Z"],
      ["2027-03-04T15:00:00.000Z", "2027-03-04T16:00:00.000Z"],
      ["2027-03-10T09:00:00.000Z", "2027-03-10T10:00:00.000Z"],
    ]);
  });

  const weekly = vevent(
    "UID:series\nSUMMARY:Stand-up\nDTSTART:20270301T150000Z\nDTEND:20270301T160000Z\nRRULE:FREQ=WEEKLY;COUNT=3",
  );

  it("moves an occurrence by an override in the same text (as CalDAV sends it)", () => {
    const moved = vevent(
      "UID:series\nRECURRENCE-ID:20270308T150000Z\nDTSTART:20270308T170000Z\nDTEND:20270308T180000Z",
    );
    expect(read(calendar(`${weekly}\n${moved}`))).toEqual([
      ["2027-03-01T15:00:00.000Z", "2027-03-01T16:00:00.000Z"],
      ["2027-03-08T17:00:00.000Z", "2027-03-08T18:00:00.000Z"],
      ["2027-03-15T15:00:00.000Z", "2027-03-15T16:00:00.000Z"],
    ]);
  });

  it("merges an override in another text by UID, and changes the duration", () => {
    const longer = vevent(
      "UID:series\nRECURRENCE-ID:20270308T150000Z\nDTSTART:20270308T150000Z\nDURATION:PT3H",
    );
    expect(read([calendar(weekly), calendar(longer)])).toEqual([
      ["2027-03-01T15:00:00.000Z", "2027-03-01T16:00:00.000Z"],
      ["2027-03-08T15:00:00.000Z", "2027-03-08T18:00:00.000Z"],
      ["2027-03-15T15:00:00.000Z", "2027-03-15T16:00:00.000Z"],
    ]);
  });

  it("relates overrides only to the master with their UID", () => {
    const other = vevent("UID:other\nDTSTART:20270308T150000Z\nDTEND:20270308T160000Z");
    const moved = vevent(
      "UID:series\nRECURRENCE-ID:20270308T150000Z\nDTSTART:20270308T170000Z\nDTEND:20270308T180000Z",
    );
    expect(read(calendar(`${other}\n${weekly}\n${moved}`))).toContainEqual([
      "2027-03-08T15:00:00.000Z",
      "2027-03-08T16:00:00.000Z",
    ]);
  });

  it("frees an occurrence whose override is cancelled or transparent", () => {
    const cancelled = vevent(
      "UID:series\nRECURRENCE-ID:20270308T150000Z\nSTATUS:CANCELLED\nDTSTART:20270308T150000Z\nDTEND:20270308T160000Z",
    );
    const free = vevent(
      "UID:series\nRECURRENCE-ID:20270315T150000Z\nTRANSP:TRANSPARENT\nDTSTART:20270315T150000Z\nDTEND:20270315T160000Z",
    );
    expect(read(calendar(`${weekly}\n${cancelled}\n${free}`))).toEqual([
      ["2027-03-01T15:00:00.000Z", "2027-03-01T16:00:00.000Z"],
    ]);
  });

  it("blocks an opaque override of a transparent series, by the override's own properties", () => {
    const series = vevent(
      "UID:s\nTRANSP:TRANSPARENT\nDTSTART:20270301T150000Z\nDURATION:PT1H\nRRULE:FREQ=WEEKLY;COUNT=3",
    );
    const busy = vevent(
      "UID:s\nRECURRENCE-ID:20270308T150000Z\nTRANSP:OPAQUE\nDTSTART:20270308T150000Z\nDURATION:PT1H",
    );
    expect(read(calendar(`${series}\n${busy}`))).toEqual([
      ["2027-03-08T15:00:00.000Z", "2027-03-08T16:00:00.000Z"],
    ]);
  });

  it("follows overrides moved into and out of the window", () => {
    const series = vevent("UID:s\nDTSTART:20270222T150000Z\nDURATION:PT1H\nRRULE:FREQ=WEEKLY;COUNT=7");
    // 02-22 (before the window) moves into it; 03-29 moves out; 04-05 (after the window) moves into it.
    const overrides = [
      "RECURRENCE-ID:20270222T150000Z\nDTSTART:20270302T090000Z",
      "RECURRENCE-ID:20270329T150000Z\nDTSTART:20270402T090000Z",
      "RECURRENCE-ID:20270405T150000Z\nDTSTART:20270331T090000Z",
    ].map((lines) => vevent(`UID:s\n${lines}\nDURATION:PT1H`));
    expect(read(calendar([series, ...overrides].join("\n")))).toEqual([
      ["2027-03-01T15:00:00.000Z", "2027-03-01T16:00:00.000Z"],
      ["2027-03-02T09:00:00.000Z", "2027-03-02T10:00:00.000Z"],
      ["2027-03-08T15:00:00.000Z", "2027-03-08T16:00:00.000Z"],
      ["2027-03-15T15:00:00.000Z", "2027-03-15T16:00:00.000Z"],
      ["2027-03-22T15:00:00.000Z", "2027-03-22T16:00:00.000Z"],
      ["2027-03-31T09:00:00.000Z", "2027-03-31T10:00:00.000Z"],
    ]);
  });

  it("reads an override without its master on its own", () => {
    const text = calendar(
      vevent("UID:lonely\nRECURRENCE-ID:20270308T150000Z\nDTSTART:20270308T170000Z\nDURATION:PT1H"),
    );
    expect(read(text)).toEqual([["2027-03-08T17:00:00.000Z", "2027-03-08T18:00:00.000Z"]]);
  });

  it("matches an override written in UTC to a master in a TZID without VTIMEZONE", () => {
    const series = vevent(
      "UID:b\nDTSTART;TZID=Europe/Berlin:20270301T100000\nDURATION:PT1H\nRRULE:FREQ=WEEKLY;COUNT=2",
    );
    const moved = vevent("UID:b\nRECURRENCE-ID:20270308T090000Z\nDTSTART:20270308T120000Z\nDURATION:PT1H");
    expect(read(calendar(`${series}\n${moved}`))).toEqual([
      ["2027-03-01T09:00:00.000Z", "2027-03-01T10:00:00.000Z"],
      ["2027-03-08T12:00:00.000Z", "2027-03-08T13:00:00.000Z"],
    ]);
  });
});

describe("busyTimesOf: time zones", () => {
  it("reads a TZID by the text's VTIMEZONE across the daylight-saving change (09:00 New York)", () => {
    const text = calendar(
      `${NEW_YORK_VTIMEZONE}\n${vevent(
        "UID:ny\nDTSTART;TZID=America/New_York:20270308T090000\nDTEND;TZID=America/New_York:20270308T100000\nRRULE:FREQ=WEEKLY;COUNT=2",
      )}`,
    );
    expect(read(text, { zone: "Asia/Tokyo" })).toEqual([
      ["2027-03-08T14:00:00.000Z", "2027-03-08T15:00:00.000Z"],
      ["2027-03-15T13:00:00.000Z", "2027-03-15T14:00:00.000Z"],
    ]);
  });

  it("reads each text by its own VTIMEZONE when two define the same TZID differently", () => {
    const event = vevent("UID:x\nDTSTART;TZID=Office:20270310T090000\nDURATION:PT1H");
    const plusTwo = calendar(`${fixedVtimezone("Office", "+0200")}\n${event}`);
    const minusThree = calendar(`${fixedVtimezone("Office", "-0300")}\n${event.replace("UID:x", "UID:y")}`);
    expect(read([plusTwo, minusThree])).toEqual([
      ["2027-03-10T07:00:00.000Z", "2027-03-10T08:00:00.000Z"],
      ["2027-03-10T12:00:00.000Z", "2027-03-10T13:00:00.000Z"],
    ]);
  });

  it("reads an IANA TZID without VTIMEZONE in that zone (Europe/Berlin), across its own DST change", () => {
    const text = calendar(
      vevent(
        "UID:b\nDTSTART;TZID=Europe/Berlin:20270322T090000\nDTEND;TZID=Europe/Berlin:20270322T100000\nRRULE:FREQ=WEEKLY;COUNT=2",
      ),
    );
    expect(read(text)).toEqual([
      ["2027-03-22T08:00:00.000Z", "2027-03-22T09:00:00.000Z"],
      ["2027-03-29T07:00:00.000Z", "2027-03-29T08:00:00.000Z"],
    ]);
  });

  it("reads an unknown TZID without VTIMEZONE in the agency's zone", () => {
    const text = calendar(
      vevent("UID:u\nDTSTART;TZID=Somewhere Standard Time:20270310T090000\nDURATION:PT1H"),
    );
    expect(read(text)).toEqual([["2027-03-10T14:00:00.000Z", "2027-03-10T15:00:00.000Z"]]);
  });

  it("reads a floating time in the agency's zone", () => {
    const text = calendar(vevent("UID:f\nDTSTART:20270316T090000\nDTEND:20270316T093000"));
    expect(read(text)).toEqual([["2027-03-16T13:00:00.000Z", "2027-03-16T13:30:00.000Z"]]);
  });

  it("blocks all-day events from midnight to midnight in the agency's zone", () => {
    const text = calendar(
      [
        // Two days across the change to daylight saving time: 47 hours.
        vevent("UID:trip\nDTSTART;VALUE=DATE:20270313\nDTEND;VALUE=DATE:20270315"),
        vevent("UID:no-end\nDTSTART;VALUE=DATE:20270320"),
        vevent("UID:duration\nDTSTART;VALUE=DATE:20270325\nDURATION:P1D"),
      ].join("\n"),
    );
    expect(read(text)).toEqual([
      ["2027-03-13T05:00:00.000Z", "2027-03-15T04:00:00.000Z"],
      ["2027-03-20T04:00:00.000Z", "2027-03-21T04:00:00.000Z"],
      ["2027-03-25T04:00:00.000Z", "2027-03-26T04:00:00.000Z"],
    ]);
  });

  it("repeats an all-day event by whole days", () => {
    const text = calendar(
      vevent("UID:day\nDTSTART;VALUE=DATE:20270313\nDTEND;VALUE=DATE:20270314\nRRULE:FREQ=DAILY;COUNT=2"),
    );
    expect(read(text)).toEqual([
      ["2027-03-13T05:00:00.000Z", "2027-03-14T05:00:00.000Z"],
      ["2027-03-14T05:00:00.000Z", "2027-03-15T04:00:00.000Z"],
    ]);
  });
});

describe("busyTimesOf: calendars it cannot read", () => {
  it("refuses a body that is not iCalendar", () => {
    const html = "<!doctype html>\n<html><body>Sign in</body></html>";
    expect(problemOf(html)).toBe("The address did not return an iCalendar calendar (text/calendar).");
    expect(problemOf("")).toBe("The address did not return an iCalendar calendar (text/calendar).");
  });

  it("refuses a calendar that does not end", () => {
    const text = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTART:20270310T150000Z\r\n";
    expect(problemOf(text)).toMatch(/^The calendar could not be read: .+\.$/);
  });

  it("refuses more events than it reads, before reading them", () => {
    const events = Array.from({ length: 50_000 }, (_, index) =>
      vevent(`UID:event-${index}\nDTSTART:20270310T150000Z\nDURATION:PT1H`),
    );
    expect(problemOf(calendar(events.join("\n")))).toBe(
      "The calendar holds more than 20,000 events, more than this server reads. Please connect a calendar with fewer events.",
    );
  });

  it("refuses more busy times in the window than it reads", () => {
    const text = calendar(
      vevent("UID:m\nDTSTART:20270301T000000Z\nDURATION:PT1M\nRRULE:FREQ=MINUTELY;INTERVAL=2"),
    );
    expect(problemOf(text, { maxBusyTimes: 1_000 })).toMatch(
      /^The calendar holds more than 1,000 busy times/,
    );
  });

  it("refuses a rule that repeats too often before the window", () => {
    const text = calendar(
      vevent("UID:m\nSUMMARY:Ping\nDTSTART:20200101T000000Z\nDURATION:PT1M\nRRULE:FREQ=MINUTELY"),
    );
    expect(problemOf(text)).toBe(
      "An event in the calendar (“Ping”) repeats too often to be read (more than 100,000 times outside the weeks we read).",
    );
  });

  it.each([
    ["RRULE:FREQ=SOMETIMES", "SUMMARY:Yoga class"],
    ["RRULE:FREQ=WEEKLY;BYDAY=XX", "SUMMARY:Yoga class"],
  ])("names the event with a broken repeat rule ical.js refuses (%s)", (rule, summary) => {
    const text = calendar(
      [
        vevent("UID:fine\nSUMMARY:Fine\nDTSTART:20270301T150000Z\nDURATION:PT1H\nRRULE:FREQ=DAILY"),
        vevent(`UID:yoga\n${rule}\nDTSTART:20270301T150000Z\nDURATION:PT1H\n${summary}`),
      ].join("\n"),
    );
    expect(problemOf(text)).toBe(
      `An event in the calendar (“Yoga class”) has a repeat rule that cannot be read: ${rule}`,
    );
  });

  // ical.js keeps these rules and throws only when expanding them; the rule is shown as ical.js writes it back.
  it.each([
    ["RRULE:BYDAY=MO", "RRULE:BYDAY=MO"],
    ["RRULE:FREQ=WEEKLY;UNTIL=soon", "RRULE:FREQ=WEEKLY;UNTIL=soon--"],
  ])(
    "names the event (by UID without SUMMARY) with a rule ical.js parses but cannot expand (%s)",
    (rule, shown) => {
      const text = calendar(
        vevent(`UID:no-freq@example.com\nDTSTART:20270301T150000Z\nDURATION:PT1H\n${rule}`),
      );
      expect(problemOf(text)).toBe(
        `An event in the calendar (“no-freq@example.com”) has a repeat rule that cannot be read: ${shown}`,
      );
    },
  );
});

describe("mergedBusyTimes", () => {
  const time = (start: string, end: string): BusyTime => ({
    startsAt: new Date(`2027-03-10T${start}:00.000Z`),
    endsAt: new Date(`2027-03-10T${end}:00.000Z`),
  });

  it("sorts and merges overlapping, contained and touching busy times", () => {
    const busy = [
      time("15:00", "16:00"),
      time("09:00", "10:00"),
      time("09:30", "11:00"),
      time("11:00", "12:00"),
    ];
    busy.push(time("15:15", "15:45"), time("17:00", "18:00"));
    expect(iso(mergedBusyTimes(busy))).toEqual([
      ["2027-03-10T09:00:00.000Z", "2027-03-10T12:00:00.000Z"],
      ["2027-03-10T15:00:00.000Z", "2027-03-10T16:00:00.000Z"],
      ["2027-03-10T17:00:00.000Z", "2027-03-10T18:00:00.000Z"],
    ]);
  });

  it("leaves its input alone", () => {
    const busy = [time("10:00", "11:00"), time("09:00", "10:30")];
    mergedBusyTimes(busy);
    expect(iso(busy)).toEqual([
      ["2027-03-10T10:00:00.000Z", "2027-03-10T11:00:00.000Z"],
      ["2027-03-10T09:00:00.000Z", "2027-03-10T10:30:00.000Z"],
    ]);
    expect(mergedBusyTimes([])).toEqual([]);
  });
});
