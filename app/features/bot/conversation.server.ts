/**
 * Lex V2's StartConversation: a stream of the client's events in, a stream of the assistant's
 * events out. Each text, DTMF or spoken input is one RecognizeText-like turn of the same session,
 * so a conversation and single requests share one session and one set of limits. In AUDIO mode
 * the visitor's audio is heard as it arrives, and with an audio responseContentType every answer
 * is also spoken (spoken-conversation.server.ts).
 */
import { FeatureError } from "~/lib/errors";
import { LIMITS, type Message, putSessionBodySchema, type RecognizeTextResponse } from "~/lib/lex-wire";
import type { BotVoice, SpokenFormat } from "./bot-provider";
import { type ConversationInput, readAhead } from "./conversation-input";
import { createSpokenInput, type SpokenAnswer, speakAnswer } from "./spoken-conversation.server";
import { answerFormatOf } from "./utterance-request";

export type { ConversationInput } from "./conversation-input";

/**
 * How long the client may be quiet before the assistant says it is still there (HeartbeatEvent).
 * Lex's clients take a response stream that stays silent for long as a dead one, and what lies
 * between them and us cuts quiet streams too: proxies and load balancers commonly after 60 s, our
 * own HTTP/2 connections after 2 minutes (server/cleartext-http2.ts). Every 10 s is far inside all
 * of these, and cheap: one small message.
 */
const HEARTBEAT_INTERVAL_MS = 10_000;
/**
 * A client that has sent nothing for this long is taken as gone and the conversation ends (Lex's
 * default idle session time), so one whose client vanished without closing its stream does not
 * live on forever on heartbeats.
 */
const MAX_QUIET_MS = 5 * 60_000;

type ConversationEventType =
  | "TranscriptEvent"
  | "IntentResultEvent"
  | "TextResponseEvent"
  | "AudioResponseEvent"
  | "HeartbeatEvent"
  | "PlaybackInterruptionEvent";

/** One event of the assistant's stream. */
export interface ConversationOutput {
  kind: "event";
  type: ConversationEventType;
  body: Record<string, unknown>;
}

type InterruptionReason = "VOICE_START_DETECTED" | "DTMF_START_DETECTED" | "TEXT_DETECTED";

export interface ConversationOptions {
  sessionId: string;
  /** conversationMode: AUDIO also takes AudioInputEvent, and needs `speech`. TEXT by default. */
  mode?: "TEXT" | "AUDIO";
  /** One RecognizeText turn of this session (`text`, and the configured state on the first turn). */
  recognizeText(body: Record<string, unknown>): Promise<RecognizeTextResponse>;
  /** The server's ears and voice; without them, answers are text only. */
  speech?: {
    voice: BotVoice;
    /** The turn for an utterance in which nothing was heard (as recognizeText, without `text`). */
    recognizeNothing(body: Record<string, unknown>): Promise<RecognizeTextResponse>;
  };
  /** Why there is no `speech`, told to a client that asks for spoken answers. */
  speechUnavailable?: () => Promise<string>;
  /** The quiet time before a HeartbeatEvent (a test's is short). */
  heartbeatIntervalMs?: number;
  /** The quiet time after which the client is taken as gone (MAX_QUIET_MS). */
  maxQuietMs?: number;
  /** Aborted when the response is closed: the conversation ends without waiting for the client. */
  signal?: AbortSignal;
}

