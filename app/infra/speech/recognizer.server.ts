/**
 * Speech to text with pocketsphinx, in-process: a few decoders, each used by one utterance at a
 * time, and a bounded line of callers waiting for one. Decoding runs on libuv's thread pool (koffi's
 * async calls), so the event loop keeps serving while a question is heard.
 */
import { createConcurrencyLimit } from "~/infra/concurrency-limit.server";
import { ACOUSTIC_MODEL_DIRECTORY, type RecognizerLibrary } from "./native-libraries.server";
import { callOnThreadPool } from "./thread-pool-call.server";

interface Recognition {
  /** The words heard, lower case; empty when nothing was recognised. */
  transcript: string;
  /** The decoder's posterior probability of the transcript, 0..1. */
  confidence: number;
}

/** A decoder held for one utterance that arrives in pieces (StartConversation's audio events). */
interface LiveUtterance {
  /** More audio. `whole`: this is all of it, so the decoder normalises over the whole utterance. */
  feed(samples: Int16Array, whole?: boolean): Promise<void>;
  /** Ends the utterance, gives the decoder back and says what was heard. */
  finish(): Promise<Recognition>;
  /** Gives the decoder back without a result (the conversation ended first). */
  abandon(): Promise<void>;
}

export interface Recognizer {
  recognize(samples: Int16Array): Promise<Recognition>;
  openUtterance(): Promise<LiveUtterance>;
  /** Creates the decoders now, so the first visitor does not wait for them. */
  warmUp(): Promise<void>;
  close(): Promise<void>;
}

/** Every decoder was busy and the line for one was full, or the wait ran out. */
export class RecognizerBusyError extends Error {
  constructor() {
    super("Every speech decoder is busy.");
    this.name = "RecognizerBusyError";
  }
}

export interface RecognizerOptions {
  /** The language model (ARPA) and dictionary built from what the assistant knows. */
  languageModelFile: string;
  dictionaryFile: string;
  /** Decoders at once (each takes a core while it works). */
  decoders: number;
  /** Callers that may wait for a decoder; one more is refused at once. */
  waitingLimit: number;
  /** How long a caller waits for a decoder before it is refused. */
  maxWaitMs: number;
}

interface Decoder {
  handle: unknown;
  config: unknown;
}

export function createRecognizer(library: RecognizerLibrary, options: RecognizerOptions): Recognizer {
  const idle: Decoder[] = [];
  const all: Decoder[] = [];
  const limit = createConcurrencyLimit(options.decoders);
  /** Callers holding a decoder or in line for one: those beyond `decoders` are the ones waiting. */
  let callers = 0;

  /** The decoder's settings, as pocketsphinx's variadic `cmd_ln_init` takes them: type, value, …, NULL. */
  function newDecoder(): Decoder {
    const settings = [
      ["-hmm", ACOUSTIC_MODEL_DIRECTORY],
      ["-lm", options.languageModelFile],
      ["-dict", options.dictionaryFile],
      // The lattice's best path gives the posterior probability used as the confidence.
      ["-bestpath", "yes"],
      ["-logfn", "/dev/null"],
    ].flat();
    const typed = settings.flatMap((value) => ["str", value]);
    const config = library.commandLineInit(null, library.pocketsphinxArguments(), 1, ...typed, "str", null);
    return { handle: null, config };
  }

  async function ready(decoder: Decoder): Promise<Decoder> {
    if (!decoder.handle) {
      decoder.handle = await callOnThreadPool(library.decoderInit, decoder.config);
      if (!decoder.handle) throw new Error("pocketsphinx could not load its model.");
      // The decoder holds its own reference to the settings.
      library.commandLineFree(decoder.config);
    }
    return decoder;
  }

  async function takeDecoder(): Promise<{ decoder: Decoder; release: () => void }> {
    if (callers >= options.decoders + options.waitingLimit) throw new RecognizerBusyError();
    callers += 1;
    const slot = await limit.acquire(options.maxWaitMs);
    if (!slot) {
      callers -= 1;
      throw new RecognizerBusyError();
    }
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      callers -= 1;
      slot();
    };
    let decoder = idle.pop();
    if (!decoder) {
      decoder = newDecoder();
      all.push(decoder);
    }
    try {
      return { decoder: await ready(decoder), release };
    } catch (error) {
      idle.push(decoder);
      release();
      throw error;
    }
  }

  function result(decoder: Decoder): Recognition {
    const score = [0];
    const hypothesis = (library.hypothesis(decoder.handle, score) as string | null) ?? "";
    const transcript = hypothesis
      .replace(/\(\d+\)/g, "")
      .replace(/\s+/g, " ")
      .trim();
    if (transcript === "") return { transcript, confidence: 0 };
    const logarithm = library.posterior(decoder.handle) as number;
    const confidence = library.logMathExp(library.logMath(decoder.handle), logarithm) as number;
    return { transcript, confidence: Math.max(0, Math.min(1, confidence)) };
  }

  async function openUtterance(): Promise<LiveUtterance> {
    const { decoder, release } = await takeDecoder();
    let open = true;
    const giveBack = () => {
      if (!open) return;
      open = false;
      idle.push(decoder);
      release();
    };
    try {
      await callOnThreadPool(library.startUtterance, decoder.handle);
    } catch (error) {
      giveBack();
      throw error;
    }
    return {
      async feed(samples, whole = false) {
        if (!open || samples.length === 0) return;
        await callOnThreadPool(library.processRaw, decoder.handle, samples, samples.length, 0, whole ? 1 : 0);
      },
      async finish() {
        if (!open) return { transcript: "", confidence: 0 };
        try {
          await callOnThreadPool(library.endUtterance, decoder.handle);
          return result(decoder);
        } finally {
          giveBack();
        }
      },
      async abandon() {
        if (!open) return;
        try {
          await callOnThreadPool(library.endUtterance, decoder.handle);
        } finally {
          giveBack();
        }
      },
    };
  }

  return {
    async recognize(samples) {
      const utterance = await openUtterance();
      try {
        await utterance.feed(samples, true);
      } catch (error) {
        await utterance.abandon();
        throw error;
      }
      return utterance.finish();
    },
    openUtterance,
    async warmUp() {
      const held = await Promise.all(Array.from({ length: options.decoders }, () => takeDecoder()));
      for (const { decoder, release } of held) {
        idle.push(decoder);
        release();
      }
    },
    async close() {
      for (const decoder of all.splice(0)) {
        if (decoder.handle) library.decoderFree(decoder.handle);
        else library.commandLineFree(decoder.config);
      }
      idle.length = 0;
    },
  };
}
