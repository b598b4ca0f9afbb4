/**
 * Session states a client sets (PutSession, or RecognizeText's sessionState): checked against what
 * the assistant knows, and the prompt Lex would send for one.
 */
import type { Message, SessionState } from "~/lib/lex-wire";
import { INTENT } from "./catalog";
import { confirmationPrompt, DIALOG_SLOTS, emptySlots, slotDefinition } from "./consultation";
import { cloneSlots } from "./dialog-slot";

/**
 * Checks a session state a client sets (PutSession, or RecognizeText's sessionState) against what
 * this assistant knows: a known intent, slots it has, values its dialogs accept, an ElicitSlot that
 * names one of its slots. Returns the state with dialog slot values normalised, or a problem.
 */
export function checkClientState(
  state: SessionState,
  knownIntents: Set<string>,
  now: Date,
): { ok: true; state: SessionState } | { ok: false; problem: string } {
  const intent = state.intent;
  const action = state.dialogAction;
  if (!intent) {
    if (
      action &&
      (action.type === "ElicitSlot" || action.type === "ConfirmIntent" || action.type === "Delegate")
    ) {
      return { ok: false, problem: `dialogAction ${action.type} needs an intent in the session state.` };
    }
    return { ok: true, state };
  }
  if (!knownIntents.has(intent.name)) {
    return { ok: false, problem: `Intent '${intent.name}' is not an intent of this bot.` };
  }
  const definitions = DIALOG_SLOTS[intent.name];
  const allowed = definitions
    ? new Set(definitions.map((slot) => slot.name))
    : new Set(
        intent.name === INTENT.serviceDetails
          ? ["service"]
          : intent.name === INTENT.findConsultant
            ? ["speciality"]
            : [],
      );
  const slots = cloneSlots(intent.slots);
  for (const [name, slot] of Object.entries(slots)) {
    if (!allowed.has(name))
      return { ok: false, problem: `Slot '${name}' is not a slot of intent '${intent.name}'.` };
    if (!definitions || !slot?.value) continue;
    const definition = definitions.find((entry) => entry.name === name)!;
    const listed = slot.values?.flatMap((entry) => (entry.value ? [entry.value.interpretedValue] : [])) ?? [];
    const text = listed.length > 0 ? listed.join(", ") : slot.value.interpretedValue;
    const reading = definition.read(text, { ...slots, [name]: null }, { now });
    if (!reading.ok && !reading.updates) {
      return {
        ok: false,
        problem: `Slot '${name}' has a value this bot does not accept: ${reading.problem}`,
      };
    }
    Object.assign(slots, reading.updates);
  }
  if (action?.type === "ElicitSlot") {
    if (!action.slotToElicit || !allowed.has(action.slotToElicit) || !definitions) {
      return {
        ok: false,
        problem: "dialogAction ElicitSlot needs a slotToElicit that is a slot of the intent.",
      };
    }
  }
  if (action?.type === "ConfirmIntent" && !definitions) {
    return { ok: false, problem: `Intent '${intent.name}' has nothing to confirm.` };
  }
  const filled = definitions ? { ...emptySlots(intent.name), ...slots } : slots;
  return {
    ok: true,
    state: {
      ...state,
      intent: { ...intent, slots: filled, confirmationState: intent.confirmationState ?? "None" },
    },
  };
}

/** The prompt Lex would send for a state set by PutSession without messages of its own. */
export function promptForState(state: SessionState, now: Date): Message[] {
  const intent = state.intent;
  if (!intent || !DIALOG_SLOTS[intent.name]) return [];
  const slots = cloneSlots(intent.slots);
  if (state.dialogAction?.type === "ElicitSlot") {
    return slotDefinition(intent.name, state.dialogAction.slotToElicit)?.prompt(slots, { now }) ?? [];
  }
  if (state.dialogAction?.type === "ConfirmIntent") return confirmationPrompt(intent.name, slots);
  return [];
}
