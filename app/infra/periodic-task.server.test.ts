import { afterEach, beforeEach, expect, it, vi } from "vitest";
import type { Logger } from "./logger.server";
import { startPeriodicTask } from "./periodic-task.server";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function recordingLogger() {
  const errors: unknown[] = [];
  return { errors, logger: { error: (entry: unknown) => errors.push(entry) } as unknown as Logger };
}

it("runs one at a time, keeps going after a failed run, and stop waits for the run in progress", async () => {
  const { errors, logger } = recordingLogger();
  let started = 0;
  let finished = 0;
  let release: (() => void) | undefined;
  const task = startPeriodicTask(
    "test task",
    async () => {
      started += 1;
      if (started === 1) throw new Error("first run fails");
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      finished += 1;
    },
    { intervalMs: 100, logger },
  );

  await vi.advanceTimersByTimeAsync(100);
  expect(started).toBe(1);
  expect(errors).toEqual([expect.objectContaining({ msg: "test task error" })]);

  // The second run hangs: the ticks meanwhile neither overtake it nor queue behind it.
  await vi.advanceTimersByTimeAsync(300);
  expect(started).toBe(2);

  const stopping = task.stop();
  let stopped = false;
  void stopping.then(() => {
    stopped = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  expect(stopped).toBe(false);
  release?.();
  await stopping;
  expect(finished).toBe(1);
  await vi.advanceTimersByTimeAsync(1_000);
  expect(started).toBe(2);
});
