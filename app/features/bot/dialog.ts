/**
 * One turn of the built-in assistant: the visitor's text and the session state in, the next session
 * state, messages and interpretations out, in Amazon Lex V2's terms (ElicitIntent, ElicitSlot,
 * ConfirmIntent, Close; InProgress, Fulfilled, Failed; None, Confirmed, Denied).
 *
 * The only side effect is the injected `submitInquiry`, called once, after an explicit "yes" to the
 * confirmation of a consultation request or a message for the team. Session states a client sets
 * are checked in client-state.ts.
 */

import { services } from "~/content/services";
import { specialities } from "~/content/specialities";
import { BOOKING_WINDOW_DAYS } from "~/features/slot-grid/slots";
import type { FailureKind } from "~/lib/errors";
import type { Intent, Interpretation, Message, SentimentResponse, SessionState, Slots } from "~/lib/lex-wire";
import { type AnswerContext, answerFor, MENU_BUTTONS } from "./answers";
import type { AssistantData } from "./assistant-data";
import { clarifyingButton, DIALOG_INTENTS, INTENT } from "./catalog";
import { confirmationPrompt, emptySlots, nextMissingSlot, slotDefinition } from "./consultation";
import { inquiryInputFrom, SLOT_FOR_FIELD } from "./consultation-inquiry";
import { cloneSlots, scalar } from "./dialog-slot";
import { timeRangeIn } from "./entities";
import { freeConsultants } from "./knowledge";
import { card, plain } from "./messages";
import { type RankedIntent, type Understanding, understand } from "./nlu";
import { analyzeSentiment } from "./sentiment";
import { findEmail, servicesMentioned } from "./slot-readers";
import { isCancel, isStartOver, yesOrNo } from "./text";
import { interpretationsFor } from "./turn-interpretations";

/** A one-turn intent must be at least this likely to interrupt a dialog (answered, then the dialog resumes). */
const DIGRESSION_CONFIDENCE = 0.75;

export type InquiryOutcome =
  | { ok: true; id: string }
  | { ok: false; kind: FailureKind; message: string; fieldErrors: Record<string, string> };

export interface TurnInput {
  text: string;
  state: SessionState;
  signedIn: boolean;
  now: Date;
  requestId?: string;
  /** Consultants, payment providers, zones and the signed-in customer's appointments, read live. */
  data: AssistantData;
  submitInquiry(input: Record<string, unknown>): Promise<InquiryOutcome>;
}

export interface TurnResult {
  sessionState: SessionState;
  messages: Message[];
  interpretations: Interpretation[];
  /** The inquiry this turn created, if any. */
  inquiryId?: string;
}

interface Outcome {
  intent: Intent;
  dialogAction: SessionState["dialogAction"];
  messages: Message[];
  /** The interpretation that drove this turn, with its confidence (undefined: none, e.g. fallback). */
  chosen: { name: string; confidence?: number };
  inquiryId?: string;
}

/** The dialog intent the session is in the middle of, if any. */
function openDialog(state: SessionState): Intent | undefined {
  const intent = state.intent;
  if (!intent || !DIALOG_INTENTS.has(intent.name)) return undefined;
  const action = state.dialogAction?.type;
  if (action === "ElicitSlot" || action === "ConfirmIntent" || action === "Delegate") return intent;
  return intent.state === "InProgress" ? intent : undefined;
}

/** Asks for the next missing slot, or for confirmation once every needed slot is filled. */
function advance(intentName: string, slots: Slots, now: Date, lead: Message[] = []): Omit<Outcome, "chosen"> {
  const missing = nextMissingSlot(intentName, slots);
  const intent: Intent = { name: intentName, slots, state: "InProgress", confirmationState: "None" };
  if (missing) {
    return {
      intent,
      dialogAction: { type: "ElicitSlot", slotToElicit: missing.name },
      messages: [...lead, ...missing.prompt(slots, { now })],
    };
  }
  return {
    intent,
    dialogAction: { type: "ConfirmIntent" },
    messages: [...lead, ...confirmationPrompt(intentName, slots)],
  };
}

