/**
 * MP3 (audio/mpeg) with LAME: 16 kHz mono in, 32 kbit/s MPEG-2 Layer III out, which keeps speech
 * clear at a quarter of raw PCM's size.
 */
import type { EncoderLibrary } from "./native-libraries.server";
import { callOnThreadPool } from "./thread-pool-call.server";

const MONO = 3;
const BIT_RATE_KBPS = 32;
/** LAME's own quality scale: 0 best and slowest, 9 worst; 5 is fast and plenty for speech. */
const QUALITY = 5;

export interface Mp3Stream {
  /** The MP3 frames these samples complete (LAME holds some back for the next ones). */
  encode(samples: Int16Array): Promise<Uint8Array>;
  /** The frames still held back; the stream is closed after this. */
  finish(): Promise<Uint8Array>;
}

export function openMp3Stream(library: EncoderLibrary, sampleRate: number): Mp3Stream {
  const encoder = library.init();
  if (!encoder) throw new Error("LAME could not start an encoder.");
  library.setInputRate(encoder, sampleRate);
  library.setOutputRate(encoder, sampleRate);
  library.setChannels(encoder, 1);
  library.setMode(encoder, MONO);
  library.setBitRate(encoder, BIT_RATE_KBPS);
  library.setQuality(encoder, QUALITY);
  if ((library.initParams(encoder) as number) < 0) {
    library.close(encoder);
    throw new Error("LAME refused the encoder's settings.");
  }
  let closed = false;
  return {
    async encode(samples) {
      if (closed || samples.length === 0) return new Uint8Array(0);
      // LAME's own bound on what one call can write: 1.25 × samples + 7200 bytes.
      const output = new Uint8Array(Math.ceil(samples.length * 1.25) + 7200);
      const written = (await callOnThreadPool(
        library.encode,
        encoder,
        samples,
        samples,
        samples.length,
        output,
        output.length,
      )) as number;
      if (written < 0) throw new Error(`LAME could not encode (${written}).`);
      return output.subarray(0, written);
    },
    async finish() {
      if (closed) return new Uint8Array(0);
      closed = true;
      const output = new Uint8Array(7200);
      try {
        const written = library.flush(encoder, output, output.length) as number;
        return output.subarray(0, Math.max(0, written));
      } finally {
        library.close(encoder);
      }
    },
  };
}
