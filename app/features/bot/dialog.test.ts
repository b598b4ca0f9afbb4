import { describe, expect, it, vi } from "vitest";
import { firstCycleOffer } from "~/content/offers";
import type { SessionState } from "~/lib/lex-wire";
import { CONSULTATION_SLOTS, consultationAnswers } from "../../../tests/setup/consultation-answers";
import type { AssistantData } from "./assistant-data";
import { faqIntentName, INTENT, knownIntentNames } from "./catalog";
import { checkClientState } from "./client-state";
import { type InquiryOutcome, type TurnResult, takeTurn } from "./dialog";

const NOW = new Date("2027-05-03T15:00:00Z");

/** No consultants and nobody signed in: the dialog's own answers, without a database. */
const NO_DATA: AssistantData = {
  contact: { email: "help@agency.example", phone: "+1 (212) 555-0142" },
  agencyZone: "America/New_York",
  paymentProviders: ["Stripe"],
  consultants: async () => [],
  freeConsultants: async () => [],
};

function conversation(options: { signedIn?: boolean; outcome?: InquiryOutcome } = {}) {
  const submitted: Record<string, unknown>[] = [];
  const submitInquiry = vi.fn(async (input: Record<string, unknown>) => {
    submitted.push(input);
    return options.outcome ?? { ok: true as const, id: `inquiry-${submitted.length}` };
  });
  let state: SessionState = {};
  let last: TurnResult | undefined;
  return {
    submitted,
    submitInquiry,
    get state() {
      return state;
    },
    async say(text: string): Promise<TurnResult> {
      last = await takeTurn({
        text,
        state,
        signedIn: options.signedIn ?? false,
        now: NOW,
        data: NO_DATA,
        submitInquiry,
      });
      state = last.sessionState;
      return last;
    },
  };
}

function allText(result: TurnResult): string {
  return result.messages
    .map(
      (message) =>
        message.content ?? message.imageResponseCard?.buttons?.map((button) => button.text).join(" ") ?? "",
    )
    .join("\n");
}

