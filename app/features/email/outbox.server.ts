import { outbox } from "@db/schema";
import { and, asc, eq, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "~/infra/db.server";
import type { MailTransport, OutgoingMail } from "~/infra/mailer.server";

/** A message to queue: what will go out (the sender is added at delivery), and what it is about. */
export type EmailMessage = Omit<OutgoingMail, "from" | "attachments" | "messageId"> & {
  attachments?: OutgoingMail["attachments"];
  /** What the message is about, e.g. "password-reset"; for staff and tests, never sent. */
  kind: string;
};

/** Anything that can run an insert: the database or an open transaction. */
type Executor = Pick<Database, "insert">;

/**
 * The outbox's `priority` by message kind; lower goes sooner. First the links someone is waiting
 * for at a screen, then mail that is worth less once its moment has passed (a reminder, a waitlist
 * hold that runs out); every other kind is a notification. Migration 0022 gave the rows already
 * waiting the same values.
 */
const PRIORITY_BY_KIND = new Map<string, number>([
  ["password-reset", 0],
  ["invitation", 0],
  ["appointment-reminder-hour", 1],
  ["appointment-reminder-day", 1],
  ["waitlist-offer", 1],
]);
/** The column's default in db/schema.ts, so a row written without one waits like a notification. */
const NOTIFICATION_PRIORITY = 2;

function priorityOf(kind: string): number {
  return PRIORITY_BY_KIND.get(kind) ?? NOTIFICATION_PRIORITY;
}

/** Queues an e-mail. Call it with the transaction that makes the change the e-mail reports. */
export async function enqueueEmail(executor: Executor, message: EmailMessage): Promise<void> {
  await enqueueEmails(executor, [message]);
}

/** Several messages in one statement (a booking's confirmation to the customer and notice to the agency). */
export async function enqueueEmails(executor: Executor, messages: readonly EmailMessage[]): Promise<void> {
  if (messages.length === 0) return;
  // The application's clock, like every other time deliverDueEmails compares (the database's
  // now() has microseconds and may differ, so a fresh message could look not yet due).
  const nextAttemptAt = new Date();
  await executor.insert(outbox).values(
    messages.map((message) => ({
      recipient: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
      replyTo: message.replyTo ?? null,
      attachments: message.attachments ?? [],
      kind: message.kind,
      priority: priorityOf(message.kind),
      nextAttemptAt,
    })),
  );
}

export const MAX_DELIVERY_ATTEMPTS = 8;
/**
 * How long a claim holds a row. A run renews the lease of every row it holds three times within
 * that (however long the mail server takes), so the rows of a host that died are free again
 * within this time rather than after the longest send could last.
 */
const LEASE_MS = 15_000;
/** Messages one run sends at once when the transport does not say how many it can carry. */
const DEFAULT_CONCURRENCY = 8;

/** Wait before the next try: 30 s, 1 min, 2 min … capped at one hour. */
function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}

/**
 * The same Message-ID for every try of one outbox row, so a message sent twice (its host died
 * after handing it over, before writing that down) is recognisably one message to mail servers
 * and to the person receiving it.
 */
export function messageIdFor(outboxId: string, from: string): string {
  const domain = /@([^\s<>@]+)>?\s*$/.exec(from)?.[1]?.toLowerCase() ?? "localhost";
  return `<${outboxId}@${domain}>`;
}

type ClaimedEmail = typeof outbox.$inferSelect;

/**
 * Takes up to `batchSize` due messages, soonest priority first and oldest first within one, for a
 * lease of `leaseMs`. `FOR UPDATE SKIP LOCKED` keeps two claims at the same moment apart; the
 * lease keeps a later claim off a row until its holder stops renewing it. Each claim counts an
 * attempt, which is also how a holder sees that another run took its row over.
 */
export async function claimDueEmails(
  db: Database,
  options: { now: Date; batchSize: number; leaseMs?: number },
): Promise<ClaimedEmail[]> {
  const { now } = options;
  return db.transaction(async (transaction) => {
    const due = await transaction
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          eq(outbox.status, "pending"),
          lte(outbox.nextAttemptAt, now),
          or(isNull(outbox.lockedUntil), lte(outbox.lockedUntil, now)),
        ),
      )
      .orderBy(asc(outbox.priority), asc(outbox.createdAt))
      .limit(options.batchSize)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    const claimed = await transaction
      .update(outbox)
      .set({
        lockedUntil: new Date(now.getTime() + (options.leaseMs ?? LEASE_MS)),
        attempts: sql`${outbox.attempts} + 1`,
      })
      .where(
        inArray(
          outbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
    // RETURNING does not keep the select's order; the batch goes out in it.
    const order = new Map(due.map((row, index) => [row.id, index]));
    return claimed.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  });
}

/** The rows a run still holds, renewed on a timer until stopped. */
function keepLeases(
  db: Database,
  held: ReadonlyMap<string, ClaimedEmail>,
  clock: () => Date,
  leaseMs: number,
): { stop(): Promise<void> } {
  let renewing: Promise<void> | undefined;
  const renew = async () => {
    const rows = [...held.values()];
    if (rows.length === 0) return;
    // A row whose attempt count changed was taken over by another run: its lease is not ours to
    // renew. One without a lease has just been written down as failed (its retry waits unlocked).
    await db
      .update(outbox)
      .set({ lockedUntil: new Date(clock().getTime() + leaseMs) })
      .where(
        and(
          eq(outbox.status, "pending"),
          isNotNull(outbox.lockedUntil),
          or(...rows.map((row) => and(eq(outbox.id, row.id), eq(outbox.attempts, row.attempts)))),
        ),
      );
  };
  const timer = setInterval(() => {
    // A renewal that fails (the database is briefly away) is tried again on the next tick; the
    // check before each send notices a row lost meanwhile.
    renewing ??= renew()
      .catch(() => undefined)
      .finally(() => {
        renewing = undefined;
      });
  }, leaseMs / 3);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await renewing;
    },
  };
}

