/**
 * Every core used (decision 24): on PostgreSQL the production server runs one process per core, so
 * everything a user relies on must hold across processes sharing one database. Two real server
 * processes (the compiled server/main.ts with the real runtime and HTTP app; pages are the stand-in
 * of tests/setup/compiled-server.ts) start together on an empty database and are used as one site:
 * demo data seeded once, a session from one used on the other, a slot raced through both with one
 * winner, a rate limit counted across both, and every e-mail delivered once to a real SMTP server
 * while both run their outbox workers. Then `WORKERS=2`: the primary forks two workers serving one
 * port, a scrape of /metrics counts what both served, and SIGTERM stops them all with exit code 0;
 * a worker that cannot start stops the server.
 *
 * PostgreSQL only (the embedded database is one process by design): runs when DATABASE_URL names a
 * server that answers, as in `npm run test:postgres`, and is skipped with the reason otherwise.
 */
import { execFile } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { get } from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import { demoConsultants } from "@db/demo-consultants";
import { consultants, outbox, projects } from "@db/schema";
import { count, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SLOT_TAKEN_MESSAGE } from "~/features/booking/booking.server";
import { enqueueEmail } from "~/features/email/outbox.server";
import { type DatabaseHandle, openDatabase } from "~/infra/db.server";
import {
  buildCompiledServer,
  freePort,
  pause,
  type RunningServer,
  spawnCompiledServer,
  startCompiledServer,
  untilLine,
} from "../tests/setup/compiled-server";
import {
  book,
  expectFailure,
  getWith,
  nextAddress,
  postJson,
  type RequestTarget,
  sampleInquiry,
  signUp,
  uniqueEmail,
} from "../tests/setup/factories";
import { samplesOf, sampleValue } from "../tests/setup/metrics-text";
import { promtoolCheckMetrics } from "../tests/setup/promtool";
import { startTestSmtpServer, subjectOf, type TestSmtpServer } from "../tests/setup/smtp-server";
import { createServerDatabase, whyNoPostgres } from "../tests/setup/test-database";

const run = promisify(execFile);

const postgresUrl = process.env.DATABASE_URL;
const skipReason = await whyNoPostgres(postgresUrl);
if (skipReason) console.warn(`two-process tests skipped: ${skipReason}`);

const buildDirectory = path.resolve(".tmp", `two-processes-${process.pid}-${Date.now()}`);
const FORMS_PER_MINUTE = 4;
const METRICS_TOKEN = "metrics-token-for-the-two-process-test";

let database: { url: string; drop(): Promise<void> } | undefined;
let handle: DatabaseHandle | undefined;
let smtp: TestSmtpServer | undefined;
const servers: RunningServer[] = [];

/** Requests to one server process, in the shape the factories take. */
function target(server: RunningServer): RequestTarget {
  return { request: (input, init) => fetch(`http://127.0.0.1:${server.port}${input}`, init) };
}

/** Settings shared by every server process of this file: one database, one data folder, one SMTP server. */
function settingsFor(smtpPort: number): Record<string, string> {
  return {
    DATABASE_URL: database!.url,
    DATA_DIR: path.join(buildDirectory, "data"),
    SLOW_PAGE_MS: "0",
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    OUTBOX_POLL_MS: "100",
    TRUST_PROXY: "true",
    RATE_LIMIT_FORMS_PER_MINUTE: String(FORMS_PER_MINUTE),
    LOG_LEVEL: "warn",
  };
}

async function stop(server: RunningServer): Promise<number | null> {
  if (server.child.exitCode === null) server.child.kill("SIGTERM");
  return server.exited;
}

