/**
 * The chat widget's client for our Amazon Lex V2 runtime API (/bots/…): plain fetch, so no AWS SDK
 * reaches the browser. The same calls work whether the built-in assistant or Amazon Lex answers.
 */
import { decodeCompressedHeader, encodeCompressedHeader } from "./compressed-header";
import type { Message } from "./lex-wire";

export interface BotAddress {
  botId: string;
  botAliasId: string;
  localeId: string;
}

export type TextReply = { ok: true; messages: Message[] } | { ok: false; error: string };

/**
 * A spoken turn's answer: what the bot heard (empty when it caught nothing; its messages then say
 * so), its messages, and its spoken answer (null when the body was empty).
 */
export type VoiceReply =
  | { ok: true; transcript: string; messages: Message[]; audio: Blob | null }
  | { ok: false; error: string };

const OFFLINE = "You're offline. Retry when you're connected.";

/** What the visitor is told when the request itself failed. */
function unreachable(): { ok: false; error: string } {
  return {
    ok: false,
    error: navigator.onLine ? "The assistant could not be reached. Please try again." : OFFLINE,
  };
}

/** A Lex error's sentence (`{message}`), or a general one. */
async function refusal(response: Response): Promise<{ ok: false; error: string }> {
  const body = (await response.json().catch(() => ({}))) as { message?: unknown };
  return {
    ok: false,
    error:
      typeof body.message === "string" && body.message
        ? body.message
        : "The assistant could not answer. Please try again.",
  };
}

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
  if (!navigator.onLine) return { ok: false, error: OFFLINE };
  try {
    const response = await fetch(`${sessionPath(bot, sessionId)}/text`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ text, sessionState: { sessionAttributes } }),
    });
    if (!response.ok) return await refusal(response);
    const body = (await response.json().catch(() => ({}))) as { messages?: Message[] };
    return { ok: true, messages: body.messages ?? [] };
  } catch {
    return unreachable();
  }
}

/**
 * RecognizeUtterance: a WAV recording in; what the bot heard, its messages and its spoken answer
 * (MP3) out. Lex carries the session state in a header and the answer's text in headers too,
 * each gzip-compressed and base64-encoded.
 */
export async function sendAudio(
  bot: BotAddress,
  sessionId: string,
  wav: Blob,
  sessionAttributes: Record<string, string>,
): Promise<VoiceReply> {
  if (!navigator.onLine) return { ok: false, error: OFFLINE };
  try {
    const response = await fetch(`${sessionPath(bot, sessionId)}/utterance`, {
      method: "POST",
      headers: {
        "Content-Type": "audio/wav",
        "Response-Content-Type": "audio/mpeg",
        "x-amz-lex-session-state": await encodeCompressedHeader({ sessionAttributes }),
      },
      body: wav,
    });
    if (!response.ok) return await refusal(response);
    const [transcript, messages, audio] = await Promise.all([
      decodeCompressedHeader(response.headers.get("x-amz-lex-input-transcript")),
      decodeCompressedHeader(response.headers.get("x-amz-lex-messages")),
      response.blob(),
    ]);
    return {
      ok: true,
      transcript: typeof transcript === "string" ? transcript.trim() : "",
      messages: Array.isArray(messages) ? (messages as Message[]) : [],
      audio: audio.size > 0 ? new Blob([audio], { type: "audio/mpeg" }) : null,
    };
  } catch {
    return unreachable();
  }
}

/** DeleteSession: forgets the conversation on the server (one that never reached it is fine too). */
export async function forgetSession(bot: BotAddress, sessionId: string): Promise<void> {
  await fetch(sessionPath(bot, sessionId), { method: "DELETE" }).catch(() => undefined);
}
