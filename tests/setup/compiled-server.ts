/**
 * The production server as `npm run build` compiles it (server/main.ts → <build>/server/main.js), with
 * tests/setup/shutdown-test-app.ts bundled beside it in place of the React Router build: the real
 * runtime and HTTP app without the minute it takes to build the pages. Started as child processes on
 * free loopback ports, so a test can signal them as an operator would.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { promisify } from "node:util";
import { afterAll, beforeAll } from "vitest";
import { freePort } from "./free-port";

export { freePort };

import { createServerDatabase } from "./test-database";

const run = promisify(execFile);

export async function buildCompiledServer(buildDirectory: string): Promise<void> {
  await run("npm", ["run", "--silent", "build:server"], {
    env: { ...process.env, BUILD_DIR: buildDirectory },
  });
  await run(path.resolve("node_modules/.bin/esbuild"), [
    "tests/setup/shutdown-test-app.ts",
    "--bundle",
    "--platform=node",
    "--format=esm",
    "--packages=external",
    "--log-level=warning",
    `--outfile=${path.join(buildDirectory, "server/index.js")}`,
  ]);
}

/**
 * For a test file that starts the compiled server: builds it into a folder of its own before the
 * file's tests and, when DATABASE_URL is set, gives it a PostgreSQL database of its own (dropped
 * after); without DATABASE_URL the server runs on the embedded database in `dataDirectory`.
 */
export function prepareCompiledServer(name: string) {
  const buildDirectory = path.resolve(".tmp", `${name}-${process.pid}-${Date.now()}`);
  let serverDatabase: { url: string; drop(): Promise<void> } | undefined;
  beforeAll(async () => {
    mkdirSync(buildDirectory, { recursive: true });
    await buildCompiledServer(buildDirectory);
    if (process.env.DATABASE_URL) serverDatabase = await createServerDatabase(process.env.DATABASE_URL);
  }, 120_000);
  afterAll(async () => {
    await serverDatabase?.drop();
    rmSync(buildDirectory, { recursive: true, force: true });
  });
  return {
    buildDirectory,
    /** DATA_DIR, and DATABASE_URL when the tests run on PostgreSQL. */
    databaseSettings: (dataFolder = "data"): Record<string, string> => ({
      DATA_DIR: path.join(buildDirectory, dataFolder),
      ...(serverDatabase ? { DATABASE_URL: serverDatabase.url } : {}),
    }),
  };
}

/** Fixed test keys for the servers these tests start (never used outside tests). */
export const TEST_SESSION_SECRET = "test-session-secret-0123456789abcdef";
export const TEST_ENCRYPTION_KEY = Buffer.alloc(32, 9).toString("base64");

export interface RunningServer {
  child: ChildProcess;
  port: number;
  /** Every line the server wrote, stdout and stderr, as they came. */
  lines: string[];
  exited: Promise<number | null>;
}

/** Starts the compiled server in production mode; `settings` add to (and override) this process's environment. */
export async function spawnCompiledServer(
  buildDirectory: string,
  settings: Record<string, string>,
): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(buildDirectory, "server/main.js")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR: buildDirectory,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      // The drain before a SIGTERM shutdown has its own test; the others stop at once.
      SHUTDOWN_DRAIN_MS: "0",
      // `npm run serve` on a shared database refuses to start without them.
      SESSION_SECRET: process.env.SESSION_SECRET ?? TEST_SESSION_SECRET,
      ENCRYPTION_KEY: process.env.ENCRYPTION_KEY ?? TEST_ENCRYPTION_KEY,
      ...settings,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  createInterface({ input: child.stdout! }).on("line", (line) => lines.push(line));
  createInterface({ input: child.stderr! }).on("line", (line) => lines.push(line));
  // "close", not "exit": only then has everything the process wrote been read into `lines`.
  const exited = once(child, "close").then(([code]) => code as number | null);
  return { child, port, lines, exited };
}

/** Waits until /readyz answers 200; throws (with what the server wrote) if it exits or takes too long. */
export async function untilReady(server: RunningServer, timeoutMs = 90_000): Promise<RunningServer> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server.child.exitCode !== null)
      throw new Error(`the server exited early:\n${server.lines.join("\n")}`);
    if (Date.now() > deadline) throw new Error(`the server did not get ready:\n${server.lines.join("\n")}`);
    const ready = await fetch(`http://127.0.0.1:${server.port}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return server;
    await pause(200);
  }
}

export function startCompiledServer(
  buildDirectory: string,
  settings: Record<string, string>,
): Promise<RunningServer> {
  return spawnCompiledServer(buildDirectory, settings).then((server) => untilReady(server));
}

/**
 * Waits until the server has written a line containing `text`: a log line can reach the pipe after
 * the listener it reports already answers, so a test that checks the lines at once can miss it.
 */
export async function untilLine(server: RunningServer, text: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!server.lines.some((line) => line.includes(text))) {
    if (Date.now() > deadline)
      throw new Error(`the server never wrote "${text}":\n${server.lines.join("\n")}`);
    await pause(10);
  }
}

export function pause(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
