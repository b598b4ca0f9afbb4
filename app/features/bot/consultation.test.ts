import { describe, expect, it } from "vitest";
import { parseInquiry } from "~/features/contact/inquiry-schema";
import type { Slots } from "~/lib/lex-wire";
import { INTENT } from "./catalog";
import { DIALOG_SLOTS } from "./consultation";
import { inquiryInputFrom } from "./consultation-inquiry";
import { parsePreferredTime } from "./preferred-time";

/** Monday 3 May 2027, 11:00 in New York. */
const NOW = new Date("2027-05-03T15:00:00Z");

describe("parsePreferredTime", () => {
  it.each([
    ["tomorrow at 2pm", "2027-05-04T14:00"],
    ["Friday 10:30", "2027-05-07T10:30"],
    ["May 4 at 2:30 PM", "2027-05-04T14:30"],
    ["4th of June 9am", "2027-06-04T09:00"],
    ["2027-05-04 14:30", "2027-05-04T14:30"],
    ["2027-05-04T14:30", "2027-05-04T14:30"],
    ["3pm", "2027-05-03T15:00"],
    ["10am", "2027-05-04T10:00"],
  ])("reads %j in the visitor's own time as %s", (text, wallClock) => {
    expect(parsePreferredTime(text, "EST", NOW)).toEqual({ kind: "time", wallClock });
  });

  it("understands no preference, and keeps what it cannot read as words", () => {
    expect(parsePreferredTime("any time is fine", "EST", NOW)).toEqual({ kind: "any" });
    expect(parsePreferredTime("weekday mornings", "EST", NOW)).toEqual({ kind: "text" });
  });

  it("refuses times past or more than 180 days ahead", () => {
    expect(parsePreferredTime("2027-05-01 10:00", "EST", NOW).kind).toBe("invalid");
    expect(parsePreferredTime("yesterday at 2pm", "EST", NOW).kind).toBe("invalid");
    expect(parsePreferredTime("2028-01-10 10:00", "EST", NOW).kind).toBe("invalid");
  });
});

function fill(intentName: string, answers: Record<string, string>): Slots {
  const slots: Slots = {};
  for (const slot of DIALOG_SLOTS[intentName]!) {
    const answer = answers[slot.name];
    if (answer === undefined || !slot.needed(slots)) continue;
    const reading = slot.read(answer, slots, { now: NOW });
    expect(reading.ok, `${slot.name}: ${answer}`).toBe(true);
    Object.assign(slots, reading.updates);
  }
  return slots;
}

describe("inquiryInputFrom", () => {
  it("turns a consultation request into an inquiry the contact feature accepts", () => {
    const slots = fill(INTENT.requestConsultation, {
      name: "My name is Ada Lovelace",
      email: "it's ada@example.com",
      phone: "+44 20 7946 0958",
      services: "marketing and bookkeeping",
      businessType: "startup",
      industry: "we run an online store",
      timezone: "CET",
      preferredTime: "tomorrow at 2pm",
    });
    const input = inquiryInputFrom(INTENT.requestConsultation, slots);
    const inquiry = parseInquiry(input, NOW);
    expect(inquiry).toMatchObject({
      name: "Ada Lovelace",
      email: "ada@example.com",
      phone: "+442079460958",
      phoneCountry: "GB",
      requiredServices: ["Digital Marketing", "Bookkeeping"],
      businessType: "Startup",
      industry: "E-Commerce",
      timezone: "Other",
    });
    // CET is not a listed zone: it goes in the message.
    expect(inquiry.message).toContain("CET");
    expect(inquiry.preferredCallTime).toMatch(/^2027-05-04 14:00/);
  });

  it("files an answer outside a list as Other, with the visitor's words", () => {
    const slots = fill(INTENT.requestConsultation, {
      name: "Bo",
      email: "bo@example.com",
      phone: "(212) 456-7890",
      services: "Administrative Support",
      businessType: "a family bakery",
      industry: "Other",
      otherIndustry: "Food",
      timezone: "eastern",
      preferredTime: "any time",
    });
    const inquiry = parseInquiry(inquiryInputFrom(INTENT.requestConsultation, slots), NOW);
    expect(inquiry).toMatchObject({
      businessType: "Other",
      otherBusiness: "a family bakery",
      industry: "Other",
      otherIndustry: "Food",
      timezone: "EST",
      preferredCallTime: null,
    });
  });

  it("files a message for the team with the lists' neutral values and a note", () => {
    const slots = fill(INTENT.talkToPerson, {
      name: "Cy",
      email: "cy@example.com",
      phone: "2124567890",
      services: "project management",
      note: "Please call me about a project.",
    });
    const inquiry = parseInquiry(inquiryInputFrom(INTENT.talkToPerson, slots), NOW);
    expect(inquiry).toMatchObject({ businessType: "Other", industry: "Other", timezone: "Other" });
    expect(inquiry.message).toContain("Please call me about a project.");
    expect(inquiry.message).toContain("not asked");
  });

  it("asks again for answers the inquiry would refuse", () => {
    const slots = DIALOG_SLOTS[INTENT.requestConsultation]!;
    const read = (name: string, text: string) =>
      slots.find((slot) => slot.name === name)!.read(text, {}, { now: NOW });
    expect(read("name", "hello").ok).toBe(false);
    expect(read("email", "ada at example dot com").ok).toBe(false);
    expect(read("phone", "12345").ok).toBe(false);
    expect(read("services", "knitting").ok).toBe(false);
    // Bookkeeping is one of the five services the form offers.
    const bookkeeping = read("services", "bookkeeping");
    expect(bookkeeping.ok).toBe(true);
    expect(bookkeeping.updates?.services?.value?.interpretedValue).toBe("Bookkeeping");
  });

  it("reads Central time as CST", () => {
    const slot = DIALOG_SLOTS[INTENT.requestConsultation]!.find(
      (candidate) => candidate.name === "timezone",
    )!;
    const reading = slot.read("central", {}, { now: NOW });
    expect(reading.ok).toBe(true);
    expect(reading.updates?.timezone?.value?.interpretedValue).toBe("CST");
  });
});
