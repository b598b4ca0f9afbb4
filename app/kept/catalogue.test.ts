import { describe, expect, it } from "vitest";
import {
  answerKeyOf,
  answersChangedBy,
  catalogueKeys,
  consultantsChangedBy,
  takenStartsChangedBy,
} from "./catalogue.server";

const booked = "0b3c5a2e-7f41-4d1a-9c55-1f2e3d4c5b6a";
const other = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";

describe("what a change notice forgets", () => {
  it("of the API's answers: every list and the booked consultant's slots", () => {
    const changed = answersChangedBy(`appointments:${booked}`)!;
    expect(changed(catalogueKeys.list())).toBe(true);
    expect(changed(catalogueKeys.list("tax"))).toBe(true);
    expect(changed(catalogueKeys.slots(booked))).toBe(true);
    expect(changed(catalogueKeys.slots(other))).toBe(false);
  });

  it("of what booking attempts read: the booked consultant's taken slots, and no consultant", () => {
    const taken = takenStartsChangedBy(`appointments:${booked}`)!;
    expect(taken(catalogueKeys.consultant(booked))).toBe(true);
    expect(taken(catalogueKeys.consultant(other))).toBe(false);
    expect(consultantsChangedBy(`appointments:${booked}`)!(catalogueKeys.consultant(booked))).toBe(false);
  });

  it("everything, when a consultant changes or a table is emptied", () => {
    for (const payload of ["consultants", "appointments", "appointments:not-an-id"]) {
      expect(answersChangedBy(payload)).toBeUndefined();
      expect(takenStartsChangedBy(payload)).toBeUndefined();
      expect(consultantsChangedBy(payload)).toBeUndefined();
    }
  });
});

describe("the API answers kept", () => {
  it("are the consultant list and each consultant's slots, by either of their names", () => {
    expect(answerKeyOf("/api/doctor/list")).toBe(catalogueKeys.list());
    expect(answerKeyOf("/api/consultant/list")).toBe(catalogueKeys.list());
    expect(answerKeyOf(`/api/doctor/${booked.toUpperCase()}/slots`)).toBe(catalogueKeys.slots(booked));
    expect(answerKeyOf("/api/doctor/list?speciality=tax")).toBeUndefined();
    expect(answerKeyOf("/api/user/appointments")).toBeUndefined();
  });
});
