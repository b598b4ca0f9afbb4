import { createServer } from "node:net";
import { outbox } from "@db/schema";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "~/infra/db.server";
import { createLogger } from "~/infra/logger.server";
import { createSmtpTransport, type MailTransport, type OutgoingMail } from "~/infra/mailer.server";
import { startTestSmtpServer, subjectOf, type TestSmtpServer } from "../../../tests/setup/smtp-server";
import { createTestDatabase } from "../../../tests/setup/test-database";
import {
  claimDueEmails,
  deliverDueEmails,
  type EmailMessage,
  enqueueEmail,
  enqueueEmails,
  MAX_DELIVERY_ATTEMPTS,
  messageIdFor,
} from "./outbox.server";
import { startOutboxWorker } from "./outbox-worker.server";

let database: DatabaseHandle;
const FROM = "VA Hub <hello@example.com>";

const openServers = new Set<TestSmtpServer>();
const openTransports = new Set<MailTransport>();

/** A test SMTP server closed after each test. */
async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const server = await startTestSmtpServer(port);
  const handle: TestSmtpServer = {
    ...server,
    close: () => {
      openServers.delete(handle);
      return server.close();
    },
  };
  openServers.add(handle);
  return handle;
}

/** A port on 127.0.0.1 where nothing listens (connections are refused). */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", () => resolve()));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** A pooled SMTP transport, closed after each test (an open pooled connection holds up closing the server). */
function transportTo(port: number, connections?: number): MailTransport {
  const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`, connections);
  openTransports.add(transport);
  return transport;
}

function messageIdOf(raw: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? "";
  return /^Message-ID: (.*?)\r?$/im.exec(head)?.[1] ?? "";
}

/** A promise and the function that settles it. */
function gate(): { opened: Promise<void>; open(): void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** The text part of a received message, with quoted-printable soft breaks and escapes undone. */
function bodyOf(raw: string): string {
  const body = raw.slice(raw.indexOf("\r\n\r\n") + 4);
  return body
    .replace(/=\r\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function message(overrides: Partial<EmailMessage> = {}): EmailMessage {
  return {
    to: "client@example.com",
    subject: "Your consultation is booked",
    text: "Hello Sam,\nYour consultation is on Monday at 10:30 AM.\nSee you then.",
    kind: "test",
    ...overrides,
  };
}

async function rows() {
  return database.db.select().from(outbox).orderBy(outbox.createdAt);
}

beforeAll(async () => {
  database = await createTestDatabase();
});
beforeEach(async () => {
  await database.db.delete(outbox);
});
afterEach(async () => {
  await Promise.all([...openTransports].map((transport) => transport.close?.()));
  openTransports.clear();
  await Promise.all([...openServers].map((server) => server.close()));
});
afterAll(async () => {
  await database.close();
});

describe("deliverDueEmails over SMTP", () => {
  it("delivers a queued message to the SMTP server and marks the row sent", async () => {
    const smtp = await startSmtpServer();
    await enqueueEmail(database.db, message({ replyTo: "agency@example.com" }));

    const report = await deliverDueEmails(database.db, transportTo(smtp.port), { from: FROM });
    expect(report).toEqual({ sent: 1, failed: 0 });

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.mailFrom).toBe("hello@example.com");
    expect(mail?.rcptTo).toEqual(["client@example.com"]);
    expect(mail?.raw).toMatch(/^To: client@example\.com\r$/m);
    expect(mail?.raw).toMatch(/^Subject: Your consultation is booked\r$/m);
    expect(mail?.raw).toMatch(/^Reply-To: agency@example\.com\r$/m);
    expect(bodyOf(mail!.raw)).toContain("Your consultation is on Monday at 10:30 AM.");

    const [row] = await rows();
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null, lockedUntil: null });
    expect(row?.sentAt).toBeInstanceOf(Date);

    // A sent message is never sent again.
    const later = new Date(Date.now() + 86_400_000);
    expect(await deliverDueEmails(database.db, transportTo(smtp.port), { from: FROM, now: later })).toEqual({
      sent: 0,
      failed: 0,
    });
    expect(smtp.received).toHaveLength(1);
  });

  it("keeps the message when SMTP is down and sends it on a later run once the server is up", async () => {
    const port = await closedPort();
    await enqueueEmail(database.db, message({ to: "patient@example.com" }));

    const now = new Date();
    const report = await deliverDueEmails(database.db, transportTo(port), { from: FROM, now });
    expect(report).toEqual({ sent: 0, failed: 1 });
    const [failed] = await rows();
    expect(failed).toMatchObject({ status: "pending", attempts: 1, lockedUntil: null, sentAt: null });
    expect(failed?.lastError).toMatch(/\S/);
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(now.getTime());

    // Not due yet: a run at the same moment leaves it alone.
    expect(await deliverDueEmails(database.db, transportTo(port), { from: FROM, now })).toEqual({
      sent: 0,
      failed: 0,
    });
    expect((await rows())[0]?.attempts).toBe(1);

    const smtp = await startSmtpServer(port);
    const retryAt = new Date(failed!.nextAttemptAt.getTime() + 1000);
    expect(await deliverDueEmails(database.db, transportTo(port), { from: FROM, now: retryAt })).toEqual({
      sent: 1,
      failed: 0,
    });
    expect(smtp.received.map((mail) => mail.rcptTo)).toEqual([["patient@example.com"]]);
    expect((await rows())[0]).toMatchObject({ status: "sent", attempts: 2, lastError: null });
  });

  it("sends each message exactly once when several runs go at the same time", async () => {
    const smtp = await startSmtpServer();
    const recipients = Array.from({ length: 7 }, (_, index) => `person${index}@example.com`);
    for (const to of recipients) await enqueueEmail(database.db, message({ to }));

    const reports = await Promise.all(
      [3, 3, 20].map((batchSize) =>
        deliverDueEmails(database.db, transportTo(smtp.port), { from: FROM, batchSize }),
      ),
    );
    // A second round picks up whatever the small batches left.
    reports.push(
      ...(await Promise.all(
        [3, 3].map((batchSize) =>
          deliverDueEmails(database.db, transportTo(smtp.port), { from: FROM, batchSize }),
        ),
      )),
    );
    expect(reports.reduce((total, report) => total + report.sent, 0)).toBe(recipients.length);
    expect(reports.every((report) => report.failed === 0)).toBe(true);
    expect(smtp.received.flatMap((mail) => mail.rcptTo).sort()).toEqual([...recipients].sort());
    expect((await rows()).map((row) => [row.status, row.attempts])).toEqual(
      recipients.map(() => ["sent", 1]),
    );
  });

  it("gives up after MAX_DELIVERY_ATTEMPTS failures, waiting longer after each", async () => {
    const port = await closedPort();
    await enqueueEmail(database.db, message());
    let now = new Date();
    const waits: number[] = [];
    for (let attempt = 1; attempt <= MAX_DELIVERY_ATTEMPTS; attempt += 1) {
      expect(await deliverDueEmails(database.db, transportTo(port), { from: FROM, now })).toEqual({
        sent: 0,
        failed: 1,
      });
      const [row] = await rows();
      expect(row?.attempts).toBe(attempt);
      expect(row?.status).toBe(attempt < MAX_DELIVERY_ATTEMPTS ? "pending" : "failed");
      waits.push(row!.nextAttemptAt.getTime() - now.getTime());
      now = new Date(row!.nextAttemptAt.getTime() + 1000);
    }
    for (let index = 1; index < waits.length; index += 1) {
      expect(waits[index]).toBeGreaterThanOrEqual(waits[index - 1]!);
    }
    expect(waits.at(-1)!).toBeGreaterThan(waits[0]!);

    // A failed message is not tried again, even with the server up.
    const smtp = await startSmtpServer();
    const muchLater = new Date(now.getTime() + 7 * 86_400_000);
    expect(
      await deliverDueEmails(database.db, transportTo(smtp.port), { from: FROM, now: muchLater }),
    ).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toEqual([]);
    expect((await rows())[0]).toMatchObject({ status: "failed", attempts: MAX_DELIVERY_ATTEMPTS });
  });

  it("a run that lost its lease to another does not send the rest of its batch again", async () => {
    const smtp = await startSmtpServer();
    await enqueueEmail(database.db, message({ to: "first@example.com" }));
    await enqueueEmail(database.db, message({ to: "second@example.com" }));
    const real = transportTo(smtp.port);

    // The first run gets stuck on its first message (a slow server) …
    let reachedGate!: () => void;
    const atGate = new Promise<void>((resolve) => {
      reachedGate = resolve;
    });
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    let stuck = true;
    const slow: MailTransport = {
      async sendMail(mail: OutgoingMail) {
        if (stuck) {
          stuck = false;
          reachedGate();
          await gate;
        }
        return real.sendMail(mail);
      },
    };
    const start = new Date();
    const slowRun = deliverDueEmails(database.db, slow, { from: FROM, now: start, concurrency: 1 });
    await atGate;

    // … for so long that its lease runs out and another run delivers both messages.
    const takeover = new Date(start.getTime() + 30 * 60_000);
    expect(await deliverDueEmails(database.db, real, { from: FROM, now: takeover })).toEqual({
      sent: 2,
      failed: 0,
    });
    openGate();
    await slowRun;

    const deliveries = smtp.received.flatMap((mail) => mail.rcptTo);
    // The message in flight when the lease ran out may go twice; the rest of the batch must not.
    expect(deliveries.filter((to) => to === "second@example.com")).toEqual(["second@example.com"]);
    expect((await rows()).map((row) => row.status)).toEqual(["sent", "sent"]);
    // The one that went twice is recognisably one message.
    const firstCopies = smtp.received.filter((mail) => mail.rcptTo[0] === "first@example.com");
    expect(firstCopies).toHaveLength(2);
    expect(new Set(firstCopies.map((mail) => messageIdOf(mail.raw))).size).toBe(1);
  });
});

describe("the outbox row", () => {
  it("keeps every field of the message until it is sent", async () => {
    await enqueueEmail(
      database.db,
      message({
        html: "<p>Hello</p>",
        attachments: [{ filename: "invite.ics", contentType: "text/calendar", content: "BEGIN:VCALENDAR" }],
      }),
    );
    const [row] = await database.db.select().from(outbox).where(eq(outbox.recipient, "client@example.com"));
    expect(row).toMatchObject({
      subject: "Your consultation is booked",
      htmlBody: "<p>Hello</p>",
      attachments: [{ filename: "invite.ics", contentType: "text/calendar", content: "BEGIN:VCALENDAR" }],
      status: "pending",
      attempts: 0,
    });

    const smtp = await startSmtpServer();
    await deliverDueEmails(database.db, transportTo(smtp.port), { from: FROM });
    const raw = smtp.received[0]?.raw ?? "";
    expect(raw).toContain("text/html");
    expect(raw).toMatch(/filename="?invite\.ics"?/);
  });
});

describe("priorities", () => {
  it("gives each kind its priority: links someone waits for, then time-bound mail, then notifications", async () => {
    const kinds = [
      "appointment-booked-notice",
      "password-reset",
      "invitation",
      "appointment-reminder-hour",
      "appointment-reminder-day",
      "waitlist-offer",
      "review-invitation",
    ];
    await enqueueEmails(
      database.db,
      kinds.map((kind) => message({ kind })),
    );
    const priorities = Object.fromEntries((await rows()).map((row) => [row.kind, row.priority]));
    expect(priorities).toEqual({
      "password-reset": 0,
      invitation: 0,
      "appointment-reminder-hour": 1,
      "appointment-reminder-day": 1,
      "waitlist-offer": 1,
      "appointment-booked-notice": 2,
      "review-invitation": 2,
    });
  });

  it("sends a password reset queued after 30 notifications in the first batch, first", async () => {
    await enqueueEmails(
      database.db,
      Array.from({ length: 30 }, (_, index) =>
        message({ to: `notice${index}@example.com`, kind: "appointment-booked-notice" }),
      ),
    );
    await enqueueEmail(
      database.db,
      message({ to: "reminded@example.com", kind: "appointment-reminder-hour" }),
    );
    await enqueueEmail(database.db, message({ to: "forgetful@example.com", kind: "password-reset" }));

    const firstBatch = await claimDueEmails(database.db, { now: new Date(), batchSize: 20 });
    expect(firstBatch.slice(0, 2).map((row) => row.recipient)).toEqual([
      "forgetful@example.com",
      "reminded@example.com",
    ]);
    await database.db.update(outbox).set({ lockedUntil: null, attempts: 0 });

    // One lane, so the server receives them in the order they go out.
    const smtp = await startSmtpServer();
    const report = await deliverDueEmails(database.db, transportTo(smtp.port), {
      from: FROM,
      batchSize: 20,
      concurrency: 1,
    });
    expect(report).toEqual({ sent: 32, failed: 0 });
    const order = smtp.received.map((mail) => mail.rcptTo[0]);
    expect(order.slice(0, 3)).toEqual([
      "forgetful@example.com",
      "reminded@example.com",
      "notice0@example.com",
    ]);
  });
});

describe("several messages at once", () => {
  it("has at most `concurrency` messages in flight, and that many while there are enough", async () => {
    await enqueueEmails(
      database.db,
      Array.from({ length: 30 }, (_, index) => message({ to: `person${index}@example.com` })),
    );
    const waiting: Array<() => void> = [];
    let inFlight = 0;
    let most = 0;
    const delivered: string[] = [];
    const held: MailTransport = {
      async sendMail(mail) {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise<void>((resolve) => waiting.push(resolve));
        inFlight -= 1;
        delivered.push(mail.to);
      },
    };
    const run = deliverDueEmails(database.db, held, { from: FROM, concurrency: 4, batchSize: 10 });
    // Let the sends go a round at a time: every round, all four lanes are busy until the last.
    for (let remaining = 30; remaining > 0; ) {
      const expected = Math.min(4, remaining);
      await vi.waitFor(() => expect(waiting.length).toBe(expected));
      remaining -= expected;
      for (const release of waiting.splice(0)) release();
    }
    expect(await run).toEqual({ sent: 30, failed: 0 });
    expect(most).toBe(4);
    expect(new Set(delivered).size).toBe(30);
  });

  it("drains a backlog of several batches in one run, over at most `connections` pooled connections", async () => {
    let connections = 0;
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      disableReverseLookup: true,
      logger: false,
      onConnect(_session, callback) {
        connections += 1;
        callback();
      },
      onData(stream, session, callback) {
        stream.resume();
        stream.on("end", () => {
          received.push(session.envelope.rcptTo[0]?.address ?? "");
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    const address = server.server.address();
    if (!address || typeof address === "string") throw new Error("no port");
    try {
      await enqueueEmails(
        database.db,
        Array.from({ length: 45 }, (_, index) => message({ to: `person${index}@example.com` })),
      );
      const transport = transportTo(address.port, 3);
      expect(await deliverDueEmails(database.db, transport, { from: FROM, batchSize: 20 })).toEqual({
        sent: 45,
        failed: 0,
      });
      expect(received).toHaveLength(45);
      expect(connections).toBeGreaterThanOrEqual(1);
      expect(connections).toBeLessThanOrEqual(3);
      expect((await rows()).every((row) => row.status === "sent")).toBe(true);
      await transport.close?.();
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("claims no further batch once stopped, but sends what it has claimed", async () => {
    await enqueueEmails(
      database.db,
      Array.from({ length: 12 }, (_, index) => message({ to: `person${index}@example.com` })),
    );
    const stopping = new AbortController();
    const delivered: string[] = [];
    const report = await deliverDueEmails(
      database.db,
      {
        async sendMail(mail) {
          stopping.abort();
          delivered.push(mail.to);
        },
      },
      { from: FROM, batchSize: 5, concurrency: 2, signal: stopping.signal },
    );
    expect(report).toEqual({ sent: 5, failed: 0 });
    const left = (await rows()).filter((row) => row.status === "pending");
    expect(left).toHaveLength(7);
    expect(left.every((row) => row.attempts === 0 && row.lockedUntil === null)).toBe(true);
  });

  it("leaves the rest of a backlog for the next poll after a whole batch fails in a row", async () => {
    const port = await closedPort();
    await enqueueEmails(
      database.db,
      Array.from({ length: 12 }, (_, index) => message({ to: `person${index}@example.com` })),
    );
    expect(
      await deliverDueEmails(database.db, transportTo(port), { from: FROM, batchSize: 5, concurrency: 1 }),
    ).toEqual({ sent: 0, failed: 5 });
    expect((await rows()).filter((row) => row.attempts === 0)).toHaveLength(7);
  });

  it("the worker sends what is queued and lets go of its SMTP connections when stopped", async () => {
    const smtp = await startSmtpServer();
    await enqueueEmail(database.db, message({ subject: "From the worker" }));
    const transport = createSmtpTransport(`smtp://127.0.0.1:${smtp.port}`, 2);
    let closed = false;
    const worker = startOutboxWorker({
      db: database.db,
      logger: createLogger("silent"),
      from: FROM,
      transport: {
        connections: transport.connections,
        sendMail: (mail) => transport.sendMail(mail),
        close: async () => {
          closed = true;
          await transport.close?.();
        },
      },
      intervalMs: 20,
    });
    await vi.waitFor(() => expect(smtp.received.map(subjectOf)).toEqual(["From the worker"]));
    await worker.stop();
    expect(closed).toBe(true);
    // Closing the server waits for every client connection to end: it returns because none is left.
    await smtp.close();
  });
});

