import { describe, expect, it } from "vitest";
import {
  clockText,
  LISTEN_EVERY_MS,
  PROGRESS_EVERY_MS,
  playerActionForKey,
  progressText,
  SEEK_STEP_MS,
  seekTarget,
  steppedVolume,
  VOLUME_STEP,
} from "./answer-player-rules";

describe("the player's keys", () => {
  it("maps the seed's keys to their actions", () => {
    expect(playerActionForKey(" ")).toBe("toggle-play");
    expect(playerActionForKey("ArrowLeft")).toBe("seek-back");
    expect(playerActionForKey("ArrowRight")).toBe("seek-forward");
    expect(playerActionForKey("ArrowUp")).toBe("volume-up");
    expect(playerActionForKey("ArrowDown")).toBe("volume-down");
    expect(playerActionForKey("l")).toBe("toggle-loop");
    expect(playerActionForKey("L")).toBe("toggle-loop");
    expect(playerActionForKey("m")).toBe("toggle-mute");
    expect(playerActionForKey("M")).toBe("toggle-mute");
  });

  it("leaves every other key alone (Tab, Escape, letters, the object's own names)", () => {
    for (const key of ["Tab", "Escape", "Enter", "k", "toString", "constructor", ""]) {
      expect(playerActionForKey(key), key).toBeUndefined();
    }
  });

  it("steps and timings are the seed's", () => {
    expect(SEEK_STEP_MS).toBe(5000);
    expect(VOLUME_STEP).toBe(0.1);
    expect(PROGRESS_EVERY_MS).toBe(20);
    expect(LISTEN_EVERY_MS).toBe(1000);
  });
});

describe("the progress text", () => {
  it("reads --:-- until the duration is known", () => {
    expect(progressText(0, Number.NaN)).toBe("--:--");
    expect(progressText(3, Number.POSITIVE_INFINITY)).toBe("--:--");
    expect(progressText(0, 0)).toBe("--:--");
  });

  it("then m:ss / m:ss, never past the end", () => {
    expect(progressText(0, 3.4)).toBe("0:00 / 0:03");
    expect(progressText(65.9, 125)).toBe("1:05 / 2:05");
    expect(progressText(9, 3.4)).toBe("0:03 / 0:03");
  });

  it("writes a time as m:ss", () => {
    expect(clockText(0)).toBe("0:00");
    expect(clockText(9.99)).toBe("0:09");
    expect(clockText(600)).toBe("10:00");
    expect(clockText(-1)).toBe("--:--");
  });
});

describe("seeking and volume stay in bounds", () => {
  it("clamps a seek to 0..duration", () => {
    expect(seekTarget(2, -SEEK_STEP_MS, 10)).toBe(0);
    expect(seekTarget(2, SEEK_STEP_MS, 10)).toBe(7);
    expect(seekTarget(8, SEEK_STEP_MS, 10)).toBe(10);
    expect(seekTarget(8, -SEEK_STEP_MS, 10)).toBe(3);
  });

  it("only keeps a seek above 0 while the duration is unknown", () => {
    expect(seekTarget(1, SEEK_STEP_MS, Number.NaN)).toBe(6);
    expect(seekTarget(1, -SEEK_STEP_MS, Number.POSITIVE_INFINITY)).toBe(0);
  });

  it("clamps the volume to 0..1 in tenths", () => {
    expect(steppedVolume(1, VOLUME_STEP)).toBe(1);
    expect(steppedVolume(1, -VOLUME_STEP)).toBe(0.9);
    expect(steppedVolume(0.1, VOLUME_STEP * 2)).toBe(0.3);
    expect(steppedVolume(0.05, -VOLUME_STEP)).toBe(0);
    expect(steppedVolume(0, -VOLUME_STEP)).toBe(0);
  });
});
