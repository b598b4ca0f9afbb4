import { beforeAll, describe, expect, it } from "vitest";
import { requireSpeechLibraries } from "../../../tests/setup/speech-libraries";
import { openMp3Stream } from "./mp3-encoder.server";
import type { EncoderLibrary } from "./native-libraries.server";

/** One second of a 440 Hz tone at 16 kHz. */
function tone(seconds = 1): Int16Array {
  return Int16Array.from({ length: seconds * 16_000 }, (_, index) =>
    Math.round(8000 * Math.sin((2 * Math.PI * 440 * index) / 16_000)),
  );
}

function concatenate(parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}

const MPEG_VERSIONS = ["2.5", "reserved", "2", "1"] as const;
const SAMPLE_RATES: Record<string, number[]> = {
  "1": [44_100, 48_000, 32_000],
  "2": [22_050, 24_000, 16_000],
  "2.5": [11_025, 12_000, 8000],
};
/** MPEG-2 and 2.5 Layer III bit rates (kbit/s) by index. */
const LOW_RATE_BITRATES = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];

interface FrameHeader {
  version: string;
  layer: number;
  sampleRate: number;
  bitRateKbps: number;
  mono: boolean;
  length: number;
}

function frameHeader(bytes: Uint8Array, offset: number): FrameHeader {
  const [b0 = 0, b1 = 0, b2 = 0, b3 = 0] = bytes.subarray(offset, offset + 4);
  expect(b0, `frame sync at ${offset}`).toBe(0xff);
  expect(b1 & 0xe0, `frame sync at ${offset}`).toBe(0xe0);
  const version = MPEG_VERSIONS[(b1 >> 3) & 3] as string;
  const layer = 4 - ((b1 >> 1) & 3);
  const sampleRate = SAMPLE_RATES[version]?.[(b2 >> 2) & 3] ?? 0;
  const bitRateKbps = LOW_RATE_BITRATES[b2 >> 4] ?? 0;
  const padding = (b2 >> 1) & 1;
  // Layer III at MPEG-2: 576 samples a frame, so 72 × bit rate / sample rate bytes.
  const length = Math.floor((72 * bitRateKbps * 1000) / sampleRate) + padding;
  return { version, layer, sampleRate, bitRateKbps, mono: b3 >> 6 === 3, length };
}

describe("openMp3Stream", { timeout: 60_000 }, () => {
  let encoder: EncoderLibrary;
  beforeAll(() => {
    encoder = requireSpeechLibraries().encoder;
  });

  it("encodes 16 kHz mono samples as MPEG-2 Layer III frames at 16 kHz, mono, 32 kbit/s", async () => {
    const stream = openMp3Stream(encoder, 16_000);
    const mp3 = concatenate([await stream.encode(tone()), await stream.finish()]);
    expect(mp3.length).toBeGreaterThan(0);
    expect(mp3[0]).toBe(0xff);
    expect((mp3[1] ?? 0) & 0xe0).toBe(0xe0);
    expect(frameHeader(mp3, 0)).toMatchObject({
      version: "2",
      layer: 3,
      sampleRate: 16_000,
      bitRateKbps: 32,
      mono: true,
    });
  });

  it("writes whole frames, one after another to the end, enough for the second of audio", async () => {
    const stream = openMp3Stream(encoder, 16_000);
    const mp3 = concatenate([await stream.encode(tone()), await stream.finish()]);
    let frames = 0;
    let offset = 0;
    while (offset < mp3.length) {
      const header = frameHeader(mp3, offset);
      expect(header.sampleRate).toBe(16_000);
      offset += header.length;
      frames += 1;
    }
    expect(offset).toBe(mp3.length);
    // 16,000 samples are at least 28 frames of 576; LAME adds a tag frame and its padding.
    expect(frames).toBeGreaterThanOrEqual(28);
    expect(frames).toBeLessThan(40);
  });

  it("gives the same MP3 for audio sent in pieces as for it whole", async () => {
    const samples = tone(2);
    const whole = openMp3Stream(encoder, 16_000);
    const atOnce = concatenate([await whole.encode(samples), await whole.finish()]);
    const pieces = openMp3Stream(encoder, 16_000);
    const parts: Uint8Array[] = [];
    for (let offset = 0; offset < samples.length; offset += 1234) {
      parts.push(await pieces.encode(samples.subarray(offset, offset + 1234)));
    }
    parts.push(await pieces.finish());
    expect(concatenate(parts)).toEqual(atOnce);
  });

  it("gives nothing for no samples, and nothing more once finished", async () => {
    const stream = openMp3Stream(encoder, 16_000);
    expect((await stream.encode(new Int16Array(0))).length).toBe(0);
    await stream.encode(tone());
    expect((await stream.finish()).length).toBeGreaterThan(0);
    expect((await stream.encode(tone())).length).toBe(0);
    expect((await stream.finish()).length).toBe(0);
  });
});
