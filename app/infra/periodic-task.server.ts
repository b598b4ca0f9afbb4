import type { Logger } from "./logger.server";

export interface PeriodicTask {
  /** Stops the timer and waits for a run in progress to finish. */
  stop(): Promise<void>;
}

/**
 * Runs `task` every `intervalMs` until stopped, one run at a time in this process: a tick that
 * comes while a run is still going is skipped, so a slow run is neither overtaken nor followed by
 * a pile of queued ones. A failed run is logged and the next tick runs again. The timer does not
 * keep the process alive.
 */
export function startPeriodicTask(
  name: string,
  task: () => Promise<void>,
  options: { intervalMs: number; logger: Logger },
): PeriodicTask {
  let stopped = false;
  let running: Promise<void> | undefined;
  const run = async () => {
    try {
      await task();
    } catch (error) {
      options.logger.error({ msg: `${name} error`, err: error });
    } finally {
      running = undefined;
    }
  };
  const timer = setInterval(() => {
    if (!stopped && !running) running = run();
  }, options.intervalMs);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
