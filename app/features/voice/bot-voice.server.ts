/**
 * The built-in assistant's ears and voice: a request's audio decoded and heard by the recognizer,
 * an answer spoken by the synthesizer, sentence by sentence, as PCM or MP3.
 */
import type { BotVoice, LiveListening, SpokenFormat } from "~/features/bot/bot-provider";
import type { Mp3Stream } from "~/infra/speech/mp3-encoder.server";
import { type Recognizer, RecognizerBusyError } from "~/infra/speech/recognizer.server";
import type { Synthesizer } from "~/infra/speech/synthesizer.server";
import { FeatureError } from "~/lib/errors";
import type { Message } from "~/lib/lex-wire";
import { decodeAudio, hasSound } from "./audio-input";
import { createEndpointer } from "./endpointer";
import { spokenSentences } from "./spoken-answer";

export interface VoiceEngines {
  recognizer: Recognizer;
  synthesizer: Synthesizer;
  openMp3Stream(): Mp3Stream;
}

function busy(): FeatureError {
  return new FeatureError(
    "rate-limited",
    "The assistant is listening to many people at once. Please try again in a moment.",
    {},
    1,
  );
}

async function orBusy<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof RecognizerBusyError) throw busy();
    throw error;
  }
}

function pcmBytes(samples: Int16Array): Uint8Array {
  // Int16Array is little-endian on every platform Node runs on here (x86-64, arm64).
  return new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength);
}

/** The answer's sentences spoken one after another: the first is heard while the rest are made. */
function spokenStream(
  engines: VoiceEngines,
  messages: readonly Message[],
  format: SpokenFormat,
): ReadableStream<Uint8Array> {
  const sentences = spokenSentences(messages);
  let mp3: Mp3Stream | undefined;
  let next = 0;
  return new ReadableStream<Uint8Array>({
    // Each pull enqueues something or closes: a pull that enqueued nothing would not be called again.
    async pull(controller) {
      for (;;) {
        const sentence = sentences[next++];
        if (sentence === undefined) {
          const tail = mp3 ? await mp3.finish() : new Uint8Array(0);
          if (tail.length > 0) controller.enqueue(tail);
          controller.close();
          return;
        }
        const samples = await engines.synthesizer.speak(sentence);
        if (format === "pcm") {
          if (samples.length === 0) continue;
          controller.enqueue(pcmBytes(samples));
          return;
        }
        mp3 ??= engines.openMp3Stream();
        const frames = await mp3.encode(samples);
        if (frames.length > 0) {
          controller.enqueue(frames);
          return;
        }
      }
    },
    async cancel() {
      await mp3?.finish();
    },
  });
}

export function createBotVoice(engines: VoiceEngines): BotVoice {
  return {
    decode: decodeAudio,

    async hear(samples) {
      if (!hasSound(samples)) return "";
      const { transcript } = await orBusy(engines.recognizer.recognize(samples));
      return transcript;
    },

    async listen(): Promise<LiveListening> {
      const utterance = await orBusy(engines.recognizer.openUtterance());
      const endpointer = createEndpointer();
      let heardSpeech = false;
      return {
        async hear(samples) {
          const endpoint = endpointer.listen(samples);
          heardSpeech ||= endpoint.speaking || endpoint.finished;
          await utterance.feed(samples);
          return endpoint;
        },
        async finish() {
          const { transcript } = await utterance.finish();
          return heardSpeech ? transcript : "";
        },
        abandon: () => utterance.abandon(),
      };
    },

    speak: (messages, format) => spokenStream(engines, messages, format),
  };
}
