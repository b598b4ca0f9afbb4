// Each answer a dialog asks for is checked and, when wrong, asked again with the reason; questions
// asked in the middle are answered and the dialog resumes; "cancel" and "start over" work.
import { describe, expect, it, vi } from "vitest";
import { faq } from "~/content/faq";
import type { SessionState } from "~/lib/lex-wire";
import type { AssistantData } from "./assistant-data";
import { INTENT } from "./catalog";
import { DIALOG_SLOTS } from "./consultation";
import { type TurnResult, takeTurn } from "./dialog";
import { understand } from "./nlu";
import { parsePreferredTime } from "./preferred-time";

const NOW = new Date("2027-05-03T15:00:00Z"); // a Monday

const DATA: AssistantData = {
  contact: { email: "help@agency.example", phone: "+1 (212) 555-0142" },
  agencyZone: "America/New_York",
  paymentProviders: ["Stripe"],
  consultants: async () => [
    { id: "c1", name: "Dr. Tax", speciality: "tax", feeCents: 4000, currency: "USD" },
    { id: "c2", name: "Dr. Law", speciality: "legal", feeCents: 9000, currency: "USD" },
  ],
  freeConsultants: async () => [],
};

function chat() {
  const submitInquiry = vi.fn(async () => ({ ok: true as const, id: "inquiry-1" }));
  let state: SessionState = {};
  return {
    submitInquiry,
    async say(text: string): Promise<TurnResult> {
      const result = await takeTurn({ text, state, signedIn: false, now: NOW, data: DATA, submitInquiry });
      state = result.sessionState;
      return result;
    },
  };
}

function textOf(result: TurnResult): string {
  return result.messages.map((message) => message.content ?? "").join("\n");
}

const readName = (text: string) =>
  DIALOG_SLOTS[INTENT.requestConsultation]!.find((slot) => slot.name === "name")!.read(
    text,
    {},
    { now: NOW },
  );

describe("the name slot", () => {
  it("does not take the weather question as a name: it says why and asks again", async () => {
    const visitor = chat();
    await visitor.say("I'd like a free consultation");
    const result = await visitor.say("What's the weather in Paris tomorrow?");
    expect(textOf(result)).not.toContain("Thanks, What's the weather");
    expect(textOf(result)).toMatch(/question rather than a name/);
    expect(result.sessionState.dialogAction).toEqual({ type: "ElicitSlot", slotToElicit: "name" });
    expect(result.sessionState.intent?.slots?.name ?? null).toBeNull();
  });

  it.each([
    ["12345", /digits/],
    ["call me on 0207 946 0958", /digits/],
    ["I want to know what you charge for this", /sentence/],
    ["ada@example.com", /address/],
  ])("refuses %j as a name", (text, why) => {
    const reading = readName(text);
    expect(reading.ok).toBe(false);
    if (!reading.ok) expect(reading.problem).toMatch(why);
  });

  it.each([
    ["Ada Lovelace", "Ada Lovelace"],
    ["my name is José da Silva", "José da Silva"],
    ["Mary-Jane O'Neil", "Mary-Jane O'Neil"],
    ["Nguyễn Thị Minh Khai", "Nguyễn Thị Minh Khai"],
  ])("takes %j as the name %j", (text, name) => {
    const reading = readName(text);
    expect(reading.ok).toBe(true);
    if (reading.ok) expect(reading.updates.name?.value?.interpretedValue).toBe(name);
  });
});

