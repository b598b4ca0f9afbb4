import type { ScryptOptions } from "node:crypto";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import pLimit from "p-limit";

/**
 * Each hashing thread's code (CommonJS, evaluated): on Linux it lowers its own priority first (the
 * nice value is per thread there; elsewhere it would lower the whole server's), then hashes what it
 * is sent, one at a time.
 */
const HASHING_THREAD_SOURCE = `
const { parentPort } = require("node:worker_threads");
const { scryptSync } = require("node:crypto");
const { setPriority } = require("node:os");
if (process.platform === "linux") {
  try { setPriority(19); } catch {}
}
parentPort.on("message", ({ password, salt, keyLength, options }) => {
  try {
    parentPort.postMessage({ key: scryptSync(password, salt, keyLength, options) });
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
`;

/**
 * Hashes under way at once: one core is left to the thread that serves every other request. Node's
 * thread pool would run four, and on two cores a handful of logins took both from the pages and the
 * API while they hashed (decision 5); the logins wait for each other instead.
 */
const lanes = pLimit(Math.max(1, availableParallelism() - 1));
const idleThreads: Worker[] = [];

function hashingThread(): Worker {
  const thread = idleThreads.pop() ?? new Worker(HASHING_THREAD_SOURCE, { eval: true });
  // Held while it works, so a script that awaits a hash is not ended under it; idle, it holds nothing.
  thread.ref();
  return thread;
}

/** How many hashes may run at once, and how many run now. */
export function backgroundScryptLanes(): { lanes: number; underWay: number } {
  return { lanes: lanes.concurrency, underWay: lanes.activeCount };
}

/**
 * scrypt on a thread of its own at the lowest priority: under load the pages and the API get the
 * cores first and a login waits a little longer, instead of every request waiting for the logins
 * (docs/decisions/0005).
 */
export function backgroundScrypt(
  password: string,
  salt: Buffer,
  keyLength: number,
  options: ScryptOptions,
): Promise<Buffer> {
  return lanes(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        const thread = hashingThread();
        const settle = (outcome: () => void, threadStillWorks: boolean) => {
          thread.off("message", onMessage);
          thread.off("error", onFailure);
          thread.off("exit", onFailure);
          thread.unref();
          if (threadStillWorks) idleThreads.push(thread);
          outcome();
        };
        const onMessage = (answer: { key?: Uint8Array; error?: string }) =>
          settle(
            () => (answer.key ? resolve(Buffer.from(answer.key)) : reject(new Error(answer.error))),
            true,
          );
        const onFailure = (error: unknown) =>
          settle(
            () => reject(error instanceof Error ? error : new Error("the hashing thread stopped")),
            false,
          );
        thread.on("message", onMessage);
        thread.on("error", onFailure);
        thread.on("exit", onFailure);
        thread.postMessage({ password, salt, keyLength, options });
      }),
  );
}
