import { describe, expect, it } from "vitest";
import { keptBookingKeys } from "~/features/booking/booking.server";
import { catalogueDataChangedBy, catalogueKeys, catalogueKeysChangedBy } from "./catalogue-answers";

const booked = "0b3c5a2e-7f41-4d1a-9c55-1f2e3d4c5b6a";
const other = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";

describe("what a change notice forgets", () => {
  it("of the API's answers: every list and the booked consultant's slots", () => {
    const changed = catalogueKeysChangedBy(`appointments:${booked}`)!;
    expect(changed(catalogueKeys.list())).toBe(true);
    expect(changed(catalogueKeys.list("tax"))).toBe(true);
    expect(changed(catalogueKeys.slots(booked))).toBe(true);
    expect(changed(catalogueKeys.slots(other))).toBe(false);
  });

  it("of the pages' data: every directory answer and the booked consultant's taken slots", () => {
    const changed = catalogueDataChangedBy(`appointments:${booked}`)!;
    expect(changed('directory:["",{}]')).toBe(true);
    expect(changed(keptBookingKeys.taken(booked))).toBe(true);
    expect(changed(keptBookingKeys.taken(other))).toBe(false);
    // A booking changes no consultant's row.
    expect(changed(keptBookingKeys.consultant(booked))).toBe(false);
  });

  it("everything, when a consultant changes or a table is emptied", () => {
    for (const payload of ["consultants", "appointments", "appointments:not-an-id"]) {
      expect(catalogueKeysChangedBy(payload)).toBeUndefined();
      expect(catalogueDataChangedBy(payload)).toBeUndefined();
    }
  });
});
