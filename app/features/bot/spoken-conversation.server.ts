/**
 * The spoken parts of a StartConversation: the visitor's AudioInputEvent chunks heard as one
 * utterance at a time, and an answer spoken as AudioResponseEvent chunks.
 */
import { FeatureError } from "~/lib/errors";
import type { Message } from "~/lib/lex-wire";
import type { BotVoice, LiveListening, SpokenFormat } from "./bot-provider";
import { spokenContentType } from "./utterance-request";

const SAMPLE_RATE = 16_000;
/** As RecognizeUtterance: an utterance is heard for at most a minute, then taken as finished. */
const MAX_UTTERANCE_SAMPLES = 60 * SAMPLE_RATE;
/**
 * Audio bytes in one AudioResponseEvent: 128 ms of PCM, under 6 KB once in base64 JSON, far under
 * an event-stream message's limit; even, so a 16-bit sample is never split between two events.
 */
export const AUDIO_RESPONSE_CHUNK_BYTES = 4096;

const RAW_AUDIO_TYPE = /^audio\/(?:l16|x-l16|lpcm)\s*(?:;|$)/i;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function invalid(message: string): FeatureError {
  return new FeatureError("invalid", message);
}

/** What one AudioInputEvent did to the utterance being heard. */
interface HeardChunk {
  /** Speech has started in this utterance (also on the chunk that ends it). */
  speechHeard: boolean;
  /** The utterance is complete: its transcript ("" when nothing was heard). */
  transcript?: string;
}

export interface SpokenInput {
  /** Speech has started in the utterance being heard. */
  readonly speechStarted: boolean;
  /** An utterance is being heard (a decoder is held). */
  readonly listening: boolean;
  hear(body: Record<string, unknown>): Promise<HeardChunk>;
  /** Ends the utterance being heard now: its transcript. */
  finish(): Promise<string>;
  /** Drops the utterance being heard, if any, and frees its decoder. */
  abandon(): Promise<void>;
}

/** The chunk's bytes: `audioChunk` is base64 in the event's JSON (absent or "" is no audio). */
function chunkBytes(body: Record<string, unknown>): Uint8Array {
  const { audioChunk } = body;
  if (audioChunk === undefined || audioChunk === null || audioChunk === "") return new Uint8Array(0);
  if (typeof audioChunk !== "string" || !BASE64.test(audioChunk)) {
    throw invalid("The AudioInputEvent's audioChunk must be base64-encoded audio.");
  }
  return new Uint8Array(Buffer.from(audioChunk, "base64"));
}

function checkedContentType(body: Record<string, unknown>): string {
  const { contentType } = body;
  if (typeof contentType !== "string") {
    throw invalid(
      "1 validation error detected: Value at 'contentType' failed to satisfy constraint: Member must not be null.",
    );
  }
  // A WAV file's header would be heard as noise in every chunk after the first: raw PCM only, as Lex.
  if (!RAW_AUDIO_TYPE.test(contentType)) {
    throw invalid(
      `An AudioInputEvent of type '${contentType.slice(0, 60)}' is not understood here. Send raw 16-bit mono PCM: audio/lpcm; sample-rate=8000; sample-size-bits=16; channel-count=1; is-big-endian=false (8000 or 16000), audio/l16; rate=16000; channels=1 or audio/x-l16; sample-rate=16000; channel-count=1.`,
    );
  }
  return contentType;
}

/**
 * The visitor's audio, heard one utterance at a time: a decoder is taken with the first chunk of
 * an utterance and given back when it is finished or dropped.
 */
export function createSpokenInput(voice: BotVoice): SpokenInput {
  let listening: LiveListening | undefined;
  let samplesHeard = 0;
  let speechStarted = false;
  // A chunk may end in the middle of a 16-bit sample; its first byte waits for the next chunk.
  // It belongs to the client's byte stream, not to an utterance: kept when an utterance ends.
  let carriedByte: number | undefined;

  function reset(): LiveListening | undefined {
    const current = listening;
    listening = undefined;
    samplesHeard = 0;
    speechStarted = false;
    return current;
  }

  async function finish(): Promise<string> {
    const current = reset();
    return current ? current.finish() : "";
  }

  return {
    get speechStarted() {
      return speechStarted;
    },
    get listening() {
      return listening !== undefined;
    },

    async hear(body) {
      const contentType = checkedContentType(body);
      let bytes = chunkBytes(body);
      if (carriedByte !== undefined) {
        const joined = new Uint8Array(bytes.byteLength + 1);
        joined[0] = carriedByte;
        joined.set(bytes, 1);
        bytes = joined;
        carriedByte = undefined;
      }
      if (bytes.byteLength % 2 === 1) {
        carriedByte = bytes[bytes.byteLength - 1];
        bytes = bytes.subarray(0, bytes.byteLength - 1);
      }
      if (bytes.byteLength === 0) return { speechHeard: speechStarted };
      // Decoded before a decoder is taken: a bad chunk costs nothing.
      const samples = voice.decode(contentType, bytes);
      listening ??= await voice.listen();
      const endpoint = await listening.hear(samples);
      samplesHeard += samples.length;
      speechStarted ||= endpoint.speaking || endpoint.finished;
      const speechHeard = speechStarted;
      if (endpoint.finished || samplesHeard >= MAX_UTTERANCE_SAMPLES) {
        return { speechHeard, transcript: await finish() };
      }
      return { speechHeard };
    },

    finish,

    async abandon() {
      await reset()?.abandon();
    },
  };
}

/** An answer being spoken, as the members of its AudioResponseEvents (without their eventId). */
export interface SpokenAnswer {
  /** The next chunk; the last one's audioChunk is empty; then undefined. */
  next(): Promise<{ audioChunk: string; contentType: string } | undefined>;
  /** Stops speaking (the rest is never made). */
  cancel(): Promise<void>;
}

export function speakAnswer(
  voice: BotVoice,
  messages: readonly Message[],
  format: SpokenFormat,
): SpokenAnswer {
  const contentType = spokenContentType(format);
  // Made on the first chunk asked for: an answer dropped before it starts costs no synthesis.
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  let piece: Uint8Array = new Uint8Array(0);
  let done = false;

  return {
    async next() {
      if (done) return undefined;
      reader ??= voice.speak(messages, format).getReader();
      while (piece.byteLength === 0) {
        const read = await reader.read();
        if (read.done) {
          done = true;
          reader.releaseLock();
          return { audioChunk: "", contentType };
        }
        piece = read.value;
      }
      const chunk = piece.subarray(0, AUDIO_RESPONSE_CHUNK_BYTES);
      piece = piece.subarray(chunk.byteLength);
      return {
        audioChunk: Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString("base64"),
        contentType,
      };
    },

    async cancel() {
      if (done) return;
      done = true;
      await reader?.cancel().catch(() => undefined);
    },
  };
}
