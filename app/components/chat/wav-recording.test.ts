import { describe, expect, it } from "vitest";
import {
  concatenate,
  downmix,
  encodeWav,
  INITIAL_SILENCE_STATE,
  nextSilenceState,
  peakOf,
  resample,
  resampledLength,
  SILENCE_RULES,
  type SilenceState,
} from "./wav-recording";

/** Feeds blocks of `blockMs` with the given peak from `fromMs` to `toMs`; returns the state and when it stopped. */
function feed(state: SilenceState, peak: number, fromMs: number, toMs: number, blockMs = 10) {
  let current = state;
  for (let at = fromMs + blockMs; at <= toMs; at += blockMs) {
    current = nextSilenceState(current, peak, at);
    if (current.phase === "stopped") return { state: current, stoppedAt: at };
  }
  return { state: current, stoppedAt: undefined };
}

describe("encodeWav", () => {
  it("writes the 44-byte RIFF header of 16-bit PCM mono at 16 kHz", () => {
    const wav = encodeWav(new Float32Array([0, 1, -1, 0.5]), 16_000);
    expect(wav.byteLength).toBe(44 + 8);
    const bytes = new Uint8Array(wav);
    const text = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
    const view = new DataView(wav);
    expect(text(0, 4)).toBe("RIFF");
    expect(view.getUint32(4, true)).toBe(36 + 8);
    expect(text(8, 12)).toBe("WAVE");
    expect(text(12, 16)).toBe("fmt ");
    expect(view.getUint32(16, true)).toBe(16);
    expect(view.getUint16(20, true)).toBe(1); // PCM
    expect(view.getUint16(22, true)).toBe(1); // mono
    expect(view.getUint32(24, true)).toBe(16_000);
    expect(view.getUint32(28, true)).toBe(32_000);
    expect(view.getUint16(32, true)).toBe(2);
    expect(view.getUint16(34, true)).toBe(16);
    expect(text(36, 40)).toBe("data");
    expect(view.getUint32(40, true)).toBe(8);
  });

  it("stores the samples little-endian, full scale at ±1 and clipped beyond", () => {
    const view = new DataView(encodeWav(new Float32Array([0, 1, -1, 0.5, 2, -3])));
    expect([0, 1, 2, 3, 4, 5].map((index) => view.getInt16(44 + index * 2, true))).toEqual([
      0, 32767, -32768, 16383, 32767, -32768,
    ]);
    // Little-endian: the low byte first.
    expect(view.getUint8(46)).toBe(0xff);
    expect(view.getUint8(47)).toBe(0x7f);
  });

  it("makes a header alone of no samples", () => {
    expect(encodeWav(new Float32Array(0)).byteLength).toBe(44);
  });
});

describe("resample", () => {
  it("turns a second at the microphone's rate into a second at 16 kHz", () => {
    expect(resample(new Float32Array(48_000), 48_000, 16_000)).toHaveLength(16_000);
    expect(resample(new Float32Array(44_100), 44_100, 16_000)).toHaveLength(16_000);
    expect(resample(new Float32Array(8_000), 8_000, 16_000)).toHaveLength(16_000);
    expect(resampledLength(128, 48_000, 16_000)).toBe(43);
  });

  it("keeps a 16 kHz recording as it is", () => {
    const input = new Float32Array([0.1, 0.2, 0.3]);
    const output = resample(input, 16_000, 16_000);
    expect([...output]).toEqual([...input]);
    expect(output).not.toBe(input);
  });

  it("averages the samples each output sample covers when going down", () => {
    const output = resample(new Float32Array([0, 0.3, 0.6, 1, 1, 1]), 48_000, 16_000);
    expect(output[0]).toBeCloseTo(0.3);
    expect(output[1]).toBeCloseTo(1);
  });

  it("interpolates when going up", () => {
    const output = resample(new Float32Array([0, 1]), 8_000, 16_000);
    expect([...output].map((value) => Number(value.toFixed(2)))).toEqual([0, 0.5, 1, 1]);
  });
});

describe("downmix, peakOf and concatenate", () => {
  it("averages the channels into one", () => {
    expect([...downmix([new Float32Array([1, 0.5]), new Float32Array([0, -0.5])])]).toEqual([0.5, 0]);
    expect([...downmix([new Float32Array([0.25])])]).toEqual([0.25]);
    expect(downmix([])).toHaveLength(0);
  });

  it("reads the loudest sample as 0..1", () => {
    expect(peakOf(new Float32Array([0.1, -0.5, 0.3]))).toBe(0.5);
    expect(peakOf(new Float32Array([1.5]))).toBe(1);
    expect(peakOf(new Float32Array(0))).toBe(0);
  });

  it("joins blocks in order", () => {
    expect([...concatenate([new Float32Array([1]), new Float32Array([2, 3])])]).toEqual([1, 2, 3]);
  });
});

describe("nextSilenceState (the seed's rule: 1.5 s below 0.2 once speech has started)", () => {
  it("waits for speech, however quiet the start is, until the bounded wait runs out", () => {
    const quiet = feed(INITIAL_SILENCE_STATE, 0.19, 0, 7990);
    expect(quiet.state).toEqual({ phase: "waiting" });
    expect(feed(quiet.state, 0.19, 7990, 9000)).toEqual({
      state: { phase: "stopped", reason: "no-speech" },
      stoppedAt: SILENCE_RULES.noSpeechMs,
    });
  });

  it("counts 0.2 as speech, and stops 1.5 s after the last loud block", () => {
    const speaking = nextSilenceState(INITIAL_SILENCE_STATE, 0.2, 500);
    expect(speaking).toEqual({ phase: "speaking", lastLoudAt: 500 });
    const talking = feed(speaking, 0.6, 500, 2000);
    expect(talking.state).toEqual({ phase: "speaking", lastLoudAt: 2000 });
    const after = feed(talking.state, 0.05, 2000, 5000);
    expect(after).toEqual({ state: { phase: "stopped", reason: "silence" }, stoppedAt: 3500 });
  });

  it("starts the quiet count again at each loud block", () => {
    let state = nextSilenceState(INITIAL_SILENCE_STATE, 0.9, 100);
    state = feed(state, 0.1, 100, 1500).state; // 1.4 s of quiet
    state = nextSilenceState(state, 0.5, 1510);
    expect(feed(state, 0.1, 1510, 2990).state.phase).toBe("speaking");
    expect(feed(state, 0.1, 1510, 4000).stoppedAt).toBe(3010);
  });

  it("does not give up on a visitor who started speaking after a few quiet seconds", () => {
    const late = nextSilenceState(feed(INITIAL_SILENCE_STATE, 0, 0, 7000).state, 0.8, 7010);
    expect(feed(late, 0.8, 7010, 12_000).state.phase).toBe("speaking");
  });

  it("stops at the minute whatever is said", () => {
    const speaking = nextSilenceState(INITIAL_SILENCE_STATE, 0.9, 10);
    expect(feed(speaking, 0.9, 10, 70_000)).toEqual({
      state: { phase: "stopped", reason: "limit" },
      stoppedAt: SILENCE_RULES.maxMs,
    });
  });

  it("stays stopped", () => {
    const stopped: SilenceState = { phase: "stopped", reason: "silence" };
    expect(nextSilenceState(stopped, 1, 100)).toBe(stopped);
  });
});
