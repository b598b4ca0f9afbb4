import { expect, it } from "vitest";
import { appointmentTimesFor } from "./appointment-times";

const MAY_4_17_30_UTC = new Date("2027-05-04T17:30:00.000Z");

it("gives the customer's own time, named, with the agency's slot label beside it", () => {
  expect(appointmentTimesFor(MAY_4_17_30_UTC, "Asia/Kolkata", "America/New_York")).toEqual({
    day: "Tue, May 4, 2027",
    time: "11:00 PM Kolkata time",
    agencyTime: "01:30 PM New York time",
  });
});

it("gives the agency's slot label alone when the clocks agree", () => {
  expect(appointmentTimesFor(MAY_4_17_30_UTC, "America/New_York", "America/New_York")).toEqual({
    day: "Tue, May 4, 2027",
    time: "01:30 PM New York time",
    agencyTime: null,
  });
});
