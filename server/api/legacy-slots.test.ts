import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { slotProblem, slotWindow } from "~/features/slot-grid/slots";
import { FeatureError } from "~/lib/errors";
import {
  legacyBookingSchema,
  legacyOwnRescheduleSchema,
  legacyRequestStart,
  legacySlotOf,
  legacySlotStart,
  parseSlotTime,
  readLegacySlot,
} from "./legacy-slots";

const NEW_YORK = "America/New_York";
const LOS_ANGELES = "America/Los_Angeles";

/** An instant given as wall-clock time in a zone. */
function at(iso: string, zone: string): Date {
  return DateTime.fromISO(iso, { zone }).toJSDate();
}

describe("legacySlotOf", () => {
  it.each([
    ["2027-05-04T17:30:00Z", NEW_YORK, { slotDate: "4_5_2027", slotTime: "01:30 PM" }],
    ["2027-05-04T16:00:00Z", NEW_YORK, { slotDate: "4_5_2027", slotTime: "12:00 PM" }],
    ["2027-03-05T14:00:00Z", NEW_YORK, { slotDate: "5_3_2027", slotTime: "09:00 AM" }],
    ["2027-12-31T04:30:00Z", NEW_YORK, { slotDate: "30_12_2027", slotTime: "11:30 PM" }],
    ["2027-05-04T17:30:00Z", LOS_ANGELES, { slotDate: "4_5_2027", slotTime: "10:30 AM" }],
  ])("tells %s in %s as %o", (instant, zone, expected) => {
    expect(legacySlotOf(new Date(instant), zone)).toEqual(expected);
  });

  it("tells an instant told before in the same way, per zone, whatever a caller did with the last answer", () => {
    const instant = new Date("2027-05-04T17:30:00Z");
    const first = legacySlotOf(instant, NEW_YORK);
    first.slotTime = "changed by a caller";
    expect(legacySlotOf(instant, NEW_YORK)).toEqual({ slotDate: "4_5_2027", slotTime: "01:30 PM" });
    expect(legacySlotOf(instant, LOS_ANGELES)).toEqual({ slotDate: "4_5_2027", slotTime: "10:30 AM" });
  });

  it.each([NEW_YORK, LOS_ANGELES])(
    "reads back every slot of a window across the daylight-saving change in %s",
    (zone) => {
      for (const day of slotWindow({ now: at("2027-11-05T09:00", zone), zone })) {
        for (const slot of day.slots) {
          const { slotDate, slotTime } = legacySlotOf(new Date(slot.startsAt), zone);
          expect(readLegacySlot(slotDate, slotTime, zone)).toEqual({
            ok: true,
            startsAt: new Date(slot.startsAt),
          });
        }
      }
    },
  );
});

