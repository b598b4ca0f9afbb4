// The production server on PostgreSQL uses every core: this primary process forks workers, each of
// which runs server/main.ts's single-process server on the one shared port (node:cluster hands the
// connections out). The primary serves nothing and never opens the database; it keeps the workers
// running and stops them together.
import cluster, { type Worker } from "node:cluster";
import { availableParallelism } from "node:os";
import type { Environment } from "~/infra/env.server";
import type { Logger } from "~/infra/logger.server";
import { answerWorkersMetricsRequests } from "./cluster-metrics";

/** Messages on the cluster's channel: a worker says it can shut down; the primary tells it to. */
export const READY_FOR_SHUTDOWN = "va-hub:ready-for-shutdown";
const SHUT_DOWN = "va-hub:shut-down";
export type ShutDownMessage = { type: typeof SHUT_DOWN; signal: string };

export function isShutDownMessage(message: unknown): message is ShutDownMessage {
  return (message as { type?: unknown } | null)?.type === SHUT_DOWN;
}

export interface ProcessPlan {
  /** Server processes; 1 means this process serves on its own. */
  workers: number;
  /** Said once at start when more processes were asked for than can run. */
  note?: string;
}

/**
 * One worker per core (or WORKERS) for the production server on PostgreSQL. The embedded database
 * lives in one process's memory over its folder, so it stays a single process; so does development,
 * which serves through Vite's middleware.
 */
export function planProcesses(
  env: Pick<Environment, "WORKERS" | "DATABASE_URL" | "isProduction">,
  cores = availableParallelism(),
): ProcessPlan {
  const wanted = env.WORKERS ?? cores;
  if (!env.isProduction) return { workers: 1 };
  if (!env.DATABASE_URL) {
    return wanted > 1
      ? { workers: 1, note: "embedded database: one process; set DATABASE_URL to use every core" }
      : { workers: 1 };
  }
  return { workers: wanted };
}

/** The first restart of a slot waits this long; each further one in a row twice as long, up to the cap. */
const FIRST_RESTART_DELAY_MS = 500;
const MAX_RESTART_DELAY_MS = 30_000;
/** A worker that ran this long was not crash-looping: its slot's back-off starts over. */
const STABLE_AFTER_MS = 60_000;
/** Workers in a row dying before they listen (once the cluster has started) before the primary gives up. */
const MAX_FAILED_STARTS_IN_ROW = 5;
/** Past SHUTDOWN_TIMEOUT_MS, how long workers get to close their database before they are killed. */
const CLOSE_GRACE_MS = 5000;

interface Slot {
  worker?: Worker;
  startedAt: number;
  listening: boolean;
  readyForShutdown: boolean;
  crashesInRow: number;
  restartTimer?: NodeJS.Timeout;
}

export interface PrimaryOptions {
  workers: number;
  logger: Logger;
  shutdownTimeoutMs: number;
  /** For the start-up log line. */
  url: string;
}

/**
 * Forks the workers and looks after them until a signal:
 * - a worker that dies is replaced after a back-off (0.5 s, doubling to 30 s while it keeps dying);
 * - a worker that dies before it listens, on the first start or five times in a row later (bad
 *   settings, database unreachable), stops everything with exit code 1, as a single process would;
 * - SIGTERM/SIGINT is passed to each worker as a message (not a second signal: a terminal's Ctrl-C
 *   or systemd already signal the whole group, and a worker takes a second signal as "stop at
 *   once"); each shuts down gracefully and the primary exits 0 once all have exited 0.
 */