describe("the claim lease", () => {
  it("frees the rows of a worker that died within seconds, for another to send", async () => {
    await enqueueEmails(database.db, [
      message({ to: "one@example.com" }),
      message({ to: "two@example.com" }),
    ]);
    // A host claims both and dies before sending either: nothing renews their lease.
    const claimedAt = new Date();
    const claimed = await claimDueEmails(database.db, { now: claimedAt, batchSize: 20 });
    expect(claimed).toHaveLength(2);
    for (const row of claimed) {
      expect(row.lockedUntil!.getTime() - claimedAt.getTime()).toBeLessThanOrEqual(20_000);
    }

    const smtp = await startSmtpServer();
    const transport = transportTo(smtp.port);
    const stillHeld = new Date(claimedAt.getTime() + 10_000);
    expect(await deliverDueEmails(database.db, transport, { from: FROM, now: stillHeld })).toEqual({
      sent: 0,
      failed: 0,
    });
    const leaseOver = new Date(Math.max(...claimed.map((row) => row.lockedUntil!.getTime())) + 1);
    expect(await deliverDueEmails(database.db, transport, { from: FROM, now: leaseOver })).toEqual({
      sent: 2,
      failed: 0,
    });
    expect(smtp.received.flatMap((mail) => mail.rcptTo).sort()).toEqual([
      "one@example.com",
      "two@example.com",
    ]);
    expect((await rows()).map((row) => [row.status, row.attempts])).toEqual([
      ["sent", 2],
      ["sent", 2],
    ]);
  });

  it("is renewed while a live worker is still sending, so no other worker takes the row", async () => {
    const smtp = await startSmtpServer();
    const real = transportTo(smtp.port);
    await enqueueEmail(database.db, message({ to: "patient@example.com" }));
    const reached = gate();
    const release = gate();
    const slow: MailTransport = {
      async sendMail(mail) {
        reached.open();
        await release.opened;
        return real.sendMail(mail);
      },
    };
    const leaseMs = 600;
    const slowRun = deliverDueEmails(database.db, slow, { from: FROM, leaseMs });
    await reached.opened;
    const [claimed] = await rows();
    const firstLeaseEnd = claimed!.lockedUntil!.getTime();

    // Well past the lease it was claimed for, the row is still held: the run renewed it.
    await vi.waitFor(
      async () => {
        const [row] = await rows();
        expect(Date.now()).toBeGreaterThan(firstLeaseEnd + 100);
        expect(row!.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + leaseMs / 3);
      },
      { timeout: 5000, interval: 50 },
    );
    expect(await deliverDueEmails(database.db, real, { from: FROM })).toEqual({ sent: 0, failed: 0 });

    release.open();
    expect(await slowRun).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received.flatMap((mail) => mail.rcptTo)).toEqual(["patient@example.com"]);
    expect((await rows())[0]).toMatchObject({ status: "sent", attempts: 1 });
  });
});

