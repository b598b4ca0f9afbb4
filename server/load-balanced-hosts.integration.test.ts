/**
 * The production layout of the README ("Several machines behind a load balancer", deploy/): three
 * hosts of the compiled server (pages are the stand-in of tests/setup/compiled-server.ts, so the
 * JSON API does the work) on one PostgreSQL database with the same secrets, each with its own data
 * folder and its own loopback address (127.0.0.11-13 stand in for three machines, all on the same
 * ports), an SMTP server, and HAProxy started from deploy/haproxy/haproxy.cfg itself, terminating
 * TLS at 127.0.0.10. Checked as an operator would: a picture uploaded on one host is served by
 * the others; a rolling restart behind a balancer that never retries fails no request; a booking
 * whose host was killed before answering, retried with its Idempotency-Key through the balancer,
 * is the customer's own booking, once; every e-mail goes out once although a host died sending.
 *
 * PostgreSQL and HAProxy only: runs when DATABASE_URL names a server that answers (`npm run
 * test:postgres`) and the haproxy command exists (.ci/run installs it); skipped with the reason
 * otherwise.
 */
import { randomUUID } from "node:crypto";
import { Agent, request as httpsRequest } from "node:https";
import path from "node:path";
import { appointments, outbox, users } from "@db/schema";
import { and, eq, isNull } from "drizzle-orm";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SLOT_TAKEN_MESSAGE } from "~/features/booking/booking.server";
import { messageIdFor } from "~/features/email/outbox.server";
import { type DatabaseHandle, openDatabase } from "~/infra/db.server";
import {
  freePort,
  pause,
  prepareCompiledServer,
  type RunningServer,
  spawnCompiledServer,
} from "../tests/setup/compiled-server";
import {
  book,
  getWith,
  postForm,
  profileForm,
  type RequestTarget,
  type SignedUpUser,
  signUp,
} from "../tests/setup/factories";
import {
  type RunningHaproxy,
  SHIPPED_HAPROXY_CONFIG,
  selfSignedCertificate,
  startHaproxy,
  whyNoHaproxy,
} from "../tests/setup/haproxy";
import { type HoldingSmtpServer, startHoldingSmtpServer } from "../tests/setup/holding-smtp-server";
import { whyNoPostgres } from "../tests/setup/test-database";

const skipReason = (await whyNoPostgres(process.env.DATABASE_URL)) ?? (await whyNoHaproxy());
if (skipReason) console.warn(`load-balanced hosts test skipped: ${skipReason}`);

const BALANCER_ADDRESS = "127.0.0.10";
const HOST_ADDRESSES = ["127.0.0.11", "127.0.0.12", "127.0.0.13"] as const;
/** Each host's name in haproxy.cfg's backend. */
const SERVER_NAMES = ["app1", "app2", "app3"] as const;
const MAIL_FROM = "VA Hub <bookings@lb-test.example>";
/** The advisory lock the test holds while a host is stuck storing its answer. */
const ANSWER_LOCK = 4242;

/** The name each host gives its SMTP server (nodemailer's `name`, from SMTP_URL's query). */
function smtpNameOf(index: number): string {
  return `host-${index + 1}.lb-test`;
}

interface Host {
  index: number;
  server: RunningServer;
}

interface Ports {
  app: number;
  health: number;
}

interface BalancerPorts {
  http: number;
  https: number;
  stats: number;
}

async function balancerPorts(): Promise<BalancerPorts> {
  return { http: await freePort(), https: await freePort(), stats: await freePort() };
}

/** Requests to one host directly, as from inside the network. */
function hostTarget(index: number, ports: Ports): RequestTarget {
  return {
    request: (input, init) => fetch(`http://${HOST_ADDRESSES[index]}:${ports.app}${input}`, init),
  };
}

/**
 * Requests through a balancer's HTTPS frontend, trusting its certificate only, on kept-alive
 * connections as a browser would. Bodies are strings (JSON) or nothing.
 */
function balancerTarget(origin: string, certificate: string): RequestTarget {
  const agent = new Agent({ keepAlive: true, ca: certificate });
  return {
    request: (input, init = {}) =>
      new Promise<Response>((resolve, reject) => {
        const outgoing = httpsRequest(
          new URL(input, origin),
          { method: init.method ?? "GET", headers: init.headers as Record<string, string>, agent },
          (answer) => {
            const chunks: Buffer[] = [];
            answer.on("data", (chunk: Buffer) => chunks.push(chunk));
            answer.on("error", reject);
            answer.on("end", () => {
              const headers = new Headers();
              for (const [name, value] of Object.entries(answer.headers)) {
                for (const one of [value ?? []].flat()) headers.append(name, one);
              }
              const status = answer.statusCode ?? 0;
              const body = status === 204 || status === 304 ? null : Buffer.concat(chunks);
              resolve(new Response(body, { status, headers }));
            });
          },
        );
        outgoing.on("error", reject);
        outgoing.end(typeof init.body === "string" ? init.body : undefined);
      }),
  };
}

