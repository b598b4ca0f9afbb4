import { readFileSync } from "node:fs";

/** The server's idea of "now"; every rule about time asks it. */
export type Clock = () => Date;

const systemClock: Clock = () => new Date();

/**
 * A clock for end-to-end tests, which need appointments that "have started" without waiting: the
 * file holds an offset in milliseconds, read again on every call so a test can move time forward.
 * Only used when TEST_CLOCK_FILE is set (the server warns loudly at start).
 */
function fileOffsetClock(file: string): Clock {
  return () => {
    let offset = 0;
    try {
      offset = Number(readFileSync(file, "utf8").trim()) || 0;
    } catch {
      // No file yet: real time.
    }
    return new Date(Date.now() + offset);
  };
}

export function clockFrom(env: { TEST_CLOCK_FILE?: string }): Clock {
  return env.TEST_CLOCK_FILE ? fileOffsetClock(env.TEST_CLOCK_FILE) : systemClock;
}
