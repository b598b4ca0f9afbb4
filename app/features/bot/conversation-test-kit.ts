/**
 * What the unit tests of converse() share: inputs the test writes, and a voice whose ears are the
 * real endpointer and decoding (passed in by the tests: voice sits above bot in the feature
 * order), with a fake recognizer that says what it was told and counts its decoders (so a test
 * sees every decoder given back).
 */
import type { RecognizeTextResponse } from "~/lib/lex-wire";
import type { BotVoice } from "./bot-provider";
import { type ConversationInput, type ConversationOptions, converse } from "./conversation.server";

export const L16 = "audio/l16; rate=16000; channels=1";
export const LPCM_8K =
  "audio/lpcm; sample-rate=8000; sample-size-bits=16; channel-count=1; is-big-endian=false";

/** An event stream the test writes to; `end` closes it, `fail` breaks it. */
function inputStream() {
  const queued: Array<IteratorResult<ConversationInput> | Error> = [];
  let wake: (() => void) | undefined;
  const put = (item: IteratorResult<ConversationInput> | Error) => {
    queued.push(item);
    wake?.();
  };
  const events: AsyncIterable<ConversationInput> = {
    [Symbol.asyncIterator]: () => ({
      async next() {
        while (queued.length === 0) await new Promise<void>((resolve) => (wake = resolve));
        const item = queued.shift() as IteratorResult<ConversationInput> | Error;
        if (item instanceof Error) throw item;
        return item;
      },
      async return() {
        return { done: true, value: undefined };
      },
    }),
  };
  return {
    events,
    send: (type: string, body: Record<string, unknown> = {}) => put({ done: false, value: { type, body } }),
    end: () => put({ done: true, value: undefined }),
    fail: (error: Error) => put(error),
  };
}

/** `seconds` of 16 kHz audio, loud (a tone well above the endpointer's level) or silent, as bytes. */
export function pcm(seconds: number, loud: boolean): Uint8Array {
  const samples = new Int16Array(Math.round(seconds * 16_000));
  if (loud) for (let index = 0; index < samples.length; index++) samples[index] = index % 2 ? 8000 : -8000;
  return new Uint8Array(samples.buffer);
}

export const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

/** app/features/voice's decodeAudio and createEndpointer. */
export interface RealEars {
  decode: BotVoice["decode"];
  createEndpointer(): { listen(samples: Int16Array): { speaking: boolean; finished: boolean } };
}

/** A voice that hears `transcript` once speech was heard, and speaks 10 kB per message in 5 kB pieces. */
export function fakeVoiceWith(ears: RealEars, transcript = "how much does a consultation cost") {
  const stats = {
    opened: 0,
    finished: 0,
    abandoned: 0,
    samples: [] as Int16Array[],
    spoken: 0,
    cancelled: 0,
  };
  const voice: BotVoice = {
    decode: ears.decode,
    hear: async () => transcript,
    async listen() {
      stats.opened++;
      const endpointer = ears.createEndpointer();
      let heard = false;
      return {
        async hear(samples) {
          stats.samples.push(samples);
          const endpoint = endpointer.listen(samples);
          heard ||= endpoint.speaking || endpoint.finished;
          return endpoint;
        },
        async finish() {
          stats.finished++;
          return heard ? transcript : "";
        },
        abandon: async () => void stats.abandoned++,
      };
    },
    speak(messages) {
      stats.spoken++;
      let left = messages.length * 2;
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (left-- > 0) controller.enqueue(new Uint8Array(5000).fill(7));
          else controller.close();
        },
        cancel: () => void stats.cancelled++,
      });
    },
  };
  return { voice, stats, held: () => stats.opened - stats.finished - stats.abandoned };
}

const answer = (text: string): RecognizeTextResponse => ({
  messages: [{ contentType: "PlainText", content: text }],
  sessionState: { intent: { name: "FaqPricing", state: "Fulfilled" } },
  interpretations: [],
});

export function start(options: Partial<ConversationOptions> & { voice?: BotVoice } = {}) {
  const input = inputStream();
  const turns: Array<Record<string, unknown>> = [];
  const { voice, ...rest } = options;
  const outputs = converse(input.events, {
    sessionId: "s-1",
    recognizeText: async (body) => {
      turns.push(body);
      return answer(`You said ${String(body.text)}.`);
    },
    ...(voice
      ? {
          mode: "AUDIO",
          speech: {
            voice,
            recognizeNothing: async (body) => {
              turns.push(body);
              return answer("Sorry?");
            },
          },
        }
      : {}),
    ...rest,
  });
  /** The assistant's events until (and with) the first one `until` accepts. */
  async function read(until: (type: string, body: Record<string, unknown>) => boolean) {
    const events: Array<{ type: string; body: Record<string, unknown> }> = [];
    for (;;) {
      const next = await outputs.next();
      if (next.done) return events;
      events.push(next.value);
      if (until(next.value.type, next.value.body)) return events;
    }
  }
  const lastAudio = (type: string, body: Record<string, unknown>) =>
    type === "AudioResponseEvent" && body.audioChunk === "";
  return { ...input, outputs, turns, read, lastAudio };
}

export const typesOf = (events: Array<{ type: string }>) => [...new Set(events.map((event) => event.type))];

export type Talk = ReturnType<typeof start>;
