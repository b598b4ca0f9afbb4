import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { type BusyTime, CalendarDataError } from "./busy-times";

export interface BusyTimeRequest {
  texts: readonly string[];
  from: Date;
  to: Date;
  zone: string;
  /** Our own bookings written to the calendar are not busy times (calendar-event.ts, isOwnEventUid). */
  skipOwnEvents: boolean;
}

export type BusyTimeAnswer = { busy: BusyTime[] } | { unreadable: string } | { failed: string };

/**
 * A calendar's events are expanded off the main thread, within a time and memory bound: a repeat
 * rule ical.js cannot finish (e.g. BYMONTH=2;BYMONTHDAY=30 loops forever in ical.js 2.2) or a
 * feed of endless rules would otherwise stop every request of the process.
 */
const EXPANSION_TIME_LIMIT_MS = 10_000;
const EXPANSION_MEMORY_LIMIT_MB = 256;

const TOO_SLOW_MESSAGE =
  "The calendar has repeating events we could not work out in time (a repeat rule that never ends or never matches). Please check its repeating events.";

const TOO_LARGE_MESSAGE =
  "The calendar is too large to read on this server. Please connect a calendar with fewer events.";

/**
 * The thread's bundle in a build (build/server/busy-times-thread.js): this module is bundled both
 * into the server's entry (build/server/main.js) and into React Router's (build/server/assets/).
 */
const bundledThreadScripts = ["./busy-times-thread.js", "../busy-times-thread.js"].map(
  (relative) => new URL(relative, import.meta.url),
);

/**
 * The thread: the build's bundle, or in development and tests the source file, loaded through tsx
 * (which the thread registers first: a worker does not inherit loaders).
 */
function startThread(request: BusyTimeRequest): Worker {
  const options = {
    workerData: request,
    resourceLimits: { maxOldGenerationSizeMb: EXPANSION_MEMORY_LIMIT_MB },
  };
  const bundled = bundledThreadScripts.find((url) => existsSync(fileURLToPath(url)));
  if (bundled) return new Worker(bundled, options);
  const source = new URL("./busy-times-thread.ts", import.meta.url);
  if (!existsSync(fileURLToPath(source))) {
    throw new Error(
      "The build has no busy-times-thread.js beside the server (npm run build:server makes it).",
    );
  }
  const loader = `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(source.href)}); });`;
  return new Worker(loader, { ...options, eval: true });
}

/** busyTimesOf (busy-times.ts) in a worker thread; throws CalendarDataError when the calendar cannot be read in time. */
export function busyTimesInThread(
  request: BusyTimeRequest,
  timeLimitMs = EXPANSION_TIME_LIMIT_MS,
): Promise<BusyTime[]> {
  const thread = startThread(request);
  return new Promise<BusyTime[]>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new CalendarDataError(TOO_SLOW_MESSAGE));
      void thread.terminate();
    }, timeLimitMs);
    const settle = () => clearTimeout(timer);
    thread.once("message", (answer: BusyTimeAnswer) => {
      settle();
      if ("busy" in answer) resolve(answer.busy);
      else if ("unreadable" in answer) reject(new CalendarDataError(answer.unreadable));
      else reject(new Error(`Reading busy times failed: ${answer.failed}`));
    });
    thread.once("error", (error) => {
      settle();
      // Out of memory ends the thread with ERR_WORKER_OUT_OF_MEMORY: a calendar too large to read.
      const outOfMemory = (error as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY";
      reject(outOfMemory ? new CalendarDataError(TOO_LARGE_MESSAGE) : error);
    });
    thread.once("exit", (code) => {
      settle();
      reject(new Error(`The busy-time thread ended (code ${code}) without an answer`));
    });
  });
}
