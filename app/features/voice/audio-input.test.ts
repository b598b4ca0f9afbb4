import { describe, expect, it } from "vitest";
import { FeatureError } from "~/lib/errors";
import { decodeAudio, hasSound, MAX_AUDIO_SECONDS } from "./audio-input";

const L16 = "audio/l16; rate=16000; channels=1";

/** 16-bit samples as bytes, little-endian unless told. */
function pcm(samples: readonly number[], bigEndian = false): Uint8Array {
  const bytes = new Uint8Array(samples.length * 2);
  const view = new DataView(bytes.buffer);
  samples.forEach((sample, index) => {
    view.setInt16(index * 2, sample, !bigEndian);
  });
  return bytes;
}

interface WavOptions {
  sampleRate?: number;
  channels?: number;
  bits?: number;
  /** 1 PCM, 3 IEEE float, 0xFFFE extensible. */
  encoding?: number;
  /** What the data chunk's header says its size is (default: the real size). */
  dataSize?: number;
  /** Chunks written between "fmt " and "data". */
  extraChunks?: { id: string; body: Uint8Array }[];
  /** The fmt chunk's size (16, or 18 / 40 with an extension). */
  formatSize?: number;
}

function chunk(id: string, body: Uint8Array, declaredSize = body.length): Uint8Array {
  const bytes = new Uint8Array(8 + body.length + (body.length % 2));
  bytes.set([...id].map((character) => character.charCodeAt(0)));
  new DataView(bytes.buffer).setUint32(4, declaredSize, true);
  bytes.set(body, 8);
  return bytes;
}

function wav(data: Uint8Array, options: WavOptions = {}): Uint8Array {
  const { sampleRate = 16_000, channels = 1, bits = 16, encoding = 1, formatSize = 16 } = options;
  const format = new Uint8Array(formatSize);
  const view = new DataView(format.buffer);
  view.setUint16(0, encoding, true);
  view.setUint16(2, channels, true);
  view.setUint32(4, sampleRate, true);
  view.setUint32(8, (sampleRate * channels * bits) / 8, true);
  view.setUint16(12, (channels * bits) / 8, true);
  view.setUint16(14, bits, true);
  const parts = [
    chunk("fmt ", format),
    ...(options.extraChunks ?? []).map((extra) => chunk(extra.id, extra.body)),
    chunk("data", data, options.dataSize),
  ];
  const length = 12 + parts.reduce((sum, part) => sum + part.length, 0);
  const file = new Uint8Array(length);
  file.set([..."RIFF"].map((character) => character.charCodeAt(0)));
  new DataView(file.buffer).setUint32(4, length - 8, true);
  file.set(
    [..."WAVE"].map((character) => character.charCodeAt(0)),
    8,
  );
  let offset = 12;
  for (const part of parts) {
    file.set(part, offset);
    offset += part.length;
  }
  return file;
}

/** The refusal decodeAudio throws, checked to be an "invalid" FeatureError with a sentence. */
function refusal(contentType: string, body: Uint8Array): FeatureError {
  try {
    decodeAudio(contentType, body);
  } catch (error) {
    expect(error).toBeInstanceOf(FeatureError);
    const refused = error as FeatureError;
    expect(refused.kind).toBe("invalid");
    expect(refused.message).toMatch(/\.$/);
    return refused;
  }
  throw new Error(`decodeAudio accepted ${contentType}`);
}

const SAMPLES = [0, 1000, -1000, 32_767, -32_768, 12_345];

describe("decodeAudio: Lex's raw audio types", () => {
  it.each([
    "audio/l16; rate=16000; channels=1",
    "audio/x-l16; sample-rate=16000; channel-count=1",
    "audio/lpcm; sample-rate=16000; sample-size-bits=16; channel-count=1; is-big-endian=false",
    'Audio/L16; Rate="16000"; Channels=1',
  ])("takes %s as little-endian 16 kHz samples", (contentType) => {
    expect([...decodeAudio(contentType, pcm(SAMPLES))]).toEqual(SAMPLES);
  });

  it("reads big-endian lpcm when the type says so", () => {
    const contentType =
      "audio/lpcm; sample-rate=16000; sample-size-bits=16; channel-count=1; is-big-endian=true";
    expect([...decodeAudio(contentType, pcm(SAMPLES, true))]).toEqual(SAMPLES);
  });

  it("brings 8 kHz lpcm up to 16 kHz: twice the samples, the originals kept, the rest between them", () => {
    const samples = [0, 1000, 2000, -2000, 4000];
    const contentType =
      "audio/lpcm; sample-rate=8000; sample-size-bits=16; channel-count=1; is-big-endian=false";
    const decoded = decodeAudio(contentType, pcm(samples));
    expect(decoded.length).toBe(10);
    expect([0, 2, 4, 6, 8].map((index) => decoded[index])).toEqual(samples);
    expect(decoded[1]).toBe(500);
    expect(decoded[5]).toBe(0);
  });

  it("reads a body that starts anywhere in its buffer (a slice of a pooled Buffer)", () => {
    const backing = new Uint8Array(3 + SAMPLES.length * 2);
    backing.set(pcm(SAMPLES), 3);
    expect([...decodeAudio(L16, backing.subarray(3))]).toEqual(SAMPLES);
  });

  it("takes exactly the longest audio allowed", () => {
    const body = new Uint8Array(MAX_AUDIO_SECONDS * 16_000 * 2);
    expect(decodeAudio(L16, body).length).toBe(MAX_AUDIO_SECONDS * 16_000);
  });
});

