/**
 * A RecognizeUtterance body as the recognizer takes it: 16 kHz, 16-bit, mono samples. Lex's audio
 * types are raw little-endian PCM described by the Content-Type's parameters; WAV carries its own
 * description. Anything else, or a body that does not match its type, is refused with a sentence.
 */
import { FeatureError } from "~/lib/errors";

const RECOGNIZER_SAMPLE_RATE = 16_000;
export const MAX_AUDIO_SECONDS = 60;

const SUPPORTED_TYPES =
  "audio/l16; rate=16000; channels=1, audio/x-l16; sample-rate=16000; channel-count=1, audio/lpcm; sample-rate=8000; sample-size-bits=16; channel-count=1; is-big-endian=false (8000 or 16000), or audio/wav (16-bit PCM)";

function invalid(message: string): FeatureError {
  return new FeatureError("invalid", message);
}

/** The Content-Type's media type and its parameters, names lower-cased. */
function parseContentType(contentType: string): { type: string; parameters: Map<string, string> } {
  const [type = "", ...rest] = contentType.split(";");
  const parameters = new Map<string, string>();
  for (const part of rest) {
    const equals = part.indexOf("=");
    if (equals < 0) continue;
    parameters.set(
      part.slice(0, equals).trim().toLowerCase(),
      part
        .slice(equals + 1)
        .trim()
        .replace(/^"|"$/g, "")
        .toLowerCase(),
    );
  }
  return { type: type.trim().toLowerCase(), parameters };
}

interface PcmLayout {
  sampleRate: number;
  channels: number;
  bigEndian: boolean;
  /** Where the samples start and end in the body. */
  start: number;
  end: number;
}

function numberParameter(parameters: Map<string, string>, names: string[], fallback?: number): number {
  for (const name of names) {
    const value = parameters.get(name);
    if (value !== undefined) {
      if (!/^\d+$/.test(value)) throw invalid(`The audio's ${name} must be a whole number, not '${value}'.`);
      return Number(value);
    }
  }
  if (fallback === undefined) throw invalid(`The audio's Content-Type must say its ${names[0]}.`);
  return fallback;
}

function rawLayout(type: string, parameters: Map<string, string>, length: number): PcmLayout {
  const sampleRate = numberParameter(
    parameters,
    ["rate", "sample-rate"],
    type === "audio/lpcm" ? undefined : 16_000,
  );
  const channels = numberParameter(parameters, ["channels", "channel-count"], 1);
  const bits = numberParameter(parameters, ["sample-size-bits"], 16);
  const bigEndian = parameters.get("is-big-endian") === "true";
  const allowedRates = type === "audio/lpcm" ? [8000, 16_000] : [16_000];
  if (!allowedRates.includes(sampleRate)) {
    throw invalid(
      `${type} audio must be sampled at ${allowedRates.join(" or ")} Hz; this says ${sampleRate} Hz.`,
    );
  }
  if (channels !== 1) throw invalid(`The audio must be mono (one channel); this says ${channels}.`);
  if (bits !== 16) throw invalid(`The audio must be 16-bit samples; this says ${bits}-bit.`);
  return { sampleRate, channels, bigEndian, start: 0, end: length };
}

function ascii(body: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...body.subarray(start, start + length));
}

