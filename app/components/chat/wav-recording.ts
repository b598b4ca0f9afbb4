/**
 * The pure parts of the chat's recorder, shared by the AudioWorklet (./recorder-worklet.ts) and
 * the tests: downmixing, resampling to what the bot hears (16 kHz mono), the WAV file, and when a
 * recording stops by itself.
 */

/** What the bot's speech recognition takes (DESIGN.md §4, Voice): 16 kHz, 16-bit, mono. */
export const TARGET_SAMPLE_RATE = 16_000;

/** The seed's rules for stopping by itself, and our bounds around them. */
export const SILENCE_RULES = {
  /** A block whose loudest sample (0..1) reaches this is speech. */
  threshold: 0.2,
  /** Quiet this long after speech has started ends the recording. */
  silenceMs: 1500,
  /** Nobody spoke this long after the start: give up, nothing is sent. */
  noSpeechMs: 8000,
  /** The bot takes at most a minute of audio; the recording stops there. */
  maxMs: 60_000,
} as const;

/** The name the worklet registers its processor under. */
export const RECORDER_PROCESSOR = "chat-recorder";

/** What the worklet tells the page: the level as it goes, then the recording (none when nobody spoke). */
export type RecorderMessage =
  | { type: "level"; peak: number }
  | { type: "done"; reason: StopReason | "stopped"; wav: ArrayBuffer | null };

export type SilenceRules = { threshold: number; silenceMs: number; noSpeechMs: number; maxMs: number };

export type StopReason = "silence" | "no-speech" | "limit";

export type SilenceState =
  | { phase: "waiting" }
  | { phase: "speaking"; lastLoudAt: number }
  | { phase: "stopped"; reason: StopReason };

export const INITIAL_SILENCE_STATE: SilenceState = { phase: "waiting" };

/**
 * The next state after a block of audio whose loudest sample is `peak`, ending `atMs` after the
 * recording began. Time is the audio's own (samples counted), so a busy page cannot cut a word.
 */
export function nextSilenceState(
  state: SilenceState,
  peak: number,
  atMs: number,
  rules: SilenceRules = SILENCE_RULES,
): SilenceState {
  if (state.phase === "stopped") return state;
  const loud = peak >= rules.threshold;
  if (atMs >= rules.maxMs) return { phase: "stopped", reason: "limit" };
  if (state.phase === "waiting") {
    if (loud) return { phase: "speaking", lastLoudAt: atMs };
    return atMs >= rules.noSpeechMs ? { phase: "stopped", reason: "no-speech" } : state;
  }
  if (loud) return { phase: "speaking", lastLoudAt: atMs };
  return atMs - state.lastLoudAt >= rules.silenceMs ? { phase: "stopped", reason: "silence" } : state;
}

/** The loudest sample of a block, 0..1, as the meter shows it and silence detection reads it. */
export function peakOf(samples: Float32Array): number {
  let peak = 0;
  for (const sample of samples) {
    const size = Math.abs(sample);
    if (size > peak) peak = size;
  }
  return Math.min(1, peak);
}

/** The channels of one block averaged into one (a stereo microphone becomes mono). */
export function downmix(channels: readonly Float32Array[]): Float32Array {
  const first = channels[0];
  if (!first) return new Float32Array(0);
  if (channels.length === 1) return first.slice();
  const mono = new Float32Array(first.length);
  for (const channel of channels) {
    for (let index = 0; index < mono.length; index += 1)
      mono[index] = (mono[index] ?? 0) + (channel[index] ?? 0);
  }
  for (let index = 0; index < mono.length; index += 1) mono[index] = (mono[index] ?? 0) / channels.length;
  return mono;
}

/** How many samples `inputLength` samples at `fromRate` make at `toRate`. */
export function resampledLength(inputLength: number, fromRate: number, toRate: number): number {
  return Math.round((inputLength * toRate) / fromRate);
}

/**
 * The samples at another rate. Going down (a 48 kHz microphone to 16 kHz), each output sample is
 * the mean of the input samples it covers, which keeps most of what lies above the new Nyquist
 * frequency from folding back as noise; going up, straight-line interpolation.
 */
export function resample(input: Float32Array, fromRate: number, toRate: number): Float32Array {
  if (fromRate === toRate) return input.slice();
  const output = new Float32Array(resampledLength(input.length, fromRate, toRate));
  const step = fromRate / toRate;
  for (let index = 0; index < output.length; index += 1) {
    if (step > 1) {
      const start = Math.floor(index * step);
      const end = Math.min(input.length, Math.max(start + 1, Math.floor((index + 1) * step)));
      let sum = 0;
      for (let at = start; at < end; at += 1) sum += input[at] ?? 0;
      output[index] = sum / (end - start);
    } else {
      const position = index * step;
      const before = Math.floor(position);
      const after = Math.min(input.length - 1, before + 1);
      const fraction = position - before;
      output[index] = (input[before] ?? 0) * (1 - fraction) + (input[after] ?? 0) * fraction;
    }
  }
  return output;
}

/** One list of sample blocks as one array. */
export function concatenate(blocks: readonly Float32Array[]): Float32Array {
  const whole = new Float32Array(blocks.reduce((total, block) => total + block.length, 0));
  let offset = 0;
  for (const block of blocks) {
    whole.set(block, offset);
    offset += block.length;
  }
  return whole;
}

const WAV_HEADER_BYTES = 44;

/** A canonical 16-bit PCM mono WAV file: the 44-byte RIFF header, then the samples, little-endian. */
export function encodeWav(samples: Float32Array, sampleRate: number = TARGET_SAMPLE_RATE): ArrayBuffer {
  const dataBytes = samples.length * 2;
  const buffer = new ArrayBuffer(WAV_HEADER_BYTES + dataBytes);
  const view = new DataView(buffer);
  const ascii = (offset: number, text: string) => {
    for (let index = 0; index < text.length; index += 1)
      view.setUint8(offset + index, text.charCodeAt(index));
  };
  ascii(0, "RIFF");
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, "WAVE");
  ascii(12, "fmt ");
  view.setUint32(16, 16, true); // the fmt chunk's size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // one channel
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // bytes a second
  view.setUint16(32, 2, true); // bytes a frame
  view.setUint16(34, 16, true); // bits a sample
  ascii(36, "data");
  view.setUint32(40, dataBytes, true);
  for (let index = 0; index < samples.length; index += 1) {
    const clamped = Math.max(-1, Math.min(1, samples[index] ?? 0));
    view.setInt16(WAV_HEADER_BYTES + index * 2, clamped < 0 ? clamped * 0x8000 : clamped * 0x7fff, true);
  }
  return buffer;
}
