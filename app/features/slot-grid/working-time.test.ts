import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { formatSlotClock } from "~/lib/dates";
import { FULL_DAY_SLOT_TIMES } from "../../../tests/setup/slot-grid";
import { isWorkingTime, slotWindow } from "./slots";

const NEW_YORK = "America/New_York";

/** An instant given as wall-clock time in a zone. */
function at(iso: string, zone = NEW_YORK): Date {
  return DateTime.fromISO(iso, { zone }).toJSDate();
}

/** A day's slots as the pages show them ("01:30 PM"). */
function times(day: { slots: { startsAt: string }[] }): string[] {
  return day.slots.map((slot) => formatSlotClock(new Date(slot.startsAt), NEW_YORK));
}

// Monday 3 May 2027, before the grid opens: every day of the window is whole.
const mondayMorning = at("2027-05-03T07:00");

describe("slotWindow with a consultant's working time", () => {
  it("offers the whole grid every day when no hours are set", () => {
    const days = slotWindow({
      now: mondayMorning,
      zone: NEW_YORK,
      working: { workingHours: null, daysOff: [] },
    });
    for (const day of days) expect(times(day)).toEqual(FULL_DAY_SLOT_TIMES);
  });

  it("offers only slots that fit inside each weekday's hours, and none on a weekday without hours", () => {
    const days = slotWindow({
      now: mondayMorning,
      zone: NEW_YORK,
      working: {
        // Mondays 10:00–12:00, Tuesdays 19:30–21:00, nothing else.
        workingHours: { "1": { start: 600, end: 720 }, "2": { start: 1170, end: 1260 } },
        daysOff: [],
      },
    });
    expect(days.map((day) => [day.date, times(day)])).toEqual([
      ["2027-05-03", ["10:00 AM", "10:30 AM", "11:00 AM", "11:30 AM"]],
      ["2027-05-04", ["07:30 PM", "08:00 PM", "08:30 PM"]],
      ["2027-05-05", []],
      ["2027-05-06", []],
      ["2027-05-07", []],
      ["2027-05-08", []],
      ["2027-05-09", []],
    ]);
  });

  it("offers nothing on a day off, and the usual slots on the days around it", () => {
    const days = slotWindow({
      now: mondayMorning,
      zone: NEW_YORK,
      working: { workingHours: null, daysOff: ["2027-05-05", "2026-01-01"] },
    });
    expect(days.find((day) => day.date === "2027-05-05")!.slots).toEqual([]);
    expect(times(days.find((day) => day.date === "2027-05-04")!)).toEqual(FULL_DAY_SLOT_TIMES);
    expect(times(days.find((day) => day.date === "2027-05-06")!)).toEqual(FULL_DAY_SLOT_TIMES);
  });

  it("reads the weekday and the day off in the agency's zone, not in UTC", () => {
    // 8:30 PM on Sunday 9 May in New York is already Monday in UTC.
    const sundayEvening = DateTime.fromISO("2027-05-09T20:30", { zone: NEW_YORK });
    expect(
      isWorkingTime(sundayEvening, { workingHours: { "7": { start: 600, end: 1260 } }, daysOff: [] }),
    ).toBe(true);
    expect(
      isWorkingTime(sundayEvening, { workingHours: { "1": { start: 600, end: 1260 } }, daysOff: [] }),
    ).toBe(false);
    expect(isWorkingTime(sundayEvening, { workingHours: null, daysOff: ["2027-05-09"] })).toBe(false);
    expect(isWorkingTime(sundayEvening, { workingHours: null, daysOff: ["2027-05-10"] })).toBe(true);
  });

  it("takes a slot only when it ends by the end of the hours", () => {
    const hours = { workingHours: { "1": { start: 660, end: 690 } }, daysOff: [] };
    const monday = (time: string) => DateTime.fromISO(`2027-05-03T${time}`, { zone: NEW_YORK });
    expect(isWorkingTime(monday("10:30"), hours)).toBe(false);
    expect(isWorkingTime(monday("11:00"), hours)).toBe(true);
    expect(isWorkingTime(monday("11:30"), hours)).toBe(false);
  });
});
