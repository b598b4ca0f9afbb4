/**
 * The built-in assistant behind the bot API: the feature functions over our database, with the
 * server's own speech (app/features/voice) for spoken questions and answers.
 */
import type { Database } from "~/infra/db.server";
import { FeatureError } from "~/lib/errors";
import type { Message, RecognizeTextResponse, SessionKey } from "~/lib/lex-wire";
import {
  type BotContext,
  countBotMessage,
  deleteSession,
  getSession,
  putSession,
  recognizeNothing,
  recognizeText,
} from "./bot.server";
import type { BotProvider, BotVoice, SpokenFormat, StreamingResponse, VoiceSupport } from "./bot-provider";
import { checkSessionKey } from "./bot-request-checks";
import { decodeLexHeader, encodeLexHeader } from "./lex-codec.server";
import { warmUp } from "./nlu";
import {
  answerFormatOf,
  checkRequestContentType,
  isAudio,
  spokenContentType,
  TEXT_CONTENT_TYPE,
  utf8,
} from "./utterance-request";

interface BuiltinOptions {
  agencyZone: string;
  voice: VoiceSupport;
}

export function builtinProvider(db: Database, options: BuiltinOptions): BotProvider {
  // Trained now, so the first visitor does not wait for it.
  void warmUp();
  const { voice } = options;

  /** The server's voice, or a ValidationException that says what to install. */
  function voiceFor(): BotVoice {
    if (voice.ok) return voice.voice;
    throw new FeatureError("invalid", voice.problem);
  }

  /** The answer's body and Content-Type: speech in the asked format, or nothing (text travels in headers). */
  function answerBody(messages: readonly Message[], format: "text" | SpokenFormat) {
    if (format === "text") return { contentType: TEXT_CONTENT_TYPE, body: new Uint8Array(0) };
    return { contentType: spokenContentType(format), body: voiceFor().speak(messages, format) };
  }

  return {
    kind: "builtin",
    hears: voice.ok,
    ...(voice.ok
      ? {
          speech: {
            voice: voice.voice,
            recognizeNothing: (key: SessionKey, body: unknown, context: BotContext) =>
              recognizeNothing(db, key, body, { agencyZone: options.agencyZone, ...context }),
          },
        }
      : { speechProblem: voice.problem }),
    recognizeText: (key, body, context) =>
      recognizeText(db, key, body, { agencyZone: options.agencyZone, ...context }),

    async recognizeUtterance(key, request, context): Promise<StreamingResponse> {
      checkSessionKey(key);
      checkRequestContentType(request.contentType);
      const format = answerFormatOf(request.responseContentType);
      const spoken = isAudio(request.contentType);
      // Every check that needs no work comes first, so a bad request costs neither a turn nor a decoder.
      const samples = spoken ? voiceFor().decode(request.contentType, request.body) : undefined;
      if (format !== "text") voiceFor();
      const text = samples ? undefined : utf8(request.body);
      const sessionState = request.sessionState
        ? decodeLexHeader("x-amz-lex-session-state", request.sessionState)
        : undefined;
      const requestAttributes = request.requestAttributes
        ? decodeLexHeader("x-amz-lex-request-attributes", request.requestAttributes)
        : undefined;
      const turn = {
        ...(sessionState !== undefined ? { sessionState } : {}),
        ...(requestAttributes !== undefined ? { requestAttributes } : {}),
      };
      const turnContext = { agencyZone: options.agencyZone, ...context };

      let transcript: string;
      let result: RecognizeTextResponse;
      if (samples) {
        // Counted before it is heard: hearing is the expensive part a flood would aim at.
        await countBotMessage(db, key, context.settings, context.now ?? new Date());
        transcript = await voiceFor().hear(samples);
        const counted = { ...turnContext, messageCounted: true };
        result =
          transcript === ""
            ? await recognizeNothing(db, key, turn, counted)
            : await recognizeText(db, key, { ...turn, text: transcript }, counted);
      } else {
        transcript = text ?? "";
        result = await recognizeText(db, key, { ...turn, text: transcript }, turnContext);
      }
      return {
        ...answerBody(result.messages ?? [], format),
        headers: {
          "x-amz-lex-input-mode": samples ? "Speech" : "Text",
          "x-amz-lex-session-id": key.sessionId,
          "x-amz-lex-messages": encodeLexHeader(result.messages ?? []),
          "x-amz-lex-interpretations": encodeLexHeader(result.interpretations ?? []),
          "x-amz-lex-session-state": encodeLexHeader(result.sessionState ?? {}),
          "x-amz-lex-input-transcript": encodeLexHeader(transcript),
          "x-amz-lex-request-attributes": encodeLexHeader(result.requestAttributes ?? {}),
        },
      };
    },

    async putSession(key, request, context) {
      checkSessionKey(key);
      const format = answerFormatOf(request.responseContentType);
      if (format !== "text") voiceFor();
      const result = await putSession(db, key, request.body, context);
      return {
        ...answerBody(result.messages, format),
        headers: {
          "x-amz-lex-session-id": key.sessionId,
          "x-amz-lex-messages": encodeLexHeader(result.messages),
          "x-amz-lex-session-state": encodeLexHeader(result.sessionState),
          "x-amz-lex-request-attributes": encodeLexHeader(result.requestAttributes),
        },
      };
    },

    getSession: (key, context) => getSession(db, key, context),
    deleteSession: (key, context) => deleteSession(db, key, context),
  };
}