/** Starts a dialog, filling what the first message already says (an e-mail address, services). */
function startDialog(
  intentName: string,
  text: string,
  now: Date,
  carried: Slots = {},
): Omit<Outcome, "chosen"> {
  const slots: Slots = { ...emptySlots(intentName) };
  for (const [name, slot] of Object.entries(carried)) if (name in slots && slot?.value) slots[name] = slot;
  const email = findEmail(text);
  if (email && !slots.email) slots.email = scalar(email, email);
  const mentioned = servicesMentioned(text);
  if (mentioned.length > 0 && !slots.services) {
    const reading = slotDefinition(intentName, "services")?.read(mentioned.join(", "), slots, { now });
    if (reading?.updates) Object.assign(slots, reading.updates);
  }
  return advance(intentName, slots, now);
}

function answerContext(input: TurnInput, sentiment?: SentimentResponse): AnswerContext {
  return { signedIn: input.signedIn, negative: sentiment?.sentiment === "NEGATIVE", data: input.data };
}

/** The answer to one intent: the free consultants for an availability question, else the intent's answer. */
async function answerOf(best: RankedIntent, text: string, input: TurnInput, sentiment?: SentimentResponse) {
  if (best.intent === INTENT.consultantAvailability) {
    const zone = input.data.visitorZone ?? input.data.agencyZone;
    const asked = timeRangeIn(text, input.now, zone);
    const range = asked ?? {
      from: input.now,
      to: new Date(input.now.getTime() + BOOKING_WINDOW_DAYS * 86_400_000),
      words: `in the next ${BOOKING_WINDOW_DAYS} days`,
    };
    const from = new Date(Math.max(range.from.getTime(), input.now.getTime()));
    return freeConsultants(input.data, { speciality: best.value, from, to: range.to, words: range.words });
  }
  return answerFor(best.intent, best.value, answerContext(input, sentiment));
}

/** Two intents too close to choose between: the visitor picks, with a button for each. */
function clarifying(pair: [RankedIntent, RankedIntent]): Omit<Outcome, "chosen"> {
  const [first, second] = pair;
  const buttons = [
    clarifyingButton(first.intent, first.value),
    clarifyingButton(second.intent, second.value),
  ];
  return {
    intent: { name: first.intent, slots: {}, state: "InProgress", confirmationState: "None" },
    dialogAction: { type: "ElicitIntent" },
    messages: [
      plain(`Do you mean ${buttons[0]!.text.toLowerCase()}, or ${buttons[1]!.text.toLowerCase()}?`),
      card("Which one?", buttons),
    ],
  };
}

async function oneTurn(
  understanding: Understanding,
  text: string,
  input: TurnInput,
  sentiment: SentimentResponse,
): Promise<Omit<Outcome, "chosen">> {
  if (understanding.unsure) return clarifying(understanding.unsure);
  const best = understanding.top;
  const messages = await answerOf(best, text, input, sentiment);
  const slots: Slots = {};
  if (best.intent === INTENT.serviceDetails && best.value) {
    const service = services.find((entry) => entry.slug === best.value);
    if (service) slots.service = scalar(service.title, text, [service.slug]);
  }
  if (best.intent === INTENT.findConsultant) {
    const speciality = specialities.find((entry) => entry.slug === best.value);
    slots.speciality = speciality ? scalar(speciality.name, text, [speciality.slug]) : null;
  }
  if (best.intent === INTENT.fallback) {
    return {
      intent: { name: INTENT.fallback, slots: {}, state: "Fulfilled", confirmationState: "None" },
      dialogAction: { type: "ElicitIntent" },
      messages,
    };
  }
  return {
    intent: { name: best.intent, slots, state: "Fulfilled", confirmationState: "None" },
    dialogAction: { type: "Close" },
    messages,
  };
}

/** A one-turn question asked in the middle of a dialog, likely enough to answer before resuming. */
function digression(understanding: Understanding): RankedIntent | undefined {
  const best = understanding.ranked[0];
  if (!best || best.confidence < DIGRESSION_CONFIDENCE) return undefined;
  if (DIALOG_INTENTS.has(best.intent) || best.intent === INTENT.fallback) return undefined;
  // A greeting or thanks in the middle of a dialog is answered by carrying on.
  if (best.intent === INTENT.greeting || best.intent === INTENT.thanks) return undefined;
  return best;
}

