import { describe, expect, it } from "vitest";
import { createEndpointer, type Endpoint } from "./endpointer";

const FRAME = 160;

/** `frames` frames of 10 ms at 16 kHz, of a square wave whose RMS is `level`. */
function frames(count: number, level: number): number[] {
  return Array.from({ length: count * FRAME }, (_, index) => (index % 2 === 0 ? level : -level));
}

function signal(...parts: number[][]): Int16Array {
  return Int16Array.from(parts.flat());
}

function whole(samples: Int16Array): Endpoint {
  return createEndpointer().listen(samples);
}

const SPEECH = 3000;
const ROOM = 80;

describe("createEndpointer", () => {
  it("hears neither speech nor an end in silence or a quiet room", () => {
    expect(whole(signal(frames(300, 0)))).toEqual({ speaking: false, finished: false });
    expect(whole(signal(frames(300, ROOM)))).toEqual({ speaking: false, finished: false });
  });

  it("takes a run of 8 loud frames for speech, and not 7 (a click or a bump)", () => {
    expect(whole(signal(frames(10, 0), frames(7, SPEECH), frames(200, 0)))).toEqual({
      speaking: false,
      finished: false,
    });
    expect(whole(signal(frames(10, 0), frames(8, SPEECH)))).toEqual({ speaking: true, finished: false });
  });

  it("needs the loud frames in a row: bumps with quiet between them are not speech", () => {
    const bumps = Array.from({ length: 20 }, () => [...frames(5, SPEECH), ...frames(1, 0)]).flat();
    expect(whole(Int16Array.from(bumps))).toEqual({ speaking: false, finished: false });
  });

  it("counts a frame loud only above an RMS of 500", () => {
    expect(whole(signal(frames(50, 500)))).toEqual({ speaking: false, finished: false });
    expect(whole(signal(frames(50, 520)))).toEqual({ speaking: true, finished: false });
  });

  it("finishes after a second of quiet (100 frames) following speech, not 99", () => {
    const speech = [frames(20, 0), frames(30, SPEECH)];
    expect(whole(signal(...speech, frames(99, ROOM)))).toEqual({ speaking: true, finished: false });
    expect(whole(signal(...speech, frames(100, ROOM)))).toEqual({ speaking: false, finished: true });
  });

  it("keeps listening through a pause shorter than a second", () => {
    const pausing = signal(frames(30, SPEECH), frames(80, 0), frames(10, SPEECH), frames(80, 0));
    expect(whole(pausing)).toEqual({ speaking: true, finished: false });
  });

  it("stays finished once finished, whatever comes after", () => {
    const endpointer = createEndpointer();
    expect(endpointer.listen(signal(frames(30, SPEECH), frames(100, 0)))).toEqual({
      speaking: false,
      finished: true,
    });
    expect(endpointer.listen(signal(frames(50, SPEECH)))).toEqual({ speaking: false, finished: true });
  });

  it("gives nothing for no samples", () => {
    expect(createEndpointer().listen(new Int16Array(0))).toEqual({ speaking: false, finished: false });
  });

  // Loud runs that start and end mid-frame when cut into other pieces than 160 samples.
  const utterance = signal(
    frames(40, 0),
    frames(7, SPEECH),
    frames(3, 0),
    frames(25, SPEECH),
    frames(60, ROOM),
    frames(12, SPEECH),
    frames(99, 0),
    frames(1, SPEECH),
    frames(110, 0),
  );

  function inPieces(samples: Int16Array, sizes: readonly number[]) {
    const endpointer = createEndpointer();
    const answers: { end: number; endpoint: Endpoint }[] = [];
    for (let offset = 0, turn = 0; offset < samples.length; turn++) {
      const size = sizes[turn % sizes.length] as number;
      const end = Math.min(samples.length, offset + size);
      answers.push({ end, endpoint: endpointer.listen(samples.subarray(offset, end)) });
      offset = end;
    }
    return answers;
  }

  it.each([[[160]], [[320]], [[100]], [[159]], [[161]], [[37, 500, 3, 1000]], [[4800]], [[7, 153, 160, 1]]])(
    "answers in pieces of %j as it would for the same audio whole",
    (sizes) => {
      const answers = inPieces(utterance, sizes);
      expect(answers.at(-1)?.endpoint).toEqual(whole(utterance));
      expect(answers.at(-1)?.endpoint).toEqual({ speaking: false, finished: true });
      for (const { end, endpoint } of answers) expect(endpoint).toEqual(whole(utterance.subarray(0, end)));
    },
  );

  it("answers one sample at a time as it would for the audio whole", () => {
    const answers = inPieces(utterance, [1]);
    expect(answers.at(-1)?.endpoint).toEqual({ speaking: false, finished: true });
    // Every 97th sample, and each one around where speech starts (frame 58) and ends (frame 347).
    const checked = answers.filter(
      ({ end }) => end % 97 === 0 || Math.abs(end - 58 * FRAME) < 200 || Math.abs(end - 347 * FRAME) < 200,
    );
    expect(checked.filter(({ endpoint }) => endpoint.speaking).length).toBeGreaterThan(0);
    for (const { end, endpoint } of checked) {
      expect(endpoint).toEqual(whole(utterance.subarray(0, end)));
    }
  });
});