describe("decodeAudio: WAV", () => {
  it("takes 16-bit mono PCM at 16 kHz as it is", () => {
    expect([...decodeAudio("audio/wav", wav(pcm(SAMPLES)))]).toEqual(SAMPLES);
  });

  it.each(["audio/wave", "audio/x-wav", "audio/vnd.wave"])("takes the type %s too", (contentType) => {
    expect([...decodeAudio(contentType, wav(pcm(SAMPLES)))]).toEqual(SAMPLES);
  });

  it("mixes stereo down to mono", () => {
    const body = wav(pcm([1000, 3000, -500, -1500, 32_767, 32_767]), { channels: 2 });
    expect([...decodeAudio("audio/wav", body)]).toEqual([2000, -1000, 32_767]);
  });

  it("brings 48 kHz down to 16 kHz (a third of the samples)", () => {
    const samples = Array.from({ length: 48_000 }, (_, index) => (index % 3 === 0 ? 900 : 0));
    const decoded = decodeAudio("audio/wav", wav(pcm(samples), { sampleRate: 48_000 }));
    expect(decoded.length).toBe(16_000);
    expect(decoded.every((sample) => sample === 900)).toBe(true);
  });

  it("brings 44.1 kHz and 8 kHz to 16 kHz, keeping the duration", () => {
    const second44 = new Uint8Array(44_100 * 2);
    expect(decodeAudio("audio/wav", wav(second44, { sampleRate: 44_100 })).length).toBe(16_000);
    const second8 = new Uint8Array(8000 * 2);
    expect(decodeAudio("audio/wav", wav(second8, { sampleRate: 8000 })).length).toBe(16_000);
  });

  it("skips other chunks before the data, odd-sized ones with their pad byte", () => {
    const body = wav(pcm(SAMPLES), {
      extraChunks: [
        { id: "LIST", body: new Uint8Array([1, 2, 3]) },
        { id: "fact", body: new Uint8Array(4) },
      ],
    });
    expect([...decodeAudio("audio/wav", body)]).toEqual(SAMPLES);
  });

  it("reads a longer fmt chunk and WAVE_FORMAT_EXTENSIBLE, as browsers write it", () => {
    const body = wav(pcm(SAMPLES), { encoding: 0xfffe, formatSize: 40 });
    expect([...decodeAudio("audio/wav", body)]).toEqual(SAMPLES);
  });

  it.each([0, 0xffffffff])("reads the samples to the end when the data chunk's size is %i", (dataSize) => {
    expect([...decodeAudio("audio/wav", wav(pcm(SAMPLES), { dataSize }))]).toEqual(SAMPLES);
  });

  it("reads no further than the data chunk's size says", () => {
    const body = wav(pcm(SAMPLES), { dataSize: 4 });
    expect([...decodeAudio("audio/wav", body)]).toEqual(SAMPLES.slice(0, 2));
  });
});

