import { expect, it } from "vitest";
import { inquiryServices, timeZones } from "./lists";
import { serviceSummaries } from "./service-summaries";

it("the inquiry form offers every service the site sells, in the same order", () => {
  expect([...inquiryServices]).toEqual(serviceSummaries.map((service) => service.title));
});

it("the inquiry form offers each mainland United States zone, GMT and Other", () => {
  expect([...timeZones]).toEqual(["EST", "CST", "MST", "PST", "GMT", "Other"]);
});