function invalid(message: string): FeatureError {
  return new FeatureError("invalid", message);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The assistant's side of a conversation. Ends when the client sends a DisconnectionEvent or
 * closes its stream (after the answer being spoken), or when `signal` is aborted; a broken event
 * throws a FeatureError (the caller sends it as Lex's exception, which ends the conversation, as
 * Lex does). Whichever way it ends, the decoder of an utterance being heard is given back.
 */
export async function* converse(
  events: AsyncIterable<ConversationInput>,
  options: ConversationOptions,
): AsyncGenerator<ConversationOutput> {
  const { speech } = options;
  if (options.mode === "AUDIO" && !speech) {
    throw invalid("An AUDIO conversation needs the server's speech, which is not available here.");
  }
  const ears = options.mode === "AUDIO" && speech ? createSpokenInput(speech.voice) : undefined;
  const heartbeatIntervalMs = options.heartbeatIntervalMs ?? HEARTBEAT_INTERVAL_MS;
  const inputs = readAhead(events, { quietMs: heartbeatIntervalMs, signal: options.signal });
  let quietMs = 0;
  let answerFormat: "text" | SpokenFormat = "text";
  let sessionState: unknown;
  let requestAttributes: unknown;
  let sent = 0;
  /** The answer being spoken, chunk by chunk, between the client's events. */
  let answer: SpokenAnswer | undefined;
  /** An AudioResponseEvent was sent and the client has not said its playback completed. */
  let playing = false;

  const output = (type: ConversationEventType, body: Record<string, unknown>): ConversationOutput => ({
    kind: "event",
    type,
    body: { ...body, eventId: `RESPONSE-${++sent}` },
  });

  function turnBody(text?: string): Record<string, unknown> {
    const turn: Record<string, unknown> = text === undefined ? {} : { text };
    // The configured state starts the session; later turns carry on from what the session keeps.
    if (sessionState !== undefined) turn.sessionState = sessionState;
    if (requestAttributes !== undefined) turn.requestAttributes = requestAttributes;
    sessionState = undefined;
    return turn;
  }

  async function stopAnswer(): Promise<void> {
    await answer?.cancel();
    answer = undefined;
  }

  /** The visitor's new input stops the answer; if it was playing, the client is told to stop too. */
  async function* interrupt(reason: InterruptionReason, cause: ConversationInput) {
    const wasPlaying = playing;
    playing = false;
    await stopAnswer();
    if (!wasPlaying) return;
    const { eventId } = cause.body;
    yield output("PlaybackInterruptionEvent", {
      eventReason: reason,
      ...(typeof eventId === "string" ? { causedByEventId: eventId } : {}),
    });
  }

  /** The answer's text now; its speech (when asked for) follows chunk by chunk from the main loop. */
  async function* respond(messages: Message[]) {
    yield output("TextResponseEvent", { messages });
    await stopAnswer();
    if (answerFormat !== "text" && speech && messages.length > 0) {
      answer = speakAnswer(speech.voice, messages, answerFormat);
    }
  }

  async function* turnResult(result: RecognizeTextResponse, inputMode: "Text" | "DTMF" | "Speech") {
    yield output("IntentResultEvent", {
      inputMode,
      interpretations: result.interpretations ?? [],
      sessionState: result.sessionState ?? {},
      requestAttributes: result.requestAttributes ?? {},
      sessionId: options.sessionId,
    });
    yield* respond(result.messages ?? []);
  }

  async function* spokenTurn(transcript: string) {
    yield output("TranscriptEvent", { transcript });
    const result =
      transcript === "" && speech
        ? await speech.recognizeNothing(turnBody())
        : await options.recognizeText(turnBody(transcript));
    yield* turnResult(result, "Speech");
  }

  async function formatOf(responseContentType: unknown): Promise<"text" | SpokenFormat> {
    const format = answerFormatOf(String(responseContentType));
    if (format !== "text" && !speech) {
      const why = (await options.speechUnavailable?.()) ?? "this server does not speak.";
      throw invalid(
        `Spoken answers (responseContentType ${String(responseContentType).slice(0, 40)}) are not available: ${why}`,
      );
    }
    return format;
  }

  async function* configure(body: Record<string, unknown>) {
    const { responseContentType, welcomeMessages } = body;
    if (responseContentType !== undefined) answerFormat = await formatOf(responseContentType);
    if (body.sessionState !== undefined) sessionState = body.sessionState;
    if (body.requestAttributes !== undefined) requestAttributes = body.requestAttributes;
    if (welcomeMessages === undefined) return;
    if (!Array.isArray(welcomeMessages) || !welcomeMessages.every(isObject)) {
      throw invalid("welcomeMessages must be a list of messages.");
    }
    const welcome = welcomeMessages.slice(0, LIMITS.messagesMax);
    // Spoken, they are read as Lex messages; shown only, they pass through as they came (as before).
    if (answerFormat !== "text") {
      const checked = putSessionBodySchema.shape.messages.safeParse(welcome);
      if (!checked.success) {
        throw invalid(`welcomeMessages: ${checked.error.issues[0]?.message ?? "not Lex messages."}`);
      }
    }
    if (welcome.length > 0) yield* respond(welcome as unknown as Message[]);
  }

  try {
    for (;;) {
      // The answer's speech goes out while the client is quiet; an event of theirs comes first.
      if (answer && !inputs.ready()) {
        const chunk = await answer.next();
        if (!chunk) {
          answer = undefined;
          continue;
        }
        playing = true;
        yield output("AudioResponseEvent", chunk);
        continue;
      }
      const next = await inputs.next();
      if (next.kind === "stopped") return;
      if (next.kind === "quiet") {
        quietMs += heartbeatIntervalMs;
        if (quietMs >= (options.maxQuietMs ?? MAX_QUIET_MS)) return;
        // A client that stopped sending audio in the middle of speech has ended its utterance; one
        // that never spoke gives its decoder back.
        if (ears?.speechStarted) yield* spokenTurn(await ears.finish());
        else {
          await ears?.abandon();
          yield output("HeartbeatEvent", {});
        }
        continue;
      }
      if (next.kind === "end") {
        // The client has said all it will: what it was saying is answered, the answer spoken whole.
        if (ears?.speechStarted) yield* spokenTurn(await ears.finish());
        if (answer) continue;
        return;
      }
      quietMs = 0;
      const { event } = next;
      switch (event.type) {
        case "ConfigurationEvent":
          yield* configure(event.body);
          break;
        case "TextInputEvent":
        case "DTMFInputEvent": {
          const isText = event.type === "TextInputEvent";
          const text = isText ? event.body.text : event.body.inputCharacter;
          if (typeof text !== "string") {
            throw invalid(
              `1 validation error detected: Value at '${isText ? "text" : "inputCharacter"}' failed to satisfy constraint: Member must not be null.`,
            );
          }
          // Typed or keyed input replaces whatever was being said.
          await ears?.abandon();
          yield* interrupt(isText ? "TEXT_DETECTED" : "DTMF_START_DETECTED", event);
          yield* turnResult(await options.recognizeText(turnBody(text)), isText ? "Text" : "DTMF");
          break;
        }
        case "AudioInputEvent": {
          if (!ears) {
            throw invalid(
              `This is a text conversation (conversationMode TEXT): send TextInputEvent${speech ? ", or start the conversation with conversationMode AUDIO to speak" : ""}.`,
            );
          }
          const heard = await ears.hear(event.body);
          if (heard.speechHeard) yield* interrupt("VOICE_START_DETECTED", event);
          if (heard.transcript !== undefined) yield* spokenTurn(heard.transcript);
          break;
        }
        case "PlaybackCompletionEvent":
          playing = false;
          break;
        case "DisconnectionEvent":
          return;
        default:
          throw invalid(`'${event.type.slice(0, 60)}' is not an event of StartConversation.`);
      }
    }
  } finally {
    // Freed first, whatever else fails: the decoders are few and shared by every visitor.
    await ears?.abandon().catch(() => undefined);
    await answer?.cancel().catch(() => undefined);
    inputs.close();
  }
}