describe("takeTurn", () => {
  it("answers one-turn questions and closes the intent", async () => {
    const chat = conversation();
    const result = await chat.say("Do you have any offers?");
    expect(result.sessionState.intent).toMatchObject({ name: INTENT.pricing, state: "Fulfilled" });
    expect(result.sessionState.dialogAction).toEqual({ type: "Close" });
    expect(allText(result)).toContain(firstCycleOffer);
    expect(result.interpretations[0]?.nluConfidence?.score).toBeGreaterThan(0.5);
    expect(result.interpretations.at(-1)?.intent.name).toBe(INTENT.fallback);
  });

  it("names the agency's e-mail and phone from the settings when asked how to reach support", async () => {
    const text = allText(await conversation().say("How do I contact support?"));
    expect(text).toContain("E-mail us at help@agency.example and we will get back to you");
    expect(text).toContain("call +1 (212) 555-0142");
    expect(text).not.toContain("{agencyEmail}");
  });

  it("sends signed-in visitors to the consultant pages, others to log in first", async () => {
    expect(allText(await conversation({ signedIn: true }).say("how do I book an appointment"))).toContain(
      "(/consultant)",
    );
    const signedOut = allText(await conversation().say("how do I book an appointment"));
    expect(signedOut).toContain("(/login)");
  });

  it("offers choices as quick-reply buttons when it does not understand", async () => {
    const result = await conversation().say("zxcv qwer");
    expect(result.sessionState.intent?.name).toBe(INTENT.fallback);
    expect(result.sessionState.dialogAction?.type).toBe("ElicitIntent");
    const buttons = result.messages.find((message) => message.contentType === "ImageResponseCard")
      ?.imageResponseCard?.buttons;
    expect(buttons?.length).toBeGreaterThan(2);
    expect(result.interpretations[0]?.nluConfidence).toBeUndefined();
  });

  it("elicits the consultation's slots one by one, confirms, and submits once after yes", async () => {
    const chat = conversation();
    let result = await chat.say("I'd like a free consultation");
    const asked: string[] = [];
    for (const answer of consultationAnswers()) {
      expect(result.sessionState.dialogAction?.type).toBe("ElicitSlot");
      asked.push(result.sessionState.dialogAction!.slotToElicit!);
      result = await chat.say(answer);
    }
    expect(asked).toEqual(CONSULTATION_SLOTS);
    expect(result.sessionState.dialogAction?.type).toBe("ConfirmIntent");
    expect(allText(result)).toContain("ada@example.com");
    expect(chat.submitInquiry).not.toHaveBeenCalled();

    result = await chat.say("yes");
    expect(chat.submitInquiry).toHaveBeenCalledTimes(1);
    expect(result.inquiryId).toBe("inquiry-1");
    expect(result.sessionState.intent).toMatchObject({ state: "Fulfilled", confirmationState: "Confirmed" });

    // A second "yes" is a new, unrelated message: nothing more is sent.
    await chat.say("yes");
    expect(chat.submitInquiry).toHaveBeenCalledTimes(1);
  });

  it("sends nothing when the visitor says no or cancels", async () => {
    const chat = conversation();
    await chat.say("I'd like a free consultation");
    for (const answer of consultationAnswers()) await chat.say(answer);
    const result = await chat.say("no");
    expect(result.sessionState.intent).toMatchObject({ state: "Failed", confirmationState: "Denied" });
    expect(chat.submitInquiry).not.toHaveBeenCalled();

    const other = conversation();
    await other.say("talk to a person");
    expect((await other.say("cancel")).sessionState.intent?.state).toBe("Failed");
    expect(other.submitInquiry).not.toHaveBeenCalled();
  });

  it("answers a question asked in the middle of the dialog, then asks again", async () => {
    const chat = conversation();
    await chat.say("I'd like a free consultation");
    await chat.say("Ada");
    const result = await chat.say("Is there a setup fee?");
    expect(allText(result)).toContain("no setup fee");
    expect(result.sessionState.dialogAction).toEqual({ type: "ElicitSlot", slotToElicit: "email" });
    expect(result.interpretations[0]?.intent.name).toBe(faqIntentName("setup-fee"));
  });

  it("re-asks with the problem when an answer is not valid", async () => {
    const chat = conversation();
    await chat.say("I'd like a free consultation");
    await chat.say("Ada");
    const result = await chat.say("not telling");
    expect(result.sessionState.dialogAction).toEqual({ type: "ElicitSlot", slotToElicit: "email" });
    expect(allText(result)).toMatch(/e-mail address/);
  });

  it("fills what the first message already says", async () => {
    const result = await conversation().say(
      "free consultation about social media please, I'm ada@example.com",
    );
    const slots = result.sessionState.intent?.slots ?? {};
    expect(slots.email?.value?.interpretedValue).toBe("ada@example.com");
    expect(slots.services?.value?.interpretedValue).toBe("Digital Marketing");
    expect(result.sessionState.dialogAction?.slotToElicit).toBe("name");
  });

  it("asks again for the field the contact feature refused, and keeps the rest", async () => {
    const chat = conversation({
      outcome: {
        ok: false,
        kind: "invalid",
        message: "Invalid email format",
        fieldErrors: { email: "Invalid email format" },
      },
    });
    await chat.say("I'd like a free consultation");
    for (const answer of consultationAnswers()) await chat.say(answer);
    const result = await chat.say("yes");
    expect(result.sessionState.dialogAction).toEqual({ type: "ElicitSlot", slotToElicit: "email" });
    expect(result.sessionState.intent?.slots?.name?.value?.interpretedValue).toBe("Ada Lovelace");
  });
});

describe("checkClientState", () => {
  const known = knownIntentNames();

  it("accepts a state this bot knows, normalising slot values", () => {
    const result = checkClientState(
      {
        dialogAction: { type: "ElicitSlot", slotToElicit: "phone" },
        intent: {
          name: INTENT.requestConsultation,
          slots: { email: { value: { interpretedValue: "ada@example.com" } } },
        },
      },
      known,
      NOW,
    );
    expect(result.ok).toBe(true);
    if (result.ok) expect(Object.keys(result.state.intent?.slots ?? {})).toContain("preferredTime");
  });

  it.each([
    [{ intent: { name: "OrderPizza" } }, /not an intent/],
    [{ intent: { name: INTENT.requestConsultation, slots: { shoeSize: null } } }, /not a slot/],
    [
      {
        intent: {
          name: INTENT.requestConsultation,
          slots: { email: { value: { interpretedValue: "nope" } } },
        },
      },
      /does not accept/,
    ],
    [{ dialogAction: { type: "ElicitSlot" as const, slotToElicit: "email" } }, /needs an intent/],
    [
      { dialogAction: { type: "ConfirmIntent" as const }, intent: { name: INTENT.greeting } },
      /nothing to confirm/,
    ],
  ])("refuses %j", (state, problem) => {
    const result = checkClientState(state as SessionState, known, NOW);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem).toMatch(problem);
  });
});
