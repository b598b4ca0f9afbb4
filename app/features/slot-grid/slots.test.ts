import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { formatSlotClock } from "~/lib/dates";
import { FULL_DAY_SLOT_TIMES, WINDOW_FROM_MAY_3_2027 } from "../../../tests/setup/slot-grid";
import { slotProblem, slotWindow } from "./slots";

const NEW_YORK = "America/New_York";
const LOS_ANGELES = "America/Los_Angeles";

/** An instant given as wall-clock time in a zone. */
function at(iso: string, zone: string): Date {
  return DateTime.fromISO(iso, { zone }).toJSDate();
}

/** A day's slots as the pages show them ("01:30 PM"), in the zone of the window. */
function times(day: { slots: { startsAt: string }[] }, zone = NEW_YORK): string[] {
  return day.slots.map((slot) => formatSlotClock(new Date(slot.startsAt), zone));
}

describe("slotWindow", () => {
  it("offers seven days, every 30 minutes from 10:00 to 20:30", () => {
    const days = slotWindow({ now: at("2027-05-03T07:00", NEW_YORK), zone: NEW_YORK });
    expect(days.map((day) => day.date)).toEqual(WINDOW_FROM_MAY_3_2027);
    for (const day of days) expect(times(day)).toEqual(FULL_DAY_SLOT_TIMES);
    expect(days[0]!.slots[0]).toEqual({ startsAt: "2027-05-03T14:00:00.000Z" });
  });

  it.each([
    ["09:59", "10:00 AM"],
    ["10:00", "10:30 AM"],
    ["10:01", "10:30 AM"],
    ["13:29", "01:30 PM"],
    ["13:30", "02:00 PM"],
    ["20:29", "08:30 PM"],
  ])("at %s today starts from the next half hour (%s)", (clock, first) => {
    const [today] = slotWindow({ now: at(`2027-05-03T${clock}`, NEW_YORK), zone: NEW_YORK });
    expect(times(today!)[0]).toBe(first);
  });

  it("has no slot left today from 20:30, and still seven days", () => {
    const days = slotWindow({ now: at("2027-05-03T20:30", NEW_YORK), zone: NEW_YORK });
    expect(days[0]!.slots).toEqual([]);
    expect(days).toHaveLength(7);
    expect(times(days[6]!)).toEqual(FULL_DAY_SLOT_TIMES);
  });

  it("gives a day's earlier starts back to an earlier clock after a later one has read that day", () => {
    const afternoon = slotWindow({ now: at("2027-06-08T15:10", NEW_YORK), zone: NEW_YORK });
    const morning = slotWindow({ now: at("2027-06-08T09:00", NEW_YORK), zone: NEW_YORK });
    expect(times(afternoon[0]!)[0]).toBe("03:30 PM");
    expect(times(morning[0]!)).toEqual(FULL_DAY_SLOT_TIMES);
    expect(morning[1]).toEqual(afternoon[1]);
  });

  it("leaves out taken slots", () => {
    const taken = new Set([at("2027-05-04T11:00", NEW_YORK).getTime()]);
    const days = slotWindow({ now: at("2027-05-03T08:00", NEW_YORK), zone: NEW_YORK, taken });
    expect(times(days[1]!)).not.toContain("11:00 AM");
    expect(days[1]!.slots).toHaveLength(FULL_DAY_SLOT_TIMES.length - 1);
  });

  it.each([
    [NEW_YORK, "2027-03-12T09:00", "2027-03-14"],
    [NEW_YORK, "2027-11-05T09:00", "2027-11-07"],
    [LOS_ANGELES, "2027-03-12T09:00", "2027-03-14"],
    [LOS_ANGELES, "2027-11-05T09:00", "2027-11-07"],
  ])(
    "in %s across the daylight-saving change (window from %s) keeps every slot once",
    (zone, now, changeDay) => {
      const days = slotWindow({ now: at(now, zone), zone });
      const changed = days.find((day) => day.date === changeDay)!;
      expect(times(changed, zone)).toEqual(FULL_DAY_SLOT_TIMES);
      const instants = days.flatMap((day) => day.slots.map((slot) => Date.parse(slot.startsAt)));
      expect(new Set(instants).size).toBe(instants.length);
      for (const day of days) {
        const starts = day.slots.map((slot) => Date.parse(slot.startsAt));
        for (let index = 1; index < starts.length; index++)
          expect(starts[index]! - starts[index - 1]!).toBe(30 * 60_000);
        // Each slot lies on the day it is listed under, in the zone.
        for (const slot of day.slots)
          expect(DateTime.fromISO(slot.startsAt, { zone }).toISODate()).toBe(day.date);
      }
    },
  );

  it("gives the same slots whatever the process's own time zone", () => {
    const original = process.env.TZ;
    const results = ["UTC", "Asia/Tokyo", "Pacific/Kiritimati", "America/Anchorage"].map((tz) => {
      process.env.TZ = tz;
      return JSON.stringify(slotWindow({ now: new Date("2027-11-06T15:07:00Z"), zone: NEW_YORK }));
    });
    process.env.TZ = original;
    expect(new Set(results).size).toBe(1);
  });
});

