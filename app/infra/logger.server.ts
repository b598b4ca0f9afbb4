import pino from "pino";

export type Logger = pino.Logger;

/** JSON lines on stdout; header values that carry credentials are never written. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: ["headers.authorization", "headers.cookie", "headers.token", "password", "token"],
      censor: "[redacted]",
    },
  });
}
