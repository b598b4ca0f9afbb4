import type { ChildProcess } from "node:child_process";
import { mkdir, rm } from "node:fs/promises";
import { request } from "node:http";
import path from "node:path";
import { createInterface } from "node:readline";
import pg from "pg";
import { sampleInquiry } from "../../tests/setup/factories";
import { createServerDatabase } from "../../tests/setup/test-database";
import { integer, table } from "../lib/format";
import { residentMegabytes } from "../lib/process-usage";
import type { BenchSection } from "../lib/section";
import { benchSecrets, buildDirectory, freePort, spawnGroup, stopGroup } from "../lib/server";

/** Inquiries written before each kill: WAL and outbox rows for the restart to get through. */
const WRITES = Number(process.env.BENCH_RESTART_WRITES ?? 2000);
const WRITERS = 8;
const RESTARTS = 3;
const DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/postgres";

interface StartTimings {
  /** From spawn to the first 200 from /readyz, and from GET /, as a client sees it. */
  readyMs: number;
  homeMs: number;
  /** The server's resident memory once it has answered GET /. */
  residentMb: number;
  /** What the server logged: its whole start-up, and the phases of opening the database. */
  startupMs?: number;
  phases?: { openDatabase: number; migrations: number; seedingAndAdmin: number };
}

interface Server {
  child: ChildProcess;
  timings: StartTimings;
}

/** The compiled server as `npm run serve` runs it (with --expose-gc): one node process, nothing in between. */
async function start(port: number, dataDirectory: string, databaseUrl?: string): Promise<Server> {
  const started = performance.now();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...benchSecrets,
    NODE_ENV: "production",
    // A restart as measured here is the stop and start themselves, without the balancer's drain.
    SHUTDOWN_DRAIN_MS: "0",
    PORT: String(port),
    HOST: "127.0.0.1",
    BUILD_DIR: buildDirectory,
    DATA_DIR: dataDirectory,
    LOG_LEVEL: "info",
    RATE_LIMIT_FORMS_PER_MINUTE: "1000000",
    // One process on both databases, so the figures compare (on PostgreSQL `npm run serve` would fork a worker per core).
    WORKERS: "1",
    DATABASE_URL: databaseUrl,
  };
  // Unset means the embedded database (an empty value is not a valid address).
  if (!databaseUrl) delete env.DATABASE_URL;
  const child = spawnGroup(
    process.execPath,
    ["--expose-gc", path.resolve(buildDirectory, "server/main.js")],
    env,
  );
  const timings: Partial<StartTimings> = {};
  createInterface({ input: child.stdout! }).on("line", (line) => {
    if (!line.startsWith("{")) return;
    const entry = JSON.parse(line) as {
      msg?: string;
      startupMs?: number;
      timingsMs?: StartTimings["phases"];
    };
    if (entry.msg === "listening") timings.startupMs = entry.startupMs;
    if (entry.msg === "database ready") timings.phases = entry.timingsMs;
  });
  timings.readyMs = (await firstOk(port, "/readyz", child)) - started;
  timings.homeMs = (await firstOk(port, "/", child)) - started;
  timings.residentMb = await residentMegabytes(child.pid!);
  return { child, timings: timings as StartTimings };
}

/** Polls until `path` answers 200; resolves with the time it did. */
async function firstOk(port: number, urlPath: string, child: ChildProcess): Promise<number> {
  const deadline = performance.now() + 120_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    const ok = await new Promise<boolean>((resolve) => {
      const probe = request({ host: "127.0.0.1", port, path: urlPath, agent: false }, (response) => {
        response.resume();
        resolve(response.statusCode === 200);
      });
      probe.on("error", () => resolve(false));
      probe.end();
    });
    if (ok) return performance.now();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${urlPath} did not answer 200 within 120 s`);
}

async function writeInquiries(port: number, count: number): Promise<void> {
  let next = 0;
  const writer = async () => {
    while (next < count) {
      next += 1;
      await fetch(`http://127.0.0.1:${port}/api/contact`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(sampleInquiry(`restart-${next}@example.com`)),
      }).then((response) => response.arrayBuffer());
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, writer));
}

function killHard(child: ChildProcess): Promise<void> {
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  process.kill(-child.pid!, "SIGKILL");
  return exited;
}

/** First start on an empty database, then RESTARTS times: write, kill -9, start again. */
async function measure(label: string, databaseUrl?: string): Promise<string[][]> {
  const dataDirectory = path.resolve(".tmp", `bench-restart-${process.pid}-${Date.now()}`);
  await mkdir(dataDirectory, { recursive: true });
  const port = await freePort();
  const rows: string[][] = [];
  const row = (run: string, timings: StartTimings) => [
    `${label}: ${run}`,
    integer(timings.readyMs),
    integer(timings.homeMs),
    timings.startupMs === undefined ? "?" : integer(timings.startupMs),
    timings.phases ? integer(timings.phases.openDatabase) : "?",
    timings.phases ? integer(timings.phases.migrations) : "?",
    timings.phases ? integer(timings.phases.seedingAndAdmin) : "?",
    integer(timings.residentMb),
  ];
  let server = await start(port, dataDirectory, databaseUrl);
  try {
    rows.push(row("first start, empty database", server.timings));
    for (let restart = 1; restart <= RESTARTS; restart += 1) {
      await writeInquiries(port, WRITES);
      await killHard(server.child);
      server = await start(port, dataDirectory, databaseUrl);
      rows.push(row(`restart ${restart} after ${integer(WRITES)} writes and kill -9`, server.timings));
    }
  } finally {
    await stopGroup(server.child, 5_000);
    await rm(dataDirectory, { recursive: true, force: true });
  }
  return rows;
}

/** A fresh database on the PostgreSQL server, or undefined when none answers. */
async function scratchPostgresDatabase(serverUrl: string) {
  const probe = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 });
  try {
    await probe.connect();
  } catch {
    return undefined;
  } finally {
    await probe.end().catch(() => undefined);
  }
  return createServerDatabase(serverUrl);
}

export const restartSection: BenchSection = {
  name: "restart",
  title: `Restart after kill -9 (compiled server, ${integer(WRITES)} inquiries written before each kill; ms from spawn)`,
  async run() {
    const rows = await measure("embedded (PGlite)");
    const postgresUrl = process.env.DATABASE_URL || DEFAULT_POSTGRES_URL;
    const postgres = await scratchPostgresDatabase(postgresUrl);
    if (postgres) {
      try {
        rows.push(...(await measure("PostgreSQL", postgres.url)));
      } finally {
        await postgres.drop();
      }
    }
    console.log(
      table(
        [
          "database and run",
          "to /readyz",
          "to GET /",
          "server's start-up",
          "open database",
          "migrations",
          "seeding",
          "RSS after GET /, MB",
        ],
        rows,
      ),
    );
    if (!postgres) {
      console.log(`\nPostgreSQL: not measured (nothing answered at ${postgresUrl}; set DATABASE_URL).`);
    }
    console.log(
      "\n`to /readyz` is the restart time: spawn to the first 200 from /readyz. The server's own figures come from its log." +
        "\nA first start on the embedded database creates its folder with PGlite's initdb, whose memory the server frees" +
        "\nonce the folder exists (app/infra/db.server.ts, releaseInitdbMemory).",
    );
  },
};