describe("readLegacySlot", () => {
  it("reads a slot named again to the same instant, in a Date of its own, per zone", () => {
    const first = readLegacySlot("4_5_2027", "01:30 PM", NEW_YORK);
    if (!first.ok) throw new Error("the slot should read");
    first.startsAt.setTime(0);
    expect(readLegacySlot("4_5_2027", "01:30 PM", NEW_YORK)).toEqual({
      ok: true,
      startsAt: new Date("2027-05-04T17:30:00.000Z"),
    });
    expect(readLegacySlot("4_5_2027", "01:30 PM", "Europe/London")).toEqual({
      ok: true,
      startsAt: new Date("2027-05-04T12:30:00.000Z"),
    });
  });

  it("turns slotDate and slotTime into the instant in the agency's zone", () => {
    expect(readLegacySlot("4_5_2027", "01:30 PM", NEW_YORK)).toEqual({
      ok: true,
      startsAt: new Date("2027-05-04T17:30:00Z"),
    });
  });

  it.each([
    ["2027-05-04", "01:30 PM", "malformed"],
    ["31_2_2027", "01:30 PM", "malformed"],
    ["4_13_2027", "01:30 PM", "malformed"],
    ["4_5_2027", "13:30 PM", "malformed-time"],
    ["4_5_2027", "1:30pm tomorrow", "malformed-time"],
    ["4_5_2027", "", "malformed-time"],
    // 2:30 AM does not exist in New York on 14 March 2027 (the clocks go forward).
    ["14_3_2027", "02:30 AM", "malformed"],
  ])("refuses %s %s as %s", (slotDate, slotTime, problem) => {
    expect(readLegacySlot(slotDate, slotTime, NEW_YORK)).toEqual({ ok: false, problem });
  });

  it.each(["13:30", "1:30 PM", "01:30 pm", "01:30PM", "1:30\u202fPM", " 13:30 "])(
    "reads %j as 1:30 PM, as the old clients may write it",
    (slotTime) => {
      expect(readLegacySlot("4_5_2027", slotTime, NEW_YORK)).toEqual({
        ok: true,
        startsAt: new Date("2027-05-04T17:30:00Z"),
      });
    },
  );

  it("reads 12:00 pm as noon, so the noon booking takes the noon slot", () => {
    expect(readLegacySlot("4_5_2027", "12:00 pm", NEW_YORK)).toEqual({
      ok: true,
      startsAt: new Date("2027-05-04T16:00:00Z"),
    });
  });

  // With the booking feature's check of the instant, the old rules hold as before.
  const now = at("2027-05-03T12:10", NEW_YORK);
  it.each([
    ["4_5_2027", "01:15 PM", "off-grid"],
    ["4_5_2027", "09:30 AM", "off-grid"],
    ["4_5_2027", "09:00 PM", "off-grid"],
    ["3_5_2027", "12:00 PM", "past"],
    ["1_5_2027", "02:00 PM", "past"],
    ["10_5_2027", "10:00 AM", "outside-window"],
    ["9_5_2027", "08:30 PM", undefined],
  ])("names a start %s %s the feature finds %s", (slotDate, slotTime, problem) => {
    const read = readLegacySlot(slotDate, slotTime, NEW_YORK);
    if (!read.ok) throw new Error(`unreadable: ${read.problem}`);
    expect(slotProblem(read.startsAt, { now, zone: NEW_YORK })).toBe(problem);
  });
});

describe("legacySlotStart and legacyRequestStart", () => {
  function refusal(run: () => unknown): FeatureError {
    try {
      run();
    } catch (error) {
      if (error instanceof FeatureError) return error;
      throw error;
    }
    throw new Error("not refused");
  }

  it("refuses unreadable slots with the old API's sentences", () => {
    expect(
      refusal(() => legacySlotStart({ slotDate: "2027-05-04", slotTime: "10:00 AM" }, NEW_YORK)),
    ).toMatchObject({
      kind: "invalid",
      message: "Please choose a day and time from the list of available slots.",
    });
    expect(
      refusal(() => legacySlotStart({ slotDate: "4_5_2027", slotTime: "2 PM" }, NEW_YORK)),
    ).toMatchObject({
      kind: "invalid",
      message: "Please give the time as 10:30 (24-hour clock), 10:30 AM or 10:30 am.",
    });
  });

  it.each([
    [{}, "Please choose a consultant."],
    [{ docId: "x", slotTime: "10:00 AM" }, "Please choose a day."],
    [{ docId: "x", slotDate: "4_5_2027" }, "Please choose a time for your appointment."],
    [{ docId: 42, slotDate: "4_5_2027", slotTime: "10:00 AM" }, "Please choose a consultant."],
  ])("refuses the booking body %o with %j", (body, message) => {
    expect(refusal(() => legacyRequestStart(legacyBookingSchema, body, NEW_YORK)).message).toBe(message);
  });

  it.each([
    [{ slotDate: "4_5_2027", slotTime: "10:00 AM" }, "Please name the appointment."],
    [{ appointmentId: "x", slotDate: "4_5_2027" }, "Please choose a new time."],
  ])("refuses the reschedule body %o with %j", (body, message) => {
    expect(refusal(() => legacyRequestStart(legacyOwnRescheduleSchema, body, NEW_YORK)).message).toBe(
      message,
    );
  });

  it("gives the instant of a readable body", () => {
    expect(
      legacyRequestStart(
        legacyBookingSchema,
        { docId: "x", slotDate: "4_5_2027", slotTime: "10:30" },
        NEW_YORK,
      ),
    ).toEqual(new Date("2027-05-04T14:30:00Z"));
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
