/** The interpretations a turn returns, as Lex lists them: what the message was taken as, then the alternatives. */
import type { Intent, Interpretation, SentimentResponse } from "~/lib/lex-wire";
import { INTENT } from "./catalog";
import type { Understanding } from "./nlu";

/** Interpretations returned per turn, as Lex (FallbackIntent included). */
const MAX_INTERPRETATIONS = 5;

/** What a turn did: the intent the session is now in, and the interpretation that drove the turn. */
export interface TurnTaken {
  intent: Intent;
  /** Undefined confidence: none, e.g. fallback. */
  chosen: { name: string; confidence?: number };
}

export function interpretationsFor(
  outcome: TurnTaken,
  understanding: Understanding,
  sentiment: SentimentResponse,
): Interpretation[] {
  // The first interpretation is what this message was taken as: the dialog it answered, or the
  // question it asked on the side (then the dialog, still in progress, follows).
  const answeredAside = outcome.chosen.name !== outcome.intent.name;
  const first: Interpretation = {
    intent: answeredAside
      ? { name: outcome.chosen.name, slots: {}, state: "Fulfilled", confirmationState: "None" }
      : outcome.intent,
    ...(outcome.chosen.confidence !== undefined
      ? { nluConfidence: { score: outcome.chosen.confidence } }
      : {}),
    sentimentResponse: sentiment,
    interpretationSource: "Lex",
  };
  const list: Interpretation[] = [first];
  if (answeredAside) list.push({ intent: outcome.intent, interpretationSource: "Lex" });
  for (const alternative of understanding.ranked) {
    if (list.length >= MAX_INTERPRETATIONS - 1) break;
    if (list.some((entry) => entry.intent.name === alternative.intent)) {
      if (alternative.intent === first.intent.name && !first.nluConfidence) {
        first.nluConfidence = { score: alternative.confidence };
      }
      continue;
    }
    list.push({
      intent: { name: alternative.intent, slots: {}, confirmationState: "None" },
      nluConfidence: { score: alternative.confidence },
      interpretationSource: "Lex",
    });
  }
  if (!list.some((entry) => entry.intent.name === INTENT.fallback)) {
    list.push({
      intent: { name: INTENT.fallback, slots: {}, confirmationState: "None" },
      interpretationSource: "Lex",
    });
  }
  return list;
}