function cancelled(intent: Intent): Omit<Outcome, "chosen"> {
  return {
    intent: { ...intent, state: "Failed", confirmationState: intent.confirmationState ?? "None" },
    dialogAction: { type: "Close" },
    messages: [plain("OK, I've stopped. Nothing was sent."), card("Anything else?", MENU_BUTTONS)],
  };
}

async function fulfil(intent: Intent, input: TurnInput): Promise<Omit<Outcome, "chosen">> {
  const slots = cloneSlots(intent.slots);
  if (nextMissingSlot(intent.name, slots)) return advance(intent.name, slots, input.now);
  const outcome = await input.submitInquiry(inquiryInputFrom(intent.name, slots));
  if (outcome.ok) {
    const name = slots.name?.value?.interpretedValue ?? "";
    const email = slots.email?.value?.interpretedValue ?? "";
    const what =
      intent.name === INTENT.talkToPerson
        ? "Your message is with our team, and a person will reply"
        : "Your consultation request is on its way, and our team will be in touch to arrange the call";
    return {
      intent: { name: intent.name, slots, state: "Fulfilled", confirmationState: "Confirmed" },
      dialogAction: { type: "Close" },
      messages: [
        plain(`Thank you, ${name}! ${what}. We've sent a confirmation to ${email}.`),
        card("Anything else?", [MENU_BUTTONS[0]!, MENU_BUTTONS[1]!, MENU_BUTTONS[2]!]),
      ],
      inquiryId: outcome.id,
    };
  }
  if (outcome.kind === "rate-limited") {
    return {
      intent: { name: intent.name, slots, state: "InProgress", confirmationState: "None" },
      dialogAction: { type: "ConfirmIntent" },
      messages: [plain(`I couldn't send it just yet. ${outcome.message} Then say "yes" again.`)],
    };
  }
  const field = Object.keys(outcome.fieldErrors).find((key) => SLOT_FOR_FIELD[key]);
  const slotName = field ? SLOT_FOR_FIELD[field] : undefined;
  if (outcome.kind === "invalid" && slotName && slotName in slots) {
    slots[slotName] = null;
    return advance(intent.name, slots, input.now, [plain(`I couldn't send it yet: ${outcome.message}`)]);
  }
  return {
    intent: { name: intent.name, slots, state: "Failed", confirmationState: "Confirmed" },
    dialogAction: { type: "Close" },
    messages: [
      plain(`Sorry, I couldn't send it: ${outcome.message} You can also use the [contact form](/contact).`),
    ],
  };
}