describe.skipIf(skipReason)("two server processes on one PostgreSQL database", () => {
  let first: RequestTarget;
  let second: RequestTarget;
  let smtpPort: number;

  beforeAll(async () => {
    mkdirSync(buildDirectory, { recursive: true });
    const [sink] = await Promise.all([
      startTestSmtpServer(),
      buildCompiledServer(buildDirectory),
      createServerDatabase(postgresUrl!).then((created) => {
        database = created;
      }),
    ]);
    smtp = sink;
    smtpPort = sink.port;
    // Both at once on the empty database: migrations, demo data and generated secrets race.
    const [a, b] = await Promise.all([
      startCompiledServer(buildDirectory, { ...settingsFor(smtpPort), WORKERS: "1" }),
      startCompiledServer(buildDirectory, { ...settingsFor(smtpPort), WORKERS: "1" }),
    ]);
    servers.push(a, b);
    first = target(a);
    second = target(b);
    handle = await openDatabase({ databaseUrl: database!.url });
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map(stop));
    await handle?.close();
    await database?.drop();
    await smtp?.close();
    rmSync(buildDirectory, { recursive: true, force: true });
  }, 60_000);

  it("loads the demo data once although both started on the empty database together", async () => {
    const [consultantRows] = await handle!.db.select({ n: count() }).from(consultants);
    const [projectRows] = await handle!.db.select({ n: count() }).from(projects);
    expect(consultantRows?.n).toBe(demoConsultants.length);
    expect(projectRows?.n).toBe(8);
    for (const site of [first, second]) {
      const body = (await (await getWith(site, "/api/doctor/list")).json()) as { doctors: unknown[] };
      expect(body.doctors).toHaveLength(demoConsultants.length);
    }
  });

  it("accepts a session made by one process on the other, and a logout on one ends it on both", async () => {
    const user = await signUp(first);
    const profile = await getWith(second, "/api/user/get-profile", { token: user.token });
    expect(profile.status).toBe(200);
    expect(((await profile.json()) as { userData: { email: string } }).userData.email).toBe(user.email);

    expect((await postJson(second, "/api/user/logout", {}, { token: user.token })).status).toBe(200);
    await expectFailure(await getWith(first, "/api/user/get-profile", { token: user.token }), 401);
  });

  it("gives a slot raced through both processes to exactly one customer", async () => {
    const list = (await (await getWith(first, "/api/doctor/list")).json()) as {
      doctors: Array<{ _id: string; available: boolean }>;
    };
    const consultant = list.doctors.find((doctor) => doctor.available)!;
    const grid = (await (await getWith(second, `/api/consultant/${consultant._id}/slots`)).json()) as {
      days: Array<{ slots: Array<{ slotDate: string; slotTime: string }> }>;
    };
    // The last day's slots: none of them can pass into the past during the test.
    const slots = grid.days.at(-1)!.slots.slice(0, 3);
    expect(slots).toHaveLength(3);
    const [alice, bob] = await Promise.all([signUp(first), signUp(second)]);
    for (const slot of slots) {
      const body = { docId: consultant._id, slotDate: slot.slotDate, slotTime: slot.slotTime };
      const answers = await Promise.all([book(first, alice.token, body), book(second, bob.token, body)]);
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([201, 409]);
      const loser = answers.find((answer) => answer.status === 409)!;
      expect(await loser.json()).toEqual({ success: false, message: SLOT_TAKEN_MESSAGE });
    }
  });

  it("has each process forget its kept slots and list when the other takes a booking", async () => {
    type Slot = { slotDate: string; slotTime: string };
    type Doctors = {
      doctors: Array<{ _id: string; available: boolean; slots_booked: Record<string, string[]> }>;
    };
    const { doctors } = (await (await getWith(second, "/api/doctor/list")).json()) as Doctors;
    const consultant = doctors.filter((doctor) => doctor.available).at(-1)!;
    const lastDayOnSecond = async () => {
      const answer = await getWith(second, `/api/consultant/${consultant._id}/slots`);
      const grid = (await answer.json()) as { days: Array<{ slots: Slot[] }> };
      return grid.days.at(-1)!.slots.map((slot) => `${slot.slotDate} ${slot.slotTime}`);
    };
    const before = await lastDayOnSecond();
    expect(await lastDayOnSecond()).toEqual(before); // now kept by the second process
    const taken = before.at(-1)!;
    const slotDate = taken.slice(0, taken.indexOf(" "));
    const slotTime = taken.slice(taken.indexOf(" ") + 1);
    const customer = await signUp(first);
    expect((await book(first, customer.token, { docId: consultant._id, slotDate, slotTime })).status).toBe(
      201,
    );

    // Far sooner than the 15 s a kept answer may live: the database's notice reached the other process.
    const deadline = Date.now() + 3_000;
    let after = await lastDayOnSecond();
    while (after.includes(taken) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      after = await lastDayOnSecond();
    }
    expect(after).not.toContain(taken);
    const listed = ((await (await getWith(second, "/api/doctor/list")).json()) as Doctors).doctors.find(
      (doctor) => doctor._id === consultant._id,
    )!;
    expect(listed.slots_booked[slotDate]).toContain(slotTime);
  });

  it("counts a rate limit across both processes", async () => {
    const address = nextAddress();
    const statuses: number[] = [];
    for (let index = 0; index < FORMS_PER_MINUTE + 2; index += 1) {
      const site = index % 2 === 0 ? first : second;
      const response = await postJson(site, "/api/contact", sampleInquiry(uniqueEmail("limit")), { address });
      statuses.push(response.status);
      if (response.status === 429) expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
    }
    expect(statuses).toEqual([...Array(FORMS_PER_MINUTE).fill(201), 429, 429]);
  });

  it("delivers every queued e-mail exactly once while both processes send", async () => {
    const MESSAGES = 40;
    // One transaction: all become due at the same moment, for both outbox workers to compete over.
    await handle!.db.transaction(async (transaction) => {
      for (let index = 0; index < MESSAGES; index += 1) {
        await enqueueEmail(transaction, {
          to: `race-${index}@example.com`,
          subject: `Race ${index}`,
          text: "One of many.",
          kind: "test",
        });
      }
    });
    const deadline = Date.now() + 20_000;
    for (;;) {
      const [pending] = await handle!.db
        .select({ n: count() })
        .from(outbox)
        .where(eq(outbox.status, "pending"));
      if (pending?.n === 0) break;
      if (Date.now() > deadline) throw new Error(`${pending?.n} e-mails still pending`);
      await pause(100);
    }
    // A moment for a duplicate, if any, to arrive.
    await pause(300);

    const subjects = smtp!.received.map(subjectOf);
    const raced = subjects.filter((subject) => subject.startsWith("Race "));
    expect(raced.sort()).toEqual(Array.from({ length: MESSAGES }, (_, index) => `Race ${index}`).sort());
    const rows = await handle!.db.select().from(outbox);
    expect(rows.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
    // The product's own e-mails (sign-ups, bookings, inquiries) went out once each too.
    expect(subjects).toHaveLength(rows.length);
    const racedRows = await handle!.db
      .select({ n: count() })
      .from(outbox)
      .where(like(outbox.subject, "Race %"));
    expect(racedRows[0]?.n).toBe(MESSAGES);
  });

  describe("WORKERS=2", () => {
    it("forks two workers that serve one port, and SIGTERM to the primary stops them all with exit code 0", async () => {
      const cluster = await startCompiledServer(buildDirectory, {
        ...settingsFor(smtpPort),
        WORKERS: "2",
        LOG_LEVEL: "info",
        METRICS_TOKEN,
      });
      servers.push(cluster);
      // Ready as soon as one worker listens; the primary says when all do.
      await untilLine(cluster, '"all workers listening"');
      const { stdout } = await run("ps", ["-o", "pid=", "--ppid", String(cluster.child.pid)]);
      const children = stdout.split("\n").map(Number).filter(Boolean).sort();
      expect(children).toHaveLength(2);

      // New connections are handed to the workers in turn: pages come from both.
      for (let index = 0; index < 6; index += 1) {
        expect(await statusOnNewConnection(cluster.port, `/page-${index}`)).toBe(200);
      }
      const servedBy = new Set(
        cluster.lines.flatMap(
          (line) => /^SHUTDOWN-TEST page started .* in process (\d+)$/.exec(line)?.[1] ?? [],
        ),
      );
      expect([...servedBy].map(Number).sort()).toEqual(children);
      // A scrape reaches one worker and counts the pages both served (server/cluster-metrics.ts).
      const scrape = await fetch(`http://127.0.0.1:${cluster.port}/metrics`, {
        headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
      });
      const scraped = await scrape.text();
      const samples = samplesOf(scraped);
      expect(sampleValue(samples, "http_requests_total", { method: "GET", route: "/*", status: "200" })).toBe(
        6,
      );
      expect(sampleValue(samples, "db_up")).toBe(1);
      expect(promtoolCheckMetrics(scraped)).toEqual({ status: 0, complaints: "" });
      const user = await signUp(target(cluster));
      expect((await getWith(first, "/api/user/get-profile", { token: user.token })).status).toBe(200);

      cluster.child.kill("SIGTERM");
      expect(await cluster.exited).toBe(0);
      for (const pid of children) expect(isRunning(pid)).toBe(false);
      const logged = cluster.lines.filter((line) => line.startsWith("{")).map((line) => JSON.parse(line));
      expect(
        logged
          .filter((entry) => entry.msg === "listening")
          .map((entry) => entry.worker)
          .sort(),
      ).toEqual([1, 2]);
      expect(logged.filter((entry) => entry.msg === "database closed; stopped")).toHaveLength(2);
      expect(logged.find((entry) => entry.msg === "all workers stopped")).toMatchObject({ exitCode: 0 });
    }, 90_000);

    it("stops with exit code 1 when the workers cannot start (database unreachable)", async () => {
      const unreachable = new URL(database!.url);
      unreachable.port = String(await freePort());
      const cluster = await spawnCompiledServer(buildDirectory, {
        ...settingsFor(smtpPort),
        DATABASE_URL: unreachable.toString(),
        WORKERS: "2",
        LOG_LEVEL: "info",
      });
      servers.push(cluster);
      const exitCode = await Promise.race([cluster.exited, pause(60_000).then(() => "still running")]);
      expect(exitCode, cluster.lines.join("\n")).toBe(1);
      expect(cluster.lines.some((line) => line.includes("a worker failed to start"))).toBe(true);
    }, 90_000);
  });
});

/** GET on a connection of its own (no keep-alive), so each request is a new connection to hand out. */
function statusOnNewConnection(port: number, urlPath: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    get({ host: "127.0.0.1", port, path: urlPath, agent: false }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode));
    }).on("error", reject);
  });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
