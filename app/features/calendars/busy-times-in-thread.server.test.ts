import { describe, expect, it } from "vitest";
import { CalendarDataError } from "./busy-times";
import { busyTimesInThread } from "./busy-times-in-thread.server";
import { inviteUid } from "./calendar-event";

const WINDOW = {
  from: new Date("2027-03-01T00:00:00Z"),
  to: new Date("2027-04-01T00:00:00Z"),
  zone: "America/New_York",
};

function calendarWith(...events: string[][]): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN"];
  for (const event of events) lines.push("BEGIN:VEVENT", "DTSTAMP:20270101T000000Z", ...event, "END:VEVENT");
  return [...lines, "END:VCALENDAR", ""].join("\r\n");
}

describe("reading busy times in a worker thread", () => {
  it("gives the busy times, leaving out the bookings this site wrote itself", async () => {
    const text = calendarWith(
      ["UID:dentist@phone", "DTSTART:20270302T150000Z", "DTEND:20270302T160000Z"],
      [
        `UID:${inviteUid("0b5f3f5e-7a7e-4c38-9d56-1f0a4a9e2f11")}`,
        "DTSTART:20270303T150000Z",
        "DTEND:20270303T153000Z",
      ],
    );
    const busy = await busyTimesInThread({ texts: [text], ...WINDOW, skipOwnEvents: true });
    expect(busy.map((time) => [time.startsAt.toISOString(), time.endsAt.toISOString()])).toEqual([
      ["2027-03-02T15:00:00.000Z", "2027-03-02T16:00:00.000Z"],
    ]);
  });

  it("passes on a calendar it cannot read as the sentence people see", async () => {
    const broken = calendarWith(["UID:x", "DTSTART:20270302T150000Z", "RRULE:FREQ=SOMETIMES"]);
    await expect(
      busyTimesInThread({ texts: [broken], ...WINDOW, skipOwnEvents: true }),
    ).rejects.toBeInstanceOf(CalendarDataError);
  });

  it("gives up on a repeat rule that never matches, in time, while the main thread keeps answering", async () => {
    // ical.js 2.2 never returns from this rule's iterator (there is no 30 February).
    const endless = calendarWith([
      "UID:never@phone",
      "DTSTART:20270201T150000Z",
      "RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30",
    ]);
    let ticks = 0;
    const ticker = setInterval(() => {
      ticks += 1;
    }, 50);
    const started = Date.now();
    const outcome = busyTimesInThread({ texts: [endless], ...WINDOW, skipOwnEvents: true }, 1_500);
    await expect(outcome).rejects.toThrow("could not work out in time");
    clearInterval(ticker);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(ticks).toBeGreaterThan(5);
  });
});