async function continueDialog(
  active: Intent,
  text: string,
  input: TurnInput,
  understanding: Understanding,
  sentiment: SentimentResponse,
): Promise<Outcome> {
  const state = input.state;
  const slots = cloneSlots(active.slots);
  const asking = state.dialogAction?.type;
  const chosenDialog = { name: active.name, confidence: 1 };

  if (isCancel(text)) return { ...cancelled({ ...active, slots }), chosen: chosenDialog };
  if (isStartOver(text)) {
    const again = startDialog(active.name, "", input.now);
    return {
      ...again,
      messages: [plain("Sure, let's start again."), ...again.messages],
      chosen: chosenDialog,
    };
  }

  // Switching between the two dialogs keeps what was already given (name, e-mail, phone, services).
  // A message for the team is free text: whatever it says, it is the message.
  const best = understanding.ranked[0];
  const takingFreeText = asking === "ElicitSlot" && state.dialogAction?.slotToElicit === "note";
  if (
    best &&
    !takingFreeText &&
    best.confidence >= DIGRESSION_CONFIDENCE &&
    DIALOG_INTENTS.has(best.intent) &&
    best.intent !== active.name
  ) {
    return {
      ...startDialog(best.intent, text, input.now, slots),
      chosen: { name: best.intent, confidence: best.confidence },
    };
  }

  if (asking === "ConfirmIntent") {
    const answer = yesOrNo(text);
    if (answer === "yes") return { ...(await fulfil({ ...active, slots }, input)), chosen: chosenDialog };
    if (answer === "no") {
      return {
        intent: { name: active.name, slots, state: "Failed", confirmationState: "Denied" },
        dialogAction: { type: "Close" },
        messages: [
          plain("No problem: nothing was sent. You can start again whenever you like."),
          card("What next?", [
            {
              text: "Start again",
              value:
                active.name === INTENT.talkToPerson ? "Talk to a person" : "I'd like a free consultation",
            },
            MENU_BUTTONS[0]!,
          ]),
        ],
        chosen: chosenDialog,
      };
    }
    const aside = digression(understanding);
    const lead = aside
      ? await answerOf(aside, text, input)
      : [plain('Please answer "yes" to send it, or "no" to cancel.')];
    return {
      intent: { name: active.name, slots, state: "InProgress", confirmationState: "None" },
      dialogAction: { type: "ConfirmIntent" },
      messages: [...lead, ...confirmationPrompt(active.name, slots)],
      chosen: aside ? { name: aside.intent, confidence: aside.confidence } : chosenDialog,
    };
  }

  const slot =
    asking === "ElicitSlot" ? slotDefinition(active.name, state.dialogAction?.slotToElicit) : undefined;
  if (!slot) return { ...advance(active.name, slots, input.now), chosen: chosenDialog };

  const aside = digression(understanding);
  // A question ("…?") that the assistant can answer is answered, even where any text would do (a name).
  if (aside && text.includes("?")) {
    return {
      ...advance(active.name, slots, input.now, [
        ...(await answerOf(aside, text, input, sentiment)),
        plain("Now, back to your request."),
      ]),
      chosen: { name: aside.intent, confidence: aside.confidence },
    };
  }

  const reading = slot.read(text, slots, { now: input.now });
  if (reading.updates) Object.assign(slots, reading.updates);
  if (reading.ok) return { ...advance(active.name, slots, input.now), chosen: chosenDialog };

  if (aside) {
    return {
      ...advance(active.name, slots, input.now, [
        ...(await answerOf(aside, text, input)),
        plain("Now, back to your request."),
      ]),
      chosen: { name: aside.intent, confidence: aside.confidence },
    };
  }
  // The problem, then the slot's buttons again (its first message is the question, now replaced).
  const prompt = slot.prompt(slots, { now: input.now });
  return {
    intent: { name: active.name, slots, state: "InProgress", confirmationState: "None" },
    dialogAction: { type: "ElicitSlot", slotToElicit: slot.name },
    messages: [
      plain(`${reading.problem} (Say "cancel" to stop.)`),
      ...prompt.filter((message) => message.contentType !== "PlainText"),
    ],
    chosen: { name: active.name },
  };
}

/** Runs one turn: understands the text and moves the dialog on. */
export async function takeTurn(input: TurnInput): Promise<TurnResult> {
  const text = input.text.trim();
  const understanding = await understand(text);
  const sentiment = analyzeSentiment(text);
  const active = openDialog(input.state);

  let outcome: Outcome;
  if (active) {
    outcome = await continueDialog(active, text, input, understanding, sentiment);
  } else if (DIALOG_INTENTS.has(understanding.top.intent)) {
    outcome = {
      ...startDialog(understanding.top.intent, text, input.now),
      chosen: { name: understanding.top.intent, confidence: understanding.top.confidence },
    };
  } else {
    const best = understanding.unsure?.[0] ?? understanding.top;
    outcome = {
      ...(await oneTurn(understanding, text, input, sentiment)),
      chosen: {
        name: best.intent,
        confidence: best.intent === INTENT.fallback ? undefined : best.confidence,
      },
    };
  }

  const sessionState: SessionState = {
    ...input.state,
    dialogAction: outcome.dialogAction,
    intent: outcome.intent,
    sessionAttributes: input.state.sessionAttributes ?? {},
    ...(input.requestId ? { originatingRequestId: input.requestId } : {}),
  };
  return {
    sessionState,
    messages: outcome.messages,
    interpretations: interpretationsFor(outcome, understanding, sentiment),
    ...(outcome.inquiryId ? { inquiryId: outcome.inquiryId } : {}),
  };
}
