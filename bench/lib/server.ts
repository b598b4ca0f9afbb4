import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { freePort } from "../../tests/setup/free-port";

export { freePort };

export interface RunningServer {
  /** Base URL, always on 127.0.0.1. */
  url: string;
  /** The server's process id (the primary's, when it runs workers), for reading its memory. */
  pid: number;
  stop(): Promise<void>;
}

/** The build the server runs: `build`, or the folder named by BUILD_DIR. */
export const buildDirectory = process.env.BUILD_DIR ?? "build";

/** Starts a command in its own process group, so stopping it also stops what it started. */
/** The keys every bench server shares (`npm run serve` on PostgreSQL refuses to start without them). */
export const benchSecrets = {
  SESSION_SECRET: process.env.SESSION_SECRET ?? "bench-session-secret-0123456789abcdef",
  ENCRYPTION_KEY: process.env.ENCRYPTION_KEY ?? Buffer.alloc(32, 5).toString("base64"),
};

export function spawnGroup(command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(command, args, { env, detached: true, stdio: ["ignore", "pipe", "inherit"] });
}

/** Ends a process group started by spawnGroup: SIGTERM, then SIGKILL after the grace period. */
export async function stopGroup(child: ChildProcess, graceMs = 12_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // Already gone.
    }
  };
  signalGroup("SIGTERM");
  const timer = setTimeout(() => signalGroup("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

async function waitUntilReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the server exited with code ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
}

/**
 * The production server as `npm run serve` starts it, on a free loopback port with a fresh embedded
 * database under .tmp/, quiet logs. Resolves once /readyz answers. A section that prepares its own
 * data passes the folder it filled (removed on stop like a fresh one) and any settings to add.
 */
export async function startProductionServer(
  options: { dataDirectory?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<RunningServer> {
  const entry = path.resolve(buildDirectory, "server/main.js");
  if (!existsSync(entry)) {
    throw new Error(
      `No production build at ${entry}: run "npm run build" (or BUILD_DIR=... npm run build) first.`,
    );
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDirectory = options.dataDirectory ?? path.resolve(".tmp", `bench-${process.pid}-${Date.now()}`);
  await mkdir(dataDirectory, { recursive: true });

  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/profile" profiles the server under load.
  const nodeArguments = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
  // As package.json's start and serve scripts run it (app/infra/db.server.ts, openPglite).
  const child = spawnGroup(process.execPath, ["--expose-gc", ...nodeArguments, entry], {
    ...process.env,
    ...benchSecrets,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: url,
    BUILD_DIR: buildDirectory,
    DATA_DIR: dataDirectory,
    LOG_LEVEL: process.env.BENCH_SERVER_LOG_LEVEL ?? "warn",
    // As package.json's start and serve scripts set it (decision 30).
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2",
    MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? "131072",
    // The load sections sign up and book from one address far faster than a person would.
    RATE_LIMIT_FORMS_PER_MINUTE: "1000000",
    RATE_LIMIT_FAILED_LOGINS: "1000000",
    RATE_LIMIT_BOOKINGS_PER_MINUTE: "1000000",
    // The soak and memory sections send bot messages at machine speed, from one address.
    RATE_LIMIT_BOT_PER_MINUTE: "1000000",
    RATE_LIMIT_BOT_SESSIONS_PER_HOUR: "1000000",
    // The load sections measure the features, not the cap on requests in flight (the overload
    // section starts a server of its own with the cap as configured).
    MAX_REQUESTS_IN_FLIGHT: "1000000",
    ...options.env,
  });
  child.stdout?.pipe(process.stderr);

  // Said at once: otherwise a server that went away (killed from outside, or crashed) shows only
  // as a run of connection errors.
  let stopping = false;
  child.once("exit", (code, signal) => {
    if (!stopping)
      console.error(`\nThe production server at ${url} exited (code ${code}, signal ${signal}).`);
  });
  const stop = async () => {
    stopping = true;
    await stopGroup(child);
    await rm(dataDirectory, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(`${url}/readyz`, child, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid!, stop };
}
