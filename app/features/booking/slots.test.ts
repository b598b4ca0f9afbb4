import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { FULL_DAY_SLOT_TIMES } from "../../../tests/setup/slot-grid";
import { parseSlotTime, resolveSlot, slotOf, slotWindow } from "./slots";

const NEW_YORK = "America/New_York";
const LOS_ANGELES = "America/Los_Angeles";

/** An instant given as wall-clock time in a zone. */
function at(iso: string, zone: string): Date {
  return DateTime.fromISO(iso, { zone }).toJSDate();
}

function times(day: { slots: { slotTime: string }[] }): string[] {
  return day.slots.map((slot) => slot.slotTime);
}

describe("slotWindow", () => {
  it("offers seven days, every 30 minutes from 10:00 to 20:30", () => {
    const days = slotWindow({ now: at("2027-05-03T07:00", NEW_YORK), zone: NEW_YORK });
    expect(days.map((day) => day.date)).toEqual([
      "2027-05-03",
      "2027-05-04",
      "2027-05-05",
      "2027-05-06",
      "2027-05-07",
      "2027-05-08",
      "2027-05-09",
    ]);
    for (const day of days) expect(times(day)).toEqual(FULL_DAY_SLOT_TIMES);
    expect(days[0]!.slots[0]).toEqual({
      slotDate: "3_5_2027",
      slotTime: "10:00 AM",
      startsAt: "2027-05-03T14:00:00.000Z",
    });
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
    expect(today!.slots[0]?.slotTime).toBe(first);
  });

  it("has no slot left today from 20:30, and still seven days", () => {
    const days = slotWindow({ now: at("2027-05-03T20:30", NEW_YORK), zone: NEW_YORK });
    expect(days[0]!.slots).toEqual([]);
    expect(days).toHaveLength(7);
    expect(times(days[6]!)).toEqual(FULL_DAY_SLOT_TIMES);
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
      expect(times(changed)).toEqual(FULL_DAY_SLOT_TIMES);
      const instants = days.flatMap((day) => day.slots.map((slot) => Date.parse(slot.startsAt)));
      expect(new Set(instants).size).toBe(instants.length);
      for (const day of days) {
        const starts = day.slots.map((slot) => Date.parse(slot.startsAt));
        for (let index = 1; index < starts.length; index++)
          expect(starts[index]! - starts[index - 1]!).toBe(30 * 60_000);
        // Each slot's wall-clock time in the zone is what it says.
        for (const slot of day.slots)
          expect(slotOf(new Date(slot.startsAt), zone).slotTime).toBe(slot.slotTime);
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

describe("resolveSlot", () => {
  const now = at("2027-05-03T12:10", NEW_YORK);
  const options = { now, zone: NEW_YORK };

  it("turns slotDate and slotTime into the instant in the agency's zone", () => {
    const result = resolveSlot("4_5_2027", "01:30 PM", options);
    expect(result).toEqual({
      ok: true,
      startsAt: new Date("2027-05-04T17:30:00Z"),
      slot: { slotDate: "4_5_2027", slotTime: "01:30 PM", startsAt: "2027-05-04T17:30:00.000Z" },
    });
  });

  it.each([
    ["2027-05-04", "01:30 PM", "malformed"],
    ["31_2_2027", "01:30 PM", "malformed"],
    ["4_13_2027", "01:30 PM", "malformed"],
    ["4_5_2027", "13:30 PM", "malformed-time"],
    ["4_5_2027", "1:30pm tomorrow", "malformed-time"],
    ["4_5_2027", "", "malformed-time"],
    ["4_5_2027", "01:15 PM", "off-grid"],
    ["4_5_2027", "09:30 AM", "off-grid"],
    ["4_5_2027", "09:00 PM", "off-grid"],
    ["3_5_2027", "12:00 PM", "past"],
    ["1_5_2027", "02:00 PM", "past"],
    ["10_5_2027", "10:00 AM", "outside-window"],
  ])("refuses %s %s as %s", (slotDate, slotTime, problem) => {
    expect(resolveSlot(slotDate, slotTime, options)).toEqual({ ok: false, problem });
  });

  it.each(["13:30", "1:30 PM", "01:30 pm", "01:30PM", "1:30\u202fPM", " 13:30 "])(
    "reads %j as 1:30 PM, as the old clients may write it",
    (slotTime) => {
      const result = resolveSlot("4_5_2027", slotTime, options);
      expect(result).toMatchObject({ ok: true, startsAt: new Date("2027-05-04T17:30:00Z") });
    },
  );

  it("reads 12:00 pm as noon, so the noon booking takes the noon slot", () => {
    expect(resolveSlot("4_5_2027", "12:00 pm", options)).toMatchObject({
      ok: true,
      slot: { slotDate: "4_5_2027", slotTime: "12:00 PM", startsAt: "2027-05-04T16:00:00.000Z" },
    });
  });

  it("accepts the last slot of the seventh day", () => {
    expect(resolveSlot("9_5_2027", "08:30 PM", options).ok).toBe(true);
  });
});

describe("parseSlotTime", () => {
  it.each([
    ["10:30", { hour: 10, minute: 30 }],
    ["10:30 AM", { hour: 10, minute: 30 }],
    ["10:30 am", { hour: 10, minute: 30 }],
    ["10:30 a.m.", { hour: 10, minute: 30 }],
    ["12:00 pm", { hour: 12, minute: 0 }],
    ["12:00 PM", { hour: 12, minute: 0 }],
    ["12:30 AM", { hour: 0, minute: 30 }],
    ["12:00", { hour: 12, minute: 0 }],
    ["00:30", { hour: 0, minute: 30 }],
    ["20:30", { hour: 20, minute: 30 }],
    ["08:30 PM", { hour: 20, minute: 30 }],
    ["8:30\u00a0pm", { hour: 20, minute: 30 }],
  ])("reads %j as %o", (text, expected) => {
    expect(parseSlotTime(text)).toEqual(expected);
  });

  it.each(["24:00", "10:60", "13:00 PM", "0:30 AM", "10.30", "1030", "10:30 noon", "ten thirty", "10:3"])(
    "refuses %j",
    (text) => {
      expect(parseSlotTime(text)).toBeUndefined();
    },
  );
});
