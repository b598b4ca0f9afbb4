import { createServer } from "node:net";
import { outbox } from "@db/schema";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/infra/db.server";
import { createSmtpTransport, type MailTransport, type OutgoingMail } from "~/infra/mailer.server";
import { startTestSmtpServer, type TestSmtpServer } from "../../../tests/setup/smtp-server";
import { createTestDatabase } from "../../../tests/setup/test-database";
import { deliverDueEmails, type EmailMessage, enqueueEmail, MAX_DELIVERY_ATTEMPTS } from "./outbox.server";

let database: DatabaseHandle;
const FROM = "VA Hub <hello@example.com>";

const openServers = new Set<TestSmtpServer>();

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

function transportTo(port: number): MailTransport {
  return createSmtpTransport(`smtp://127.0.0.1:${port}`);
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
    const slowRun = deliverDueEmails(database.db, slow, { from: FROM, now: start });
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