export interface DeliveryReport {
  sent: number;
  failed: number;
}

export interface DeliveryOptions {
  from: string;
  /** Rows claimed at a time. */
  batchSize?: number;
  /** Messages in flight at once; by default as many as the transport carries at once. */
  concurrency?: number;
  /** Once aborted (the server is stopping), no further batch is claimed; claimed messages still go. */
  signal?: AbortSignal;
  /** When the run starts, for tests; the run's later times follow the real clock from it. */
  now?: Date;
  /** The claim lease, for tests. */
  leaseMs?: number;
}

/**
 * Sends the e-mails that are due, `concurrency` at a time, claiming batch after batch while the
 * last one was full, so a backlog drains in one run instead of one batch per poll. Several
 * processes can run this at once without sending a message twice, except one whose host died
 * while sending it: that one goes again, with the same Message-ID.
 */
export async function deliverDueEmails(
  db: Database,
  transport: MailTransport,
  options: DeliveryOptions,
): Promise<DeliveryReport> {
  const batchSize = options.batchSize ?? 20;
  const concurrency = Math.max(1, options.concurrency ?? transport.connections ?? DEFAULT_CONCURRENCY);
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const startedAt = Date.now();
  const clock = () => new Date((options.now?.getTime() ?? startedAt) + (Date.now() - startedAt));

  const report: DeliveryReport = { sent: 0, failed: 0 };
  /** Claimed and not yet finished, by id: what the lease timer renews. */
  const held = new Map<string, ClaimedEmail>();
  const queue: ClaimedEmail[] = [];
  let mayHaveMore = true;
  let failuresInARow = 0;
  let claiming: Promise<void> | undefined;
  let failure: { error: unknown } | undefined;

  const claimNextBatch = () => {
    claiming ??= claimDueEmails(db, { now: clock(), batchSize, leaseMs })
      .then((rows) => {
        mayHaveMore = rows.length === batchSize;
        for (const row of rows) {
          held.set(row.id, row);
          queue.push(row);
        }
      })
      .finally(() => {
        claiming = undefined;
      });
    return claiming;
  };

  // Each lane sends one message at a time; the one that finds the queue empty claims the next
  // batch while the others finish theirs, so no lane waits for a whole batch to end.
  const lane = async () => {
    while (!failure) {
      const message = queue.shift();
      if (!message) {
        // A whole batch's worth of failures in a row: the mail server is refusing, so the rest of
        // the backlog waits for the next poll rather than spending an attempt each now.
        if (!mayHaveMore || options.signal?.aborted || failuresInARow >= batchSize) return;
        await claimNextBatch();
        continue;
      }
      try {
        const outcome = await deliverOne(db, transport, message, { from: options.from, clock });
        if (outcome === "sent") {
          report.sent += 1;
          failuresInARow = 0;
        } else if (outcome === "failed") {
          report.failed += 1;
          failuresInARow += 1;
        }
      } finally {
        held.delete(message.id);
      }
    }
  };

  const leases = keepLeases(db, held, clock, leaseMs);
  try {
    await Promise.all(
      Array.from({ length: concurrency }, () =>
        lane().catch((error: unknown) => {
          // The database failed us: the other lanes finish the message they are sending and stop;
          // what stays claimed is free again when its lease runs out.
          failure ??= { error };
        }),
      ),
    );
  } finally {
    await leases.stop();
  }
  if (failure) throw failure.error;
  return report;
}

/** Sends one claimed message and writes down how it went. */
async function deliverOne(
  db: Database,
  transport: MailTransport,
  message: ClaimedEmail,
  context: { from: string; clock: () => Date },
): Promise<"sent" | "failed" | "taken over"> {
  // Check the row is still ours just before sending: a changed attempt count means another run
  // took it over (this run stalled past its lease, or the hosts' clocks differ), so the message is
  // left to it. A read, not a write: the lease timer renews the lease, and a write per message
  // would cost a commit (on PostgreSQL, a WAL flush) each.
  const ours = and(
    eq(outbox.id, message.id),
    eq(outbox.status, "pending"),
    eq(outbox.attempts, message.attempts),
  );
  const [stillOurs] = await db.select({ id: outbox.id }).from(outbox).where(ours);
  if (!stillOurs) return "taken over";
  try {
    await transport.sendMail({
      from: context.from,
      to: message.recipient,
      subject: message.subject,
      text: message.textBody,
      html: message.htmlBody ?? undefined,
      replyTo: message.replyTo ?? undefined,
      attachments: message.attachments,
      messageId: messageIdFor(message.id, context.from),
    });
  } catch (error) {
    const gaveUp = message.attempts >= MAX_DELIVERY_ATTEMPTS;
    await db
      .update(outbox)
      .set({
        status: gaveUp ? "failed" : "pending",
        lockedUntil: null,
        lastError: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500),
        nextAttemptAt: new Date(context.clock().getTime() + retryDelaySeconds(message.attempts) * 1000),
      })
      .where(ours);
    return "failed";
  }
  // Sent, even if another run took the row over meanwhile: it went, whoever writes it down.
  await db
    .update(outbox)
    .set({ status: "sent", sentAt: new Date(), lockedUntil: null, lastError: null })
    .where(eq(outbox.id, message.id));
  return "sent";
}