/** Polls `probe` until it gives a value; throws `what` after `timeoutMs`. */
async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(50);
  }
}

/** Seconds from `since` until the balancer shows `server` in `state` (UP, DOWN). */
async function secondsUntilState(
  balancer: RunningHaproxy,
  server: string,
  state: string,
  since: number,
): Promise<number> {
  await eventually(
    `HAProxy to mark ${server} ${state}`,
    async () => ((await balancer.serverStates("app")).get(server) === state ? true : undefined),
    30_000,
  );
  return (Date.now() - since) / 1000;
}

async function allUp(balancer: RunningHaproxy): Promise<void> {
  await eventually(
    "HAProxy to see every host up",
    async () =>
      [...(await balancer.serverStates("app")).values()].every((state) => state === "UP") ? true : undefined,
    30_000,
  );
}

/** As the old clients send it, plus Idempotency-Key. */
function bookWithKey(site: RequestTarget, customer: SignedUpUser, slot: Slot, key: string) {
  return book(site, customer.token, slot, { headers: { "Idempotency-Key": key } });
}

interface Slot {
  docId: string;
  slotDate: string;
  slotTime: string;
}

/** Free slots of the last day of the grid (none can pass into the past during the test). */
async function lastDaySlots(site: RequestTarget): Promise<Slot[]> {
  const { doctors } = (await (await getWith(site, "/api/doctor/list")).json()) as {
    doctors: Array<{ _id: string; available: boolean }>;
  };
  const slots: Slot[] = [];
  for (const doctor of doctors.filter((each) => each.available).slice(0, 2)) {
    const grid = (await (await getWith(site, `/api/consultant/${doctor._id}/slots`)).json()) as {
      days: Array<{ slots: Array<{ slotDate: string; slotTime: string }> }>;
    };
    for (const slot of grid.days.at(-1)!.slots) slots.push({ docId: doctor._id, ...slot });
  }
  return slots;
}

