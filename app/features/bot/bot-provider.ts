/**
 * What answers the bot API: the built-in assistant or Amazon Lex, behind one interface that takes
 * and gives Lex's structures, so the HTTP layer and the chat widget do not care which one runs.
 */
import type { GetSessionResponse, Message, RecognizeTextResponse, SessionKey } from "~/lib/lex-wire";
import type { BotContext } from "./bot.server";

/** A Lex error from Amazon (or about reaching it), passed on with Lex's own type and status. */
export class LexServiceError extends Error {
  constructor(
    readonly errorType: string,
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "LexServiceError";
  }
}

/** A response whose data travel in x-amz-lex-* headers around a (possibly empty) audio stream. */
export interface StreamingResponse {
  contentType: string;
  /** Header name → value, already encoded as Lex sends them. */
  headers: Record<string, string>;
  /** The spoken answer: bytes, or a stream that starts before the whole answer is spoken. */
  body: Uint8Array | ReadableStream<Uint8Array>;
}

interface UtteranceRequest {
  /** The request's Content-Type: text/plain; charset=utf-8 or an audio/ type. */
  contentType: string;
  body: Uint8Array;
  /** x-amz-lex-session-state and x-amz-lex-request-attributes, as sent (gzip + base64). */
  sessionState?: string;
  requestAttributes?: string;
  responseContentType?: string;
}

interface PutSessionRequest {
  body: unknown;
  responseContentType?: string;
}

export interface BotProvider {
  kind: "builtin" | "lex";
  /** Whether the provider takes and gives speech (the widget shows its microphone only then). */
  hears: boolean;
  /**
   * The server's own ears and voice, with the turn for a spoken question in which nothing was heard
   * (the built-in assistant with the speech packages only): StartConversation in AUDIO mode uses them.
   */
  speech?: { voice: BotVoice; recognizeNothing: BotProvider["recognizeText"] };
  /** Why there is no `speech` here, in a sentence for the caller (what to install, or what to use instead). */
  speechProblem?: string;
  recognizeText(key: SessionKey, body: unknown, context: BotContext): Promise<RecognizeTextResponse>;
  recognizeUtterance(
    key: SessionKey,
    request: UtteranceRequest,
    context: BotContext,
  ): Promise<StreamingResponse>;
  putSession(key: SessionKey, request: PutSessionRequest, context: BotContext): Promise<StreamingResponse>;
  getSession(key: SessionKey, context: BotContext): Promise<GetSessionResponse>;
  deleteSession(key: SessionKey, context: BotContext): Promise<SessionKey>;
}

/** How a spoken answer is encoded: raw 16 kHz 16-bit little-endian mono, or MP3. */
export type SpokenFormat = "pcm" | "mpeg";

/** The built-in assistant's ears and voice (app/features/voice), given to it by the server. */
export interface BotVoice {
  /** The request's audio as 16 kHz mono samples, or a ValidationException saying what is wrong. */
  decode(contentType: string, body: Uint8Array): Int16Array;
  /** The words heard ("" for silence or noise); a rate-limited FeatureError when every ear is busy. */
  hear(samples: Int16Array): Promise<string>;
  /** Live audio, heard as it arrives (StartConversation). */
  listen(): Promise<LiveListening>;
  speak(messages: readonly Message[], format: SpokenFormat): ReadableStream<Uint8Array>;
}

export interface LiveListening {
  /** More of the visitor's audio; says whether they are speaking now. */
  hear(samples: Int16Array): Promise<{ speaking: boolean; finished: boolean }>;
  /** The words heard so far, ending the utterance. */
  finish(): Promise<string>;
  abandon(): Promise<void>;
}

/** Voice on this server, or the sentence that says why not (and what to install). */
export type VoiceSupport = { ok: true; voice: BotVoice } | { ok: false; problem: string };