/** A RIFF WAVE file's format and data chunks (16-bit PCM only). */
function wavLayout(body: Uint8Array): PcmLayout {
  const corrupt = () =>
    invalid("The audio is not a readable WAV file: it must be RIFF WAVE with 16-bit PCM samples.");
  if (body.length < 44 || ascii(body, 0, 4) !== "RIFF" || ascii(body, 8, 4) !== "WAVE") throw corrupt();
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  let format: { channels: number; sampleRate: number } | undefined;
  for (let offset = 12; offset + 8 <= body.length; ) {
    const id = ascii(body, offset, 4);
    const size = view.getUint32(offset + 4, true);
    const start = offset + 8;
    if (id === "fmt ") {
      if (size < 16 || start + 16 > body.length) throw corrupt();
      const encoding = view.getUint16(start, true);
      const bits = view.getUint16(start + 14, true);
      // 1: PCM; 0xFFFE: WAVE_FORMAT_EXTENSIBLE, which browsers' recorders write for PCM too.
      if ((encoding !== 1 && encoding !== 0xfffe) || bits !== 16) {
        throw invalid("The WAV file must hold 16-bit PCM samples (not compressed or floating-point audio).");
      }
      format = { channels: view.getUint16(start + 2, true), sampleRate: view.getUint32(start + 4, true) };
    } else if (id === "data") {
      if (!format) throw corrupt();
      if (format.sampleRate < 8000 || format.sampleRate > 48_000) {
        throw invalid(`The WAV file must be sampled at 8000 to 48000 Hz; it says ${format.sampleRate} Hz.`);
      }
      if (format.channels < 1 || format.channels > 2) {
        throw invalid(`The WAV file must be mono or stereo; it says ${format.channels} channels.`);
      }
      // A recorder that could not seek back writes 0 or 0xFFFFFFFF: the data run to the end.
      const end = size === 0 || size === 0xffffffff ? body.length : Math.min(body.length, start + size);
      return { ...format, bigEndian: false, start, end };
    }
    offset = start + size + (size % 2);
  }
  throw corrupt();
}

function layoutOf(contentType: string, body: Uint8Array): PcmLayout {
  const { type, parameters } = parseContentType(contentType);
  switch (type) {
    case "audio/l16":
    case "audio/x-l16":
    case "audio/lpcm":
      return rawLayout(type, parameters, body.length);
    case "audio/wav":
    case "audio/wave":
    case "audio/x-wav":
    case "audio/vnd.wave":
      return wavLayout(body);
    default:
      throw invalid(`Audio of type '${type.slice(0, 60)}' is not understood here. Send ${SUPPORTED_TYPES}.`);
  }
}

/** Linear interpolation to 16 kHz: speech loses nothing the recognizer listens for. */
function resample(samples: Int16Array, from: number): Int16Array {
  if (from === RECOGNIZER_SAMPLE_RATE) return samples;
  const length = Math.floor((samples.length * RECOGNIZER_SAMPLE_RATE) / from);
  const output = new Int16Array(length);
  const step = from / RECOGNIZER_SAMPLE_RATE;
  for (let index = 0; index < length; index++) {
    const position = index * step;
    const before = Math.floor(position);
    const after = Math.min(before + 1, samples.length - 1);
    const fraction = position - before;
    output[index] = Math.round((samples[before] ?? 0) * (1 - fraction) + (samples[after] ?? 0) * fraction);
  }
  return output;
}

/** The body's samples at 16 kHz mono, or a ValidationException that says what is wrong with it. */
export function decodeAudio(contentType: string, body: Uint8Array): Int16Array {
  const layout = layoutOf(contentType, body);
  const bytes = layout.end - layout.start;
  if (bytes <= 0) throw invalid("The audio is empty: record the question, then send it.");
  const frameBytes = 2 * layout.channels;
  if (bytes % frameBytes !== 0) {
    throw invalid("The audio ends in the middle of a sample: 16-bit audio has an even number of bytes.");
  }
  const frames = bytes / frameBytes;
  if (frames / layout.sampleRate > MAX_AUDIO_SECONDS) {
    throw invalid(`The audio may be at most ${MAX_AUDIO_SECONDS} seconds long; this is longer.`);
  }
  const view = new DataView(body.buffer, body.byteOffset + layout.start, bytes);
  const mono = new Int16Array(frames);
  for (let frame = 0; frame < frames; frame++) {
    let sum = 0;
    for (let channel = 0; channel < layout.channels; channel++) {
      sum += view.getInt16((frame * layout.channels + channel) * 2, !layout.bigEndian);
    }
    mono[frame] = Math.round(sum / layout.channels);
  }
  return resample(mono, layout.sampleRate);
}

/** Whether the samples hold anything louder than a quiet room (a first guard against silence). */
export function hasSound(samples: Int16Array): boolean {
  // About -50 dBFS: a quiet room's hiss stays below it; speech at any distance is well above.
  const threshold = 100;
  let loud = 0;
  for (const sample of samples) if (Math.abs(sample) > threshold && ++loud > 160) return true;
  return false;
}
