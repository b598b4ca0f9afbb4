/**
 * Voice on this server, when the speech packages are there: the model brought up to date, the
 * recognizer, the synthesizer and the MP3 encoder. Without the packages the site runs as before and
 * every spoken request is answered with the sentence this gives (which says what to install).
 */
import { availableParallelism } from "node:os";
import path from "node:path";
import type { VoiceSupport } from "~/features/bot/bot-provider";
import { openMp3Stream } from "~/infra/speech/mp3-encoder.server";
import { openSpeechLibraries, SPEECH_INSTALL_COMMAND } from "~/infra/speech/native-libraries.server";
import { pronounce } from "~/infra/speech/pronunciations.server";
import { createRecognizer, type Recognizer } from "~/infra/speech/recognizer.server";
import { createSynthesizer, SPOKEN_SAMPLE_RATE } from "~/infra/speech/synthesizer.server";
import { createBotVoice } from "./bot-voice.server";
import { voiceCorpus } from "./voice-corpus";
import { writeVoiceModel } from "./voice-model.server";

/** Questions that may wait for a decoder beyond those being heard; one more is told to retry. */
const WAITING_LIMIT = 8;
const MAX_WAIT_MS = 10_000;

export interface OpenedVoice {
  support: VoiceSupport;
  /** Readies the decoders in the background, so the first question is not slower than the rest. */
  warmUp(): Promise<void>;
  close(): Promise<void>;
}

/** What a process that did not open its speech (a test's app) answers spoken requests with. */
export const VOICE_NOT_OPENED: VoiceSupport = {
  ok: false,
  problem: "Speech is not available in this process: it was started without opening its voice.",
};

function missing(reason: string): OpenedVoice {
  return {
    support: {
      ok: false,
      problem: `Speech is not available on this server (${reason}). To add it, install the speech packages: ${SPEECH_INSTALL_COMMAND}. Text works meanwhile: send Content-Type text/plain; charset=utf-8.`,
    },
    warmUp: async () => undefined,
    close: async () => undefined,
  };
}

/** Where the build writes the model, beside the server bundle (`BUILD_DIR`, default build). */
function voiceModelDirectory(): string {
  return path.resolve(process.env.BUILD_DIR ?? "build", "voice");
}

/** `npm run build`'s step: the model for this checkout's sentences, or why it was not made. */
export function buildVoiceModel(directory = voiceModelDirectory()): string {
  const opened = openSpeechLibraries();
  if (!opened.ok) {
    return `Voice model not built: ${opened.missing}. Voice needs: ${SPEECH_INSTALL_COMMAND}`;
  }
  const model = writeVoiceModel(directory, pronounce);
  return `Voice model: ${model.words} words in ${directory}${model.rebuilt ? "" : " (already current)"}.`;
}

interface VoiceOptions {
  modelDirectory?: string;
  /** Consultants' names beyond the seeded ones (staff's), so that the recognizer knows them too. */
  consultantNames?: readonly string[];
  decoders?: number;
  /** Other shared objects than Debian's (a test of a machine without them). */
  libraryFiles?: Parameters<typeof openSpeechLibraries>[0];
}

export function openVoice(options: VoiceOptions = {}): OpenedVoice {
  const opened = openSpeechLibraries(options.libraryFiles);
  if (!opened.ok) return missing(opened.missing);
  const { libraries } = opened;
  let recognizer: Recognizer;
  try {
    const model = writeVoiceModel(
      options.modelDirectory ?? voiceModelDirectory(),
      pronounce,
      voiceCorpus(options.consultantNames),
    );
    recognizer = createRecognizer(libraries.recognizer, {
      languageModelFile: model.languageModelFile,
      dictionaryFile: model.dictionaryFile,
      // One core stays with the requests; a decoder works a core flat out while it hears.
      decoders: options.decoders ?? Math.max(1, availableParallelism() - 1),
      waitingLimit: WAITING_LIMIT,
      maxWaitMs: MAX_WAIT_MS,
    });
  } catch (error) {
    return missing(`its language model could not be written: ${(error as Error).message}`);
  }
  const voice = createBotVoice({
    recognizer,
    synthesizer: createSynthesizer(libraries.synthesizer),
    openMp3Stream: () => openMp3Stream(libraries.encoder, SPOKEN_SAMPLE_RATE),
  });
  return {
    support: { ok: true, voice },
    warmUp: () => recognizer.warmUp(),
    close: () => recognizer.close(),
  };
}