describe("decodeAudio refuses, saying why", () => {
  it("an unknown type, naming the types it takes", () => {
    const { message } = refusal("audio/ogg; codecs=opus", new Uint8Array(100));
    expect(message).toContain("audio/ogg");
    expect(message).toContain("audio/l16");
    expect(message).toContain("audio/wav");
  });

  it.each([
    ["audio/l16; rate=8000; channels=1", "8000"],
    ["audio/x-l16; sample-rate=44100; channel-count=1", "44100"],
    ["audio/lpcm; sample-rate=22050; sample-size-bits=16; channel-count=1; is-big-endian=false", "22050"],
  ])("a raw type at a rate it does not take (%s)", (contentType, rate) => {
    expect(refusal(contentType, pcm(SAMPLES)).message).toContain(rate);
  });

  it("lpcm that does not say its rate, or says it oddly", () => {
    expect(refusal("audio/lpcm; sample-size-bits=16; channel-count=1", pcm(SAMPLES)).message).toContain(
      "must say its rate",
    );
    expect(refusal("audio/l16; rate=fast", pcm(SAMPLES)).message).toContain("fast");
  });

  it("stereo raw audio", () => {
    expect(refusal("audio/l16; rate=16000; channels=2", pcm(SAMPLES)).message).toContain("mono");
  });

  it("8-bit raw audio", () => {
    const contentType =
      "audio/lpcm; sample-rate=16000; sample-size-bits=8; channel-count=1; is-big-endian=false";
    expect(refusal(contentType, new Uint8Array(100)).message).toContain("16-bit");
  });

  it("an empty body, raw or WAV", () => {
    expect(refusal(L16, new Uint8Array(0)).message).toContain("empty");
    expect(refusal("audio/wav", wav(new Uint8Array(0))).message).toContain("empty");
  });

  it("an odd number of bytes", () => {
    expect(refusal(L16, new Uint8Array(7)).message).toContain("even number of bytes");
    expect(refusal("audio/wav", wav(new Uint8Array(7))).message).toContain("even number of bytes");
  });

  it("more than a minute, raw or WAV", () => {
    const tooLong = new Uint8Array((MAX_AUDIO_SECONDS * 16_000 + 1) * 2);
    expect(refusal(L16, tooLong).message).toContain(`${MAX_AUDIO_SECONDS} seconds`);
    const tooLong8k = new Uint8Array((MAX_AUDIO_SECONDS * 8000 + 1) * 2);
    expect(refusal("audio/wav", wav(tooLong8k, { sampleRate: 8000 })).message).toContain("seconds");
  });

  it("a body that is not a WAV file, or is cut short", () => {
    const good = wav(pcm(SAMPLES));
    expect(refusal("audio/wav", pcm(Array.from({ length: 40 }, () => 0))).message).toContain("WAV");
    expect(refusal("audio/wav", good.subarray(0, 30)).message).toContain("WAV");
    const notWave = good.slice();
    notWave.set(
      [..."AVI "].map((character) => character.charCodeAt(0)),
      8,
    );
    expect(refusal("audio/wav", notWave).message).toContain("WAV");
  });

  it("a WAV file without a data chunk, or with data before its format", () => {
    const noData = wav(new Uint8Array(0)).subarray(0, 36);
    const padded = new Uint8Array(48);
    padded.set(noData);
    padded.set(
      [..."junk"].map((character) => character.charCodeAt(0)),
      36,
    );
    expect(refusal("audio/wav", padded).message).toContain("WAV");

    const dataFirst = new Uint8Array(12 + 8 + 40);
    dataFirst.set(wav(new Uint8Array(0)).subarray(0, 12));
    dataFirst.set(chunk("data", new Uint8Array(40)), 12);
    expect(refusal("audio/wav", dataFirst).message).toContain("WAV");
  });

  it("floating-point or 8-bit WAV", () => {
    const float = wav(new Uint8Array(64), { encoding: 3, bits: 32 });
    expect(refusal("audio/wav", float).message).toContain("16-bit PCM");
    const eightBit = wav(new Uint8Array(64), { bits: 8 });
    expect(refusal("audio/wav", eightBit).message).toContain("16-bit PCM");
    const compressed = wav(new Uint8Array(64), { encoding: 2 });
    expect(refusal("audio/wav", compressed).message).toContain("16-bit PCM");
  });

  it("WAV at a rate below 8 kHz or above 48 kHz", () => {
    expect(refusal("audio/wav", wav(pcm(SAMPLES), { sampleRate: 4000 })).message).toContain("4000");
    expect(refusal("audio/wav", wav(pcm(SAMPLES), { sampleRate: 96_000 })).message).toContain("96000");
  });

  it("WAV with more than two channels", () => {
    expect(refusal("audio/wav", wav(pcm(SAMPLES), { channels: 3 })).message).toContain("3 channels");
  });
});

describe("hasSound", () => {
  const tone = (length: number, amplitude: number) =>
    Int16Array.from({ length }, (_, index) =>
      Math.round(amplitude * Math.sin((2 * Math.PI * 440 * index) / 16_000)),
    );

  it("hears nothing in silence or a quiet room's hiss", () => {
    expect(hasSound(new Int16Array(16_000))).toBe(false);
    expect(hasSound(tone(16_000, 60))).toBe(false);
    expect(hasSound(new Int16Array(0))).toBe(false);
  });

  it("hears nothing in a click of a few loud samples", () => {
    const click = new Int16Array(16_000);
    click.fill(20_000, 8000, 8050);
    expect(hasSound(click)).toBe(false);
  });

  it("hears a tenth of a second of speech-loud sound", () => {
    expect(hasSound(tone(1600, 3000))).toBe(true);
    const quietThenLoud = new Int16Array(16_000);
    quietThenLoud.set(tone(1600, 3000), 12_000);
    expect(hasSound(quietThenLoud)).toBe(true);
  });
});
