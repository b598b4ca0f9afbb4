import cluster from "node:cluster";
import { createRequire } from "node:module";
import pino from "pino";
import type PinoPretty from "pino-pretty";

export type Logger = pino.Logger;

export interface LoggerOptions {
  /** Human-readable lines instead of JSON; by default when stdout is a terminal. */
  pretty?: boolean;
  /** Where lines go; stdout by default. */
  destination?: pino.DestinationStream;
}

/**
 * JSON lines on stdout, for log collectors; one readable line per entry when a person watches a
 * terminal. Header values that carry credentials are never written.
 */
export function createLogger(level: string, options: LoggerOptions = {}): Logger {
  const settings: pino.LoggerOptions = {
    level,
    // Several server processes write to one stream (server/cluster.ts): each line says which.
    base: cluster.isWorker ? { worker: cluster.worker?.id } : undefined,
    redact: {
      paths: ["headers.authorization", "headers.cookie", "headers.token", "password", "token"],
      censor: "[redacted]",
    },
  };
  const { destination } = options;
  if (!(options.pretty ?? process.stdout.isTTY === true)) {
    return pino(settings, destination ?? batchedStdout());
  }
  // Loaded only for a person at a terminal: a server writing JSON lines starts without it.
  const pretty = createRequire(import.meta.url)("pino-pretty") as typeof PinoPretty;
  return pino(
    settings,
    pretty({
      destination: destination ?? 1,
      colorize: !destination && pretty.isColorSupported,
      translateTime: "SYS:HH:MM:ss.l",
      singleLine: true,
      sync: true,
    }),
  );
}

/** Lines are held until this much is waiting (below the stream's 16 KB write size), or the next flush. */
const BATCH_BYTES = 8 * 1024;
const FLUSH_EVERY_MS = 200;

/**
 * Standard output written in batches, off the event loop: one write per request line cost the
 * server most of its time under load. A line waits at most FLUSH_EVERY_MS; what is held is
 * written when the process exits.
 */
function batchedStdout(): pino.DestinationStream {
  return pino.destination({ dest: 1, sync: false, minLength: BATCH_BYTES, periodicFlush: FLUSH_EVERY_MS });
}
