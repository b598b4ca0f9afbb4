/**
 * PostgreSQL restarting, crashing or freezing under write load. A private server
 * (tests/setup/private-postgres.ts) is stopped, started and frozen while clients send inquiries
 * through the real HTTP app over real sockets. The process must not crash (an unhandled "error"
 * event would end this test run), answers during the outage are quick 503s with Retry-After and a
 * sentence, /readyz says "not ready" within 2 s, the app recovers by itself, and every inquiry
 * acknowledged with 201 is in the database.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/infra/db.server";
import { sampleInquiry } from "../tests/setup/factories";
import { minimalServerBuild } from "../tests/setup/minimal-server-build";
import {
  findPostgresBinaries,
  type PrivatePostgres,
  startPrivatePostgres,
} from "../tests/setup/private-postgres";
import { createTestApp } from "../tests/setup/test-app";
import { createPageHandler } from "./page-handler";

const binaries = findPostgresBinaries();
if (!binaries) {
  console.warn(
    "database-outage tests skipped: no PostgreSQL binaries under /usr/lib/postgresql (apt-get install postgresql)",
  );
}

/** Short limits keep the test quick; the defaults differ only in size. */
const timeLimits = { connectMs: 1000, statementMs: 2000, pingMs: 1500 };
/** The slowest an answer may be while the server is away: the statement limit plus the client's grace, plus slack. */
const SLOWEST_OUTAGE_ANSWER_MS = 6000;
const WRITERS = 12;
/** Two rounds of the client's query limit (statement limit plus 2 s of grace), and some. */
const FREEZE_OUTLASTING_QUERY_LIMIT_MS = 2 * (timeLimits.statementMs + 2000) + 1000;

interface Outcome {
  status: number;
  ms: number;
  at: number;
  retryAfter: string | null;
  message?: string;
}

/** Clients sending inquiries as fast as they are answered, each with a fresh e-mail address. */
class WriteLoad {
  readonly outcomes: Outcome[] = [];
  readonly acknowledged: string[] = [];
  private running = true;
  private counter = 0;
  private readonly workers: Promise<void>[];

  constructor(private readonly baseUrl: string) {
    this.workers = Array.from({ length: WRITERS }, () => this.write());
  }