describe.skipIf(skipReason)("the production layout: three hosts behind HAProxy on one PostgreSQL", () => {
  const { buildDirectory, databaseSettings } = prepareCompiledServer("load-balanced-hosts");
  const hosts: Host[] = [];
  let ports: Ports;
  let smtp: HoldingSmtpServer;
  let handle: DatabaseHandle;
  let certificate: string;
  /** As shipped. */
  let balancer: RunningHaproxy;
  let balancerSite: RequestTarget;
  /** The same file with HAPROXY_RETRIES=0: every request that meets a stopping host fails. */
  let nonRetryingBalancer: RunningHaproxy;
  let nonRetryingSite: RequestTarget;
  let balancerOrigin: string;
  let plainHttpPort: number;

  function hostSettings(index: number): Record<string, string> {
    return {
      // One DATABASE_URL for all, a data folder of its own each.
      ...databaseSettings(`host-${index + 1}`),
      HOST: HOST_ADDRESSES[index]!,
      PORT: String(ports.app),
      HEALTH_PORT: String(ports.health),
      WORKERS: "1",
      PUBLIC_URL: balancerOrigin,
      TRUST_PROXY: "loopback",
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}/?name=${smtpNameOf(index)}`,
      MAIL_FROM,
      OUTBOX_POLL_MS: "100",
      // The production defaults, which deploy/env.example sets and haproxy.cfg is tuned for.
      SHUTDOWN_DRAIN_MS: "5000",
      SHUTDOWN_TIMEOUT_MS: "10000",
      SLOW_PAGE_MS: "0",
      LOG_LEVEL: "warn",
    };
  }

  async function startHost(index: number): Promise<Host> {
    const server = await spawnCompiledServer(buildDirectory, hostSettings(index));
    const host = { index, server };
    hosts[index] = host;
    await eventually(
      `host ${index + 1} to get ready`,
      async () => {
        if (server.child.exitCode !== null)
          throw new Error(`host ${index + 1} exited:\n${server.lines.join("\n")}`);
        const ready = await fetch(`http://${HOST_ADDRESSES[index]}:${ports.health}/readyz`).then(
          (answer) => answer.ok,
          () => false,
        );
        return ready ? true : undefined;
      },
      60_000,
    );
    return host;
  }

  function balancerEnvironment(ownPorts: BalancerPorts, label: string): Record<string, string> {
    return {
      HAPROXY_HTTP_BIND: `${BALANCER_ADDRESS}:${ownPorts.http}`,
      HAPROXY_HTTPS_BIND: `${BALANCER_ADDRESS}:${ownPorts.https}`,
      HAPROXY_STATS_BIND: `${BALANCER_ADDRESS}:${ownPorts.stats}`,
      HAPROXY_CERTIFICATE: path.join(buildDirectory, "balancer.pem"),
      HAPROXY_ADMIN_SOCKET: path.join(buildDirectory, `${label}.sock`),
      APP_HOST_1: HOST_ADDRESSES[0],
      APP_HOST_2: HOST_ADDRESSES[1],
      APP_HOST_3: HOST_ADDRESSES[2],
      APP_PORT: String(ports.app),
      APP_HEALTH_PORT: String(ports.health),
    };
  }

  beforeAll(async () => {
    ports = { app: await freePort(), health: await freePort() };
    const [shippedPorts, nonRetryingPorts] = [await balancerPorts(), await balancerPorts()];
    balancerOrigin = `https://${BALANCER_ADDRESS}:${shippedPorts.https}`;
    plainHttpPort = shippedPorts.http;
    [smtp, { certificate }] = await Promise.all([
      startHoldingSmtpServer(),
      selfSignedCertificate(buildDirectory, BALANCER_ADDRESS),
    ]);
    // All three at once on the empty database: migrations and demo data race, as on a first deploy.
    await Promise.all(HOST_ADDRESSES.map((_, index) => startHost(index)));
    handle = await openDatabase({ databaseUrl: databaseSettings().DATABASE_URL! });
    // One after the other, so a failure to start the second leaves the first to afterAll.
    balancer = await startHaproxy(
      SHIPPED_HAPROXY_CONFIG,
      balancerEnvironment(shippedPorts, "shipped"),
      `${BALANCER_ADDRESS}:${shippedPorts.stats}`,
    );
    nonRetryingBalancer = await startHaproxy(
      SHIPPED_HAPROXY_CONFIG,
      { ...balancerEnvironment(nonRetryingPorts, "non-retrying"), HAPROXY_RETRIES: "0" },
      `${BALANCER_ADDRESS}:${nonRetryingPorts.stats}`,
    );
    balancerSite = balancerTarget(balancerOrigin, certificate);
    nonRetryingSite = balancerTarget(`https://${BALANCER_ADDRESS}:${nonRetryingPorts.https}`, certificate);
    await Promise.all([allUp(balancer), allUp(nonRetryingBalancer)]);
  }, 90_000);

  afterAll(async () => {
    await Promise.all([balancer?.stop(), nonRetryingBalancer?.stop()]);
    await Promise.all(
      hosts.map(async ({ server }) => {
        if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
        await server.exited;
      }),
    );
    await handle?.close();
    await smtp?.close();
  }, 30_000);

  it("sends plain HTTP on to HTTPS", async () => {
    const answer = await fetch(`http://${BALANCER_ADDRESS}:${plainHttpPort}/api/doctor/list`, {
      redirect: "manual",
    });
    expect(answer.status).toBe(301);
    expect(answer.headers.get("Location")).toBe(
      `https://${BALANCER_ADDRESS}:${plainHttpPort}/api/doctor/list`,
    );
  });

  it("serves a picture uploaded through one host from every other host and through the balancer", async () => {
    const first = hostTarget(0, ports);
    const customer = await signUp(first);
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#6d28d9" } })
      .png()
      .toBuffer();
    const form = profileForm(
      {
        name: "Picture Person",
        phone: "+1 202 555 0143",
        address: { line1: "1 Shared Street", line2: "" },
        gender: "Female",
        dob: "1990-12-10",
      },
      { bytes: png, name: "me.png", type: "image/png" },
    );
    expect((await postForm(first, "/api/user/update-profile", form, { token: customer.token })).status).toBe(
      200,
    );
    const profile = (await (
      await getWith(first, "/api/user/get-profile", { token: customer.token })
    ).json()) as {
      userData: { image: string };
    };
    const picturePath = new URL(profile.userData.image).pathname;
    expect(picturePath).toMatch(/^\/uploads\/[\w-]+\.webp$/);

    const fromFirst = await getWith(first, picturePath);
    expect(fromFirst.status).toBe(200);
    const bytes = Buffer.from(await fromFirst.arrayBuffer());
    const others = { "host 2": hostTarget(1, ports), "host 3": hostTarget(2, ports), balancer: balancerSite };
    for (const [where, site] of Object.entries(others)) {
      const served = await getWith(site, picturePath);
      expect(served.status, where).toBe(200);
      expect(served.headers.get("Content-Type"), where).toBe("image/webp");
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes), where).toBe(true);
    }
  });

  it("restarts every host in turn behind a balancer that never retries without failing a request", async () => {
    const visitor = await signUp(nonRetryingSite);
    let sent = 0;
    const failures: string[] = [];
    let sending = true;
    // Three visitors, each sending a request every 20 ms: a list and a profile (which reads the database).
    const visitors = Array.from({ length: 3 }, async () => {
      while (sending) {
        sent += 1;
        const route = sent % 2 === 0 ? "/api/doctor/list" : "/api/user/get-profile";
        try {
          const answer = await getWith(nonRetryingSite, route, { token: visitor.token });
          await answer.arrayBuffer();
          if (answer.status !== 200) failures.push(`${route}: ${answer.status}`);
        } catch (error) {
          failures.push(`${route}: ${(error as Error).message}`);
        }
        await pause(20);
      }
    });
    const timings: string[] = [];
    try {
      for (const index of [0, 1, 2]) {
        const { server } = hosts[index]!;
        const name = SERVER_NAMES[index]!;
        const signalledAt = Date.now();
        server.child.kill("SIGTERM");
        const [markedDown, exitedAfter] = await Promise.all([
          secondsUntilState(nonRetryingBalancer, name, "DOWN", signalledAt),
          server.exited.then((exitCode) => {
            expect(exitCode, server.lines.join("\n")).toBe(0);
            return (Date.now() - signalledAt) / 1000;
          }),
        ]);
        // Taken out while still serving, so no request met a closed port.
        expect(markedDown).toBeLessThan(exitedAfter);
        await startHost(index);
        const readyAt = Date.now();
        const markedUp = await secondsUntilState(nonRetryingBalancer, name, "UP", readyAt);
        timings.push(
          `${name}: down after ${markedDown.toFixed(1)} s, exited after ${exitedAfter.toFixed(1)} s, up ${markedUp.toFixed(1)} s after ready`,
        );
      }
    } finally {
      sending = false;
      await Promise.all(visitors);
    }
    console.info(
      `rolling restart behind HAProxy with retries 0: ${sent} requests sent, ${failures.length} failed; ${timings.join("; ")}`,
    );
    expect(failures).toEqual([]);
    await allUp(balancer);
  }, 90_000);

  it("gives the customer's own booking, once, to a retry with its Idempotency-Key after its host was killed", async () => {
    const slots = await lastDaySlots(balancerSite);
    // E-mail work through the balancer, on every host; the first host to send a message is stuck
    // in the middle of sending it (and any later one) from then on, and is the one that dies.
    const stuckSender = smtp.holdNextSender();
    const customers = await Promise.all([1, 2, 3].map(() => signUp(balancerSite)));
    for (const customer of [...customers, ...customers]) {
      expect((await book(balancerSite, customer.token, slots.pop()!)).status).toBe(201);
    }
    const stuck = await stuckSender;
    const victim = HOST_ADDRESSES.findIndex((_, index) => smtpNameOf(index) === stuck);
    const victimSite = hostTarget(victim, ports);

    // The booking: its host commits it, then dies before storing and sending the answer. A trigger
    // of this test's own makes storing the answer wait for a lock the test holds, so the host is
    // killed at that exact point every time.
    const customer = await signUp(victimSite);
    const slot = slots.pop()!;
    const key = randomUUID();
    const lockHolder = new pg.Client({ connectionString: databaseSettings().DATABASE_URL });
    await lockHolder.connect();
    const dropAnswerTrigger = async () => {
      await lockHolder.query(
        "drop trigger if exists wait_before_storing_answer on idempotency_keys; drop function if exists wait_before_storing_answer()",
      );
      await lockHolder.query("select pg_advisory_unlock_all()");
    };
    try {
      await lockHolder.query(`
        create function wait_before_storing_answer() returns trigger language plpgsql as $$
        begin perform pg_advisory_xact_lock(${ANSWER_LOCK}); return new; end $$;
        create trigger wait_before_storing_answer before update on idempotency_keys for each row
          when (new.key = '${key}' and new.status_code is not null)
          execute function wait_before_storing_answer();`);
      await lockHolder.query("select pg_advisory_lock($1)", [ANSWER_LOCK]);
      const firstTry = bookWithKey(victimSite, customer, slot, key).then(
        (answer) => `answered ${answer.status}`,
        () => "no answer",
      );
      const stuckBackend = await eventually(
        "the host to store its answer",
        async () => {
          const { rows } = await lockHolder.query<{ pid: number }>(
            "select pid from pg_locks where locktype = 'advisory' and objid = $1 and not granted",
            [ANSWER_LOCK],
          );
          return rows[0]?.pid;
        },
        10_000,
      );
      const [customerRow] = await handle.db.select().from(users).where(eq(users.email, customer.email));
      const committed = await handle.db
        .select()
        .from(appointments)
        .where(eq(appointments.userId, customerRow!.id));
      expect(committed).toHaveLength(1);

      const { server } = hosts[victim]!;
      const killedAt = Date.now();
      server.child.kill("SIGKILL");
      await server.exited;
      // Its connection's backend would otherwise store the answer once the lock is released.
      await lockHolder.query("select pg_terminate_backend($1)", [stuckBackend]);
      await dropAnswerTrigger();
      expect(await firstTry).toBe("no answer");
      const markedDown = secondsUntilState(balancer, SERVER_NAMES[victim]!, "DOWN", killedAt);

      // The client retries through the balancer at once, honouring Retry-After while the dead
      // request's hold on the key lasts (30 s from its start).
      const busyAnswers: string[] = [];
      let retry: Response;
      for (;;) {
        retry = await bookWithKey(balancerSite, customer, slot, key);
        const retryAfter = retry.headers.get("Retry-After");
        if (retry.status !== 409 || !retryAfter) break;
        if (Date.now() - killedAt > 60_000) throw new Error("the key is still held a minute after the kill");
        busyAnswers.push(((await retry.json()) as { message: string }).message);
        await pause(Number(retryAfter) * 1000);
      }
      const answer = (await retry.json()) as { appointmentId?: string; message: string };
      console.info(
        `retry after kill -9: ${busyAnswers.length} answers 409 "still being processed" over ${((Date.now() - killedAt) / 1000).toFixed(1)} s, then ${retry.status} ${answer.message}; HAProxy marked the killed host down after ${(await markedDown).toFixed(1)} s`,
      );
      expect(busyAnswers).not.toContain(SLOT_TAKEN_MESSAGE);
      expect(retry.status, answer.message).toBe(201);
      expect(answer.appointmentId).toBe(committed[0]!.id);
      const atThatTime = await handle.db
        .select()
        .from(appointments)
        .where(and(eq(appointments.startsAt, committed[0]!.startsAt), isNull(appointments.cancelledAt)));
      expect(atThatTime.filter((row) => row.consultantId === committed[0]!.consultantId)).toHaveLength(1);
    } finally {
      await dropAnswerTrigger();
      await lockHolder.end();
    }
  }, 90_000);

  it("sends every e-mail once (one accepted message per Message-ID) although a host died sending", async () => {
    const pending = async () =>
      (await handle.db.select().from(outbox)).filter((row) => row.status !== "sent").length;
    await eventually(
      "every outbox message to be sent",
      async () => ((await pending()) === 0 ? true : undefined),
      30_000,
    );
    // A duplicate would come from a run that had claimed the message before it was marked sent:
    // give the other hosts' outbox polls (every 100 ms) a few turns to show one.
    await pause(500);
    const rows = await handle.db.select().from(outbox);
    const expectedIds = new Map(rows.map((row) => [messageIdFor(row.id, MAIL_FROM), row.recipient]));
    const acceptedIds = smtp.accepted.map((mail) => mail.messageId);
    const distinctIds = new Set(acceptedIds);
    const resentAfterKill = smtp.unanswered.filter((mail) => distinctIds.has(mail.messageId));
    const acceptedBy = new Map<string, number>();
    for (const mail of smtp.accepted)
      acceptedBy.set(mail.clientName, (acceptedBy.get(mail.clientName) ?? 0) + 1);
    console.info(
      `e-mail: ${rows.length} outbox messages, ${smtp.accepted.length} accepted by the SMTP server, ${distinctIds.size} distinct Message-IDs, ${acceptedIds.length - distinctIds.size} accepted twice; ${smtp.unanswered.length} were unanswered when their host was killed, ${resentAfterKill.length} of them resent with the same Message-ID; sent by ${[...acceptedBy].map(([name, n]) => `${name} ${n}`).join(", ")}`,
    );
    expect([...distinctIds].sort()).toEqual([...expectedIds.keys()].sort());
    expect(acceptedIds).toHaveLength(rows.length);
    for (const mail of smtp.accepted) expect(mail.rcptTo).toEqual([expectedIds.get(mail.messageId)]);
    expect(smtp.unanswered.length).toBeGreaterThan(0);
    expect(resentAfterKill).toHaveLength(smtp.unanswered.length);
  });
});