describe("slotProblem", () => {
  const now = at("2027-05-03T12:10", NEW_YORK);
  const options = { now, zone: NEW_YORK };

  it.each([
    ["2027-05-04T13:30", undefined],
    ["2027-05-04T12:00", undefined],
    ["2027-05-03T12:30", undefined],
    ["2027-05-09T20:30", undefined],
    ["2027-05-04T13:15", "off-grid"],
    ["2027-05-04T13:30:30", "off-grid"],
    ["2027-05-04T13:30:00.001", "off-grid"],
    ["2027-05-04T09:30", "off-grid"],
    ["2027-05-04T21:00", "off-grid"],
    ["2027-05-03T12:00", "past"],
    ["2027-05-01T14:00", "past"],
    ["2027-05-10T10:00", "outside-window"],
    ["2028-05-04T10:00", "outside-window"],
  ])("reads %s (New York) as %s", (wallClock, problem) => {
    expect(slotProblem(at(wallClock, NEW_YORK), options)).toBe(problem);
  });

  it("reads the grid in the agency's zone, not the process's or UTC", () => {
    // 14:00 UTC is 10:00 in New York in May: on the grid there, before opening in Los Angeles.
    const instant = new Date("2027-05-04T14:00:00Z");
    expect(slotProblem(instant, options)).toBeUndefined();
    expect(slotProblem(instant, { now, zone: LOS_ANGELES })).toBe("off-grid");
  });

  it("moves the window's end with the day of now, forwards and back", () => {
    const lastDayStart = at("2027-05-10T10:00", NEW_YORK);
    expect(slotProblem(lastDayStart, options)).toBe("outside-window");
    expect(
      slotProblem(lastDayStart, { now: at("2027-05-04T00:00", NEW_YORK), zone: NEW_YORK }),
    ).toBeUndefined();
    expect(slotProblem(lastDayStart, { now: at("2027-05-03T23:59", NEW_YORK), zone: NEW_YORK })).toBe(
      "outside-window",
    );
  });

  it("reads the grid in a zone whose offset is not whole hours", () => {
    // Kathmandu is UTC+5:45: its 10:00 is 04:15 UTC.
    const kathmandu = { now: new Date("2027-05-03T00:00:00Z"), zone: "Asia/Kathmandu" };
    expect(slotProblem(new Date("2027-05-04T04:15:00Z"), kathmandu)).toBeUndefined();
    expect(slotProblem(new Date("2027-05-04T04:00:00Z"), kathmandu)).toBe("off-grid");
  });

  it("finds no grid in an unknown zone or at an invalid instant", () => {
    expect(slotProblem(new Date("2027-05-04T14:00:00Z"), { now, zone: "Nowhere/Atlantis" })).toBe("off-grid");
    expect(slotProblem(new Date(Number.NaN), options)).toBe("off-grid");
  });

  it("takes the slots the window offers, across a daylight-saving change", () => {
    for (const zone of [NEW_YORK, LOS_ANGELES]) {
      const windowNow = at("2027-11-05T09:00", zone);
      for (const day of slotWindow({ now: windowNow, zone }))
        for (const slot of day.slots)
          expect(slotProblem(new Date(slot.startsAt), { now: windowNow, zone })).toBeUndefined();
    }
  });
});