  private async write(): Promise<void> {
    while (this.running) {
      this.counter += 1;
      const email = `outage-${this.counter}@example.com`;
      const started = performance.now();
      let outcome: Outcome;
      try {
        const response = await fetch(`${this.baseUrl}/api/contact`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.9.0.${this.counter % 250}` },
          body: JSON.stringify(sampleInquiry(email)),
          signal: AbortSignal.timeout(20_000),
        });
        const body = (await response.json()) as { message?: string };
        outcome = {
          status: response.status,
          ms: performance.now() - started,
          at: Date.now(),
          retryAfter: response.headers.get("Retry-After"),
          message: body.message,
        };
        if (response.status === 201) this.acknowledged.push(email);
      } catch {
        outcome = { status: 0, ms: performance.now() - started, at: Date.now(), retryAfter: null };
      }
      this.outcomes.push(outcome);
      // While the server is away answers come fast; do not spin.
      if (outcome.status !== 201) await pause(50);
    }
  }

  since(time: number): Outcome[] {
    return this.outcomes.filter((outcome) => outcome.at >= time);
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.workers);
  }
}

function pause(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function timed(url: string) {
  const started = performance.now();
  const response = await fetch(url, { signal: AbortSignal.timeout(20_000) });
  return { response, ms: performance.now() - started, text: await response.text() };
}

async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  limitMs: number,
  what: string | (() => string),
) {
  const deadline = Date.now() + limitMs;
  while (!(await condition())) {
    if (Date.now() > deadline) {
      throw new Error(`${typeof what === "function" ? what() : what} did not happen within ${limitMs} ms`);
    }
    await pause(100);
  }
}

describe.skipIf(!binaries)("PostgreSQL going away under write load", () => {
  let cluster: PrivatePostgres;
  let database: DatabaseHandle;
  let server: Server;
  let baseUrl: string;
  let lostConnections = 0;
  const heard: string[] = [];
  let stopListening: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    cluster = await startPrivatePostgres(binaries!);
    database = await openDatabase({
      databaseUrl: cluster.url,
      timeLimits,
      onConnectionLost: () => {
        lostConnections += 1;
      },
    });
    stopListening = await database.listen("outage_test", {
      onNotice: (payload) => heard.push(`notice:${payload}`),
      onListening: () => heard.push("listening"),
      onGap: () => heard.push("gap"),
    });
    const { app } = createTestApp(database, {
      settings: { RATE_LIMIT_FORMS_PER_MINUTE: "1000000" },
      // A page whose loader reads the database, through the same handler the real pages use.
      handlePage: createPageHandler(
        minimalServerBuild(({ context }) => context.db.execute(sql`select 1`)),
        "production",
      ),
    });
    server = createServer(getRequestListener(app.fetch));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 120_000);

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await cluster?.remove();
  });

  /** While the server is away: quick 503s with Retry-After and a sentence; /readyz and pages say so too. */
  async function expectOutageAnswers(load: WriteLoad, since: number) {
    const ready = await timed(`${baseUrl}/readyz`);
    expect(ready.response.status).toBe(503);
    expect(ready.ms).toBeLessThan(2000);

    const page = await timed(`${baseUrl}/?check=${Date.now()}`);
    expect(page.response.status).toBe(503);
    expect(page.response.headers.get("Retry-After")).toBe("5");
    expect(page.text).toContain("We cannot reach our database right now.");

    await waitUntil(() => load.since(since).length >= WRITERS, 15_000, "answers during the outage");
    const answers = load.since(since);
    for (const answer of answers.filter((outcome) => outcome.status !== 201)) {
      expect(answer).toMatchObject({ status: 503, retryAfter: "5" });
      expect(answer.message).toBe(
        "We cannot reach our database right now. Please try again in a few seconds.",
      );
    }
    expect(answers.some((answer) => answer.status === 503)).toBe(true);
    expect(Math.max(...answers.map((answer) => answer.ms))).toBeLessThan(SLOWEST_OUTAGE_ANSWER_MS);
  }

  async function expectRecovery(load: WriteLoad) {
    const back = Date.now();
    await waitUntil(
      async () => (await fetch(`${baseUrl}/readyz`)).status === 200,
      20_000,
      "readiness after the restart",
    );
    await waitUntil(
      () => load.since(back).some((answer) => answer.status === 201),
      20_000,
      "a write accepted again",
    );
    expect((await fetch(`${baseUrl}/`)).status).toBe(200);
  }

  async function expectEveryAcknowledgedWriteStored(load: WriteLoad) {
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ email: string }>(
        "select email from inquiries where email = any($1)",
        [load.acknowledged],
      );
      const stored = new Set(rows.map((row) => row.email));
      expect(load.acknowledged.filter((email) => !stored.has(email))).toEqual([]);
    } finally {
      await client.end();
    }
  }

  it("survives a restart and a crash of the server: 503s meanwhile, recovery, no acknowledged write lost", async () => {
    const load = new WriteLoad(baseUrl);
    await waitUntil(() => load.acknowledged.length >= 50, 20_000, "writes before the outage");

    const lostBefore = lostConnections;
    const restart = Date.now();
    await cluster.stop("fast");
    await expectOutageAnswers(load, restart);
    await cluster.start();
    await expectRecovery(load);

    const crash = Date.now();
    await cluster.stop("immediate");
    await expectOutageAnswers(load, crash);
    await cluster.start();
    await expectRecovery(load);

    await load.stop();
    // Only two kinds of answer, ever: accepted, or "try again" (never a 500, a hang or a reset).
    expect(new Set(load.outcomes.map((outcome) => outcome.status))).toEqual(new Set([201, 503]));
    // The pool's connections were really cut while in use, and reported rather than crashing us.
    expect(lostConnections).toBeGreaterThan(lostBefore);
    await expectEveryAcknowledgedWriteStored(load);

    // The connection that listens for change notices noticed the loss, and listens again (it may
    // still have been reconnecting through the second outage, so one gap or two).
    await waitUntil(
      () => heard.at(-1) === "listening",
      30_000,
      () => `listening again (heard: ${heard.join(", ")})`,
    );
    expect(heard.filter((event) => event === "gap").length).toBeGreaterThanOrEqual(1);
    await database.db.execute(sql`select pg_notify('outage_test', 'after the restarts')`);
    await waitUntil(() => heard.includes("notice:after the restarts"), 5_000, "a notice after the restarts");
  }, 120_000);

  it("answers within its time limits while the server is frozen, and recovers when it thaws", async () => {
    const load = new WriteLoad(baseUrl);
    await waitUntil(() => load.acknowledged.length >= 20, 20_000, "writes before the freeze");

    const freeze = Date.now();
    await cluster.freeze();
    try {
      await expectOutageAnswers(load, freeze);
      // Long enough for the client's own query limit to fire on borrowed connections, BEGINs included.
      await pause(FREEZE_OUTLASTING_QUERY_LIMIT_MS - (Date.now() - freeze));
    } finally {
      await cluster.thaw();
    }
    await expectRecovery(load);

    await load.stop();
    expect(new Set(load.outcomes.map((outcome) => outcome.status))).toEqual(new Set([201, 503]));
    await expectEveryAcknowledgedWriteStored(load);
  }, 120_000);

  it("has every connection back afterwards: none was left borrowed by a transaction that failed", async () => {
    await stopListening?.();
    // pool.end() waits for borrowed connections; one never given back would hold it forever.
    const closed = database.close().then(() => "closed");
    const stuck = pause(5000).then(() => "still waiting for borrowed connections");
    expect(await Promise.race([closed, stuck])).toBe("closed");
  });
});