export function runPrimary(options: PrimaryOptions): void {
  const { logger, workers } = options;
  const slots: Slot[] = Array.from({ length: workers }, () => ({
    startedAt: 0,
    listening: false,
    readyForShutdown: false,
    crashesInRow: 0,
  }));
  const slotOf = new Map<Worker, Slot>();
  let started = false;
  let failedStartsInRow = 0;
  /** Set once the workers are being stopped; `signal` is passed on to them, for their log. */
  let stopping: { exitCode: number; signal: string } | undefined;
  let signals = 0;
  answerWorkersMetricsRequests();

  const tellToShutDown = (worker: Worker, slot: Slot) => {
    if (slot.readyForShutdown && stopping) {
      worker.send({ type: SHUT_DOWN, signal: stopping.signal } satisfies ShutDownMessage);
    }
  };

  const fork = (slot: Slot) => {
    const worker = cluster.fork();
    Object.assign(slot, { worker, startedAt: Date.now(), listening: false, readyForShutdown: false });
    slotOf.set(worker, slot);
    worker.on("message", (message: { type?: unknown } | null) => {
      if (message?.type !== READY_FOR_SHUTDOWN) return;
      slot.readyForShutdown = true;
      // A worker still loading when the shutdown began hears of it now.
      if (stopping) tellToShutDown(worker, slot);
    });
  };

  const finish = () => {
    logger.info({ msg: "all workers stopped", exitCode: stopping?.exitCode ?? 0 });
    process.exit(stopping?.exitCode ?? 0);
  };

  const stopAll = (exitCode: number, signal: string) => {
    if (stopping) {
      stopping.exitCode = Math.max(stopping.exitCode, exitCode);
      return;
    }
    stopping = { exitCode, signal };
    for (const slot of slots) clearTimeout(slot.restartTimer);
    if (slotOf.size === 0) return finish();
    for (const [worker, slot] of slotOf) tellToShutDown(worker, slot);
    setTimeout(() => {
      logger.warn({
        msg: "workers still running after the shutdown time: killing them",
        workers: slotOf.size,
      });
      if (stopping) stopping.exitCode = 1;
      for (const worker of slotOf.keys()) worker.process.kill("SIGKILL");
    }, options.shutdownTimeoutMs + CLOSE_GRACE_MS).unref();
  };

  cluster.on("listening", (worker) => {
    const slot = slotOf.get(worker);
    if (!slot) return;
    slot.listening = true;
    failedStartsInRow = 0;
    if (!started && slots.every((each) => each.listening)) {
      started = true;
      logger.info({
        msg: "all workers listening",
        workers,
        url: options.url,
        startupMs: Math.round(performance.now()),
      });
    }
  });

  cluster.on("exit", (worker, code, signal) => {
    const slot = slotOf.get(worker);
    if (!slot) return;
    slotOf.delete(worker);
    slot.worker = undefined;
    if (stopping) {
      if (code !== 0) stopping.exitCode = 1;
      if (slotOf.size === 0) finish();
      return;
    }
    const failedStart = !slot.listening;
    if (failedStart) failedStartsInRow += 1;
    if (failedStart && (!started || failedStartsInRow >= MAX_FAILED_STARTS_IN_ROW)) {
      logger.error({
        msg: started
          ? "workers keep failing to start: stopping the server"
          : "a worker failed to start: stopping the server",
        worker: worker.id,
        code,
        signal,
      });
      stopAll(1, "start-up failure");
      return;
    }
    slot.crashesInRow = Date.now() - slot.startedAt >= STABLE_AFTER_MS ? 1 : slot.crashesInRow + 1;
    const delay = Math.min(MAX_RESTART_DELAY_MS, FIRST_RESTART_DELAY_MS * 2 ** (slot.crashesInRow - 1));
    logger.warn({
      msg: "a worker stopped unexpectedly: starting another",
      worker: worker.id,
      code,
      signal,
      restartInMs: delay,
    });
    slot.restartTimer = setTimeout(() => {
      slot.restartTimer = undefined;
      fork(slot);
    }, delay);
  });

  const onSignal = (signal: NodeJS.Signals) => {
    signals += 1;
    if (signals > 1) {
      logger.warn({ msg: "second signal: stopping at once", signal });
      for (const worker of slotOf.keys()) worker.process.kill("SIGKILL");
      process.exit(1);
    }
    logger.info({ msg: "shutting down", signal, workers: slotOf.size });
    stopAll(0, signal);
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);

  logger.info({ msg: "starting workers", workers });
  for (const slot of slots) fork(slot);
}