describe("the Message-ID", () => {
  it("is the outbox row's, on the first try and on a resend", async () => {
    const smtp = await startSmtpServer();
    const real = transportTo(smtp.port);
    await enqueueEmail(database.db, message());
    // The first try reaches the server, then the answer is lost (the connection drops): it is tried again.
    let tries = 0;
    const flaky: MailTransport = {
      async sendMail(mail) {
        tries += 1;
        await real.sendMail(mail);
        if (tries === 1) throw new Error("Connection closed unexpectedly");
      },
    };
    const now = new Date();
    expect(await deliverDueEmails(database.db, flaky, { from: FROM, now })).toEqual({ sent: 0, failed: 1 });
    const [row] = await rows();
    const later = new Date(row!.nextAttemptAt.getTime() + 1000);
    expect(await deliverDueEmails(database.db, flaky, { from: FROM, now: later })).toEqual({
      sent: 1,
      failed: 0,
    });

    expect(smtp.received).toHaveLength(2);
    const ids = smtp.received.map((mail) => messageIdOf(mail.raw));
    expect(ids).toEqual([`<${row!.id}@example.com>`, `<${row!.id}@example.com>`]);
  });

  it("takes its domain from the sender's address", () => {
    const id = "0b9f4f5e-7c4e-4f3e-9a51-2f1d6c1c2a10";
    expect(messageIdFor(id, "VA Hub <Hello@Agency.Example>")).toBe(`<${id}@agency.example>`);
    expect(messageIdFor(id, "team@agency.example")).toBe(`<${id}@agency.example>`);
    expect(messageIdFor(id, "no address")).toBe(`<${id}@localhost>`);
  });
});
