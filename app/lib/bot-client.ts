/**
 * The chat widget's client for our Amazon Lex V2 runtime API (/bots/…): plain fetch, so no AWS SDK
 * reaches the browser. The same calls work whether the built-in assistant or Amazon Lex answers.
 */
import type { Message } from "./lex-wire";

export interface BotAddress {
  botId: string;
  botAliasId: string;
  localeId: string;
}

export type TextReply = { ok: true; messages: Message[] } | { ok: false; error: string };

function sessionPath(bot: BotAddress, sessionId: string): string {
  const part = encodeURIComponent;
  return `/bots/${part(bot.botId)}/botAliases/${part(bot.botAliasId)}/botLocales/${part(bot.localeId)}/sessions/${part(sessionId)}`;
}

/** RecognizeText: one message in, the assistant's messages out, or a sentence saying what went wrong. */
export async function sendText(
  bot: BotAddress,
  sessionId: string,
  text: string,
  sessionAttributes: Record<string, string>,
): Promise<TextReply> {
  if (!navigator.onLine) return { ok: false, error: "You're offline. Retry when you're connected." };
  try {
    const response = await fetch(`${sessionPath(bot, sessionId)}/text`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ text, sessionState: { sessionAttributes } }),
    });
    const body = (await response.json().catch(() => ({}))) as { messages?: Message[]; message?: string };
    if (!response.ok)
      return { ok: false, error: body.message ?? "The assistant could not answer. Please try again." };
    return { ok: true, messages: body.messages ?? [] };
  } catch {
    return {
      ok: false,
      error: navigator.onLine
        ? "The assistant could not be reached. Please try again."
        : "You're offline. Retry when you're connected.",
    };
  }
}

/** DeleteSession: forgets the conversation on the server (one that never reached it is fine too). */
export async function forgetSession(bot: BotAddress, sessionId: string): Promise<void> {
  await fetch(sessionPath(bot, sessionId), { method: "DELETE" }).catch(() => undefined);
}
