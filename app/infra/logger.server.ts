import cluster from "node:cluster";
import pino from "pino";
import pretty from "pino-pretty";

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
    return destination ? pino(settings, destination) : pino(settings);
  }
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
