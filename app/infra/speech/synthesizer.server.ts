/**
 * Text to speech with flite, in-process. One sentence at a time on libuv's thread pool, one after
 * another: flite's voice keeps state while it speaks, so two at once on one voice could mix.
 */
import koffi from "koffi";
import { createConcurrencyLimit } from "~/infra/concurrency-limit.server";
import type { SynthesizerLibrary } from "./native-libraries.server";
import { callOnThreadPool } from "./thread-pool-call.server";

/** The voice's own rate (slt speaks at 16 kHz), which is also what the bot API answers in. */
export const SPOKEN_SAMPLE_RATE = 16_000;

export interface Synthesizer {
  /** The text spoken: 16 kHz, 16-bit mono samples. */
  speak(text: string): Promise<Int16Array>;
}

interface Wave {
  sample_rate: number;
  num_samples: number;
  num_channels: number;
  samples: unknown;
}

export function createSynthesizer(library: SynthesizerLibrary): Synthesizer {
  const oneAtATime = createConcurrencyLimit(1);
  return {
    async speak(text) {
      if (text.trim() === "") return new Int16Array(0);
      const release = await oneAtATime.acquire(60_000);
      if (!release) throw new Error("The synthesizer did not come free within a minute.");
      try {
        const pointer = await callOnThreadPool(library.textToWave, text, library.voice);
        if (!pointer) throw new Error("flite could not speak the text.");
        try {
          const wave = koffi.decode(pointer, library.waveType) as Wave;
          if (wave.sample_rate !== SPOKEN_SAMPLE_RATE || wave.num_channels !== 1) {
            throw new Error(`flite spoke at ${wave.sample_rate} Hz in ${wave.num_channels} channels.`);
          }
          if (wave.num_samples === 0) return new Int16Array(0);
          // Copied out before flite frees its buffer.
          return new Int16Array(koffi.view(wave.samples, wave.num_samples * 2).slice(0));
        } finally {
          library.deleteWave(pointer);
        }
      } finally {
        release();
      }
    },
  };
}