describe("e-mail and phone", () => {
  it("asks again for an e-mail address, saying what one looks like", async () => {
    const visitor = chat();
    await visitor.say("I'd like a free consultation");
    await visitor.say("Ada Lovelace");
    const result = await visitor.say("ada at example");
    expect(textOf(result)).toMatch(/name@example\.com/);
    expect(result.sessionState.dialogAction?.slotToElicit).toBe("email");
  });

  it("checks the phone number with libphonenumber and keeps it in E.164", async () => {
    const visitor = chat();
    await visitor.say("I'd like a free consultation");
    await visitor.say("Ada Lovelace");
    await visitor.say("ada@example.com");
    const wrong = await visitor.say("555");
    expect(textOf(wrong)).toMatch(/doesn't look valid/);
    expect(wrong.sessionState.dialogAction?.slotToElicit).toBe("phone");
    const right = await visitor.say("+44 20 7946 0958");
    expect(right.sessionState.intent?.slots?.phone?.value?.interpretedValue).toBe("+442079460958");
  });
});

describe("dates and times in words", () => {
  it("reads next Tuesday at 3 pm in the visitor's zone", () => {
    const thursday = new Date("2027-05-06T15:00:00Z");
    expect(parsePreferredTime("next Tuesday at 3 pm", "PST", thursday)).toEqual({
      kind: "time",
      wallClock: "2027-05-11T15:00",
    });
    expect(parsePreferredTime("the day after tomorrow at 10am", "GMT", NOW)).toEqual({
      kind: "time",
      wallClock: "2027-05-05T10:00",
    });
  });
});

describe("services and specialities by other words", () => {
  it.each([
    ["I need help with my taxes", INTENT.findConsultant, "tax"],
    ["I need legal advice for my startup", INTENT.findConsultant, "legal"],
    ["can I talk to a lawyer", INTENT.findConsultant, "legal"],
    ["can someone run my instagram and facebook", INTENT.serviceDetails, "service2"],
  ])("reads %j as %s (%s)", async (text, intent, value) => {
    expect((await understand(text)).top).toMatchObject({ intent, value });
  });

  it("fills the services slot from other words for a service", async () => {
    const visitor = chat();
    await visitor.say("I'd like a free consultation");
    for (const answer of ["Ada Lovelace", "ada@example.com", "+44 20 7946 0958"]) await visitor.say(answer);
    const result = await visitor.say("our instagram and the books");
    expect(result.sessionState.intent?.slots?.services?.value?.interpretedValue).toBe(
      "Digital Marketing, Bookkeeping",
    );
  });
});

describe("digressions, cancel and start over", () => {
  it("answers a question asked instead of an answer, then asks for the same slot again", async () => {
    const visitor = chat();
    await visitor.say("I'd like a free consultation");
    await visitor.say("Ada Lovelace");
    const result = await visitor.say("how much does a session cost?");
    expect(textOf(result)).toContain("$40.00 to $90.00");
    expect(textOf(result)).toContain("back to your request");
    expect(result.sessionState.dialogAction).toEqual({ type: "ElicitSlot", slotToElicit: "email" });
    const next = await visitor.say("ada@example.com");
    expect(next.sessionState.dialogAction?.slotToElicit).toBe("phone");
    expect(next.sessionState.intent?.slots?.name?.value?.interpretedValue).toBe("Ada Lovelace");
  });

  it("answers an FAQ question asked while it waits for a name", async () => {
    const visitor = chat();
    await visitor.say("talk to a person");
    const result = await visitor.say("is there a setup fee");
    expect(textOf(result)).toContain(faq.find((item) => item.id === "setup-fee")!.answer);
    expect(result.sessionState.dialogAction?.slotToElicit).toBe("name");
  });

  it("starts over from the first question, forgetting what was given", async () => {
    const visitor = chat();
    await visitor.say("I'd like a free consultation");
    await visitor.say("Ada Lovelace");
    const result = await visitor.say("start over");
    expect(textOf(result)).toMatch(/start again/);
    expect(result.sessionState.dialogAction).toEqual({ type: "ElicitSlot", slotToElicit: "name" });
    expect(result.sessionState.intent?.slots?.name ?? null).toBeNull();
  });

  it("stops on cancel, sending nothing", async () => {
    const visitor = chat();
    await visitor.say("I'd like a free consultation");
    await visitor.say("Ada Lovelace");
    const result = await visitor.say("cancel");
    expect(result.sessionState.intent?.state).toBe("Failed");
    expect(visitor.submitInquiry).not.toHaveBeenCalled();
  });
});
