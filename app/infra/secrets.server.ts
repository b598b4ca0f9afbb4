import { randomBytes } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Environment } from "./env.server";

export interface AppSecrets {
  /** Key for HMAC signatures (cookies, sandbox payments). */
  signingKey: Buffer;
  /** AES-256 key for personal data at rest. */
  encryptionKey: Buffer;
}

/**
 * Secrets from settings, or generated once into `<DATA_DIR>/secrets/` (mode 0600) and reused on
 * every start. Several processes on one machine agree because creation is exclusive and whole: the
 * key is written to a file of this process's own, then linked into place (which fails when another
 * process got there first), so nobody reads a file that is still being written (the workers of
 * server/cluster.ts start together). Processes on different machines must be given the same values
 * in settings.
 */
export function resolveSecrets(env: Environment): { secrets: AppSecrets; generated: string[] } {
  const generated: string[] = [];
  const folder = path.join(env.dataDirectory, "secrets");
  const fromFile = (name: string): Buffer => {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const file = path.join(folder, name);
    if (existsSync(file)) return Buffer.from(readFileSync(file, "utf8").trim(), "base64");
    const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    writeFileSync(draft, randomBytes(32).toString("base64"), { flag: "wx", mode: 0o600 });
    try {
      linkSync(draft, file);
      generated.push(name);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      rmSync(draft, { force: true });
    }
    return Buffer.from(readFileSync(file, "utf8").trim(), "base64");
  };
  const signingKey = env.SESSION_SECRET
    ? Buffer.from(env.SESSION_SECRET, "utf8")
    : fromFile("session-secret");
  const encryptionKey = env.ENCRYPTION_KEY ? parseKey(env.ENCRYPTION_KEY) : fromFile("encryption-key");
  return { secrets: { signingKey, encryptionKey }, generated };
}

function parseKey(value: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, "hex") : Buffer.from(value, "base64");
  if (key.length !== 32)
    throw new Error("ENCRYPTION_KEY must be 32 bytes, written as base64 or 64 hex digits.");
  return key;
}
