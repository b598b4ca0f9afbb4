/**
 * What the assistant says aloud for its messages: text with links read as their labels, a card as
 * its title and its choices, SSML as its words. Split into sentences, so the first one can be
 * heard while the rest are still being spoken.
 */
import type { Message } from "~/lib/lex-wire";
import { spellOut } from "./spoken-words";

/** SSML is XML: "&" is written "&amp;" there. */
const XML_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function listOf(choices: string[]): string {
  if (choices.length <= 1) return choices.join("");
  return `${choices.slice(0, -1).join(", ")} or ${choices[choices.length - 1]}`;
}

function withFullStop(text: string): string {
  const trimmed = text.trim();
  return trimmed === "" || /[.!?:]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function spokenMessage(message: Message): string {
  switch (message.contentType) {
    case "PlainText":
      return withFullStop(message.content ?? "");
    case "SSML":
      return withFullStop(
        (message.content ?? "")
          .replace(/<[^>]*>/g, " ")
          .replace(/&(amp|lt|gt|quot|apos);/g, (_entity, name: string) => XML_ENTITIES[name] ?? ""),
      );
    case "ImageResponseCard": {
      const card = message.imageResponseCard;
      if (!card) return "";
      const choices = (card.buttons ?? []).map((button) => button.text);
      return [
        withFullStop(card.title),
        card.subtitle ? withFullStop(card.subtitle) : "",
        choices.length > 0 ? `You can say ${listOf(choices)}.` : "",
      ]
        .filter(Boolean)
        .join(" ");
    }
    default:
      // A custom payload is for a program, not for reading aloud.
      return "";
  }
}

/** The answer as sentences to speak, in order, with figures and symbols in words. */
export function spokenSentences(messages: readonly Message[]): string[] {
  const text = messages.map(spokenMessage).filter(Boolean).join(" ");
  return spellOut(text)
    .split(/(?<=[.!?])\s+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => /[a-z0-9]/i.test(sentence));
}
