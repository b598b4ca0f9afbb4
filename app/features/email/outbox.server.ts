import { outbox } from "@db/schema";
import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "~/infra/db.server";
import type { MailTransport, OutgoingMail } from "~/infra/mailer.server";

/** A message to queue: what will go out (the sender is added at delivery), and what it is about. */
export type EmailMessage = Omit<OutgoingMail, "from" | "attachments"> & {
  attachments?: OutgoingMail["attachments"];
  /** What the message is about, e.g. "password-reset"; for staff and tests, never sent. */
  kind: string;
};

/** Anything that can run an insert: the database or an open transaction. */
type Executor = Pick<Database, "insert">;

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
      nextAttemptAt,
    })),
  );
}

export const MAX_DELIVERY_ATTEMPTS = 8;
const LOCK_SECONDS = 120;

/** Wait before the next try: 30 s, 1 min, 2 min … capped at one hour. */
function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}

export interface DeliveryReport {
  sent: number;
  failed: number;
}

/**
 * Sends the e-mails that are due. Rows are claimed with `FOR UPDATE SKIP LOCKED` and a lease
 * (`locked_until`), so several processes can run this at once without sending a message twice.
 */
export async function deliverDueEmails(
  db: Database,
  transport: MailTransport,
  options: { from: string; batchSize?: number; now?: Date },
): Promise<DeliveryReport> {
  const now = options.now ?? new Date();
  const claimed = await db.transaction(async (transaction) => {
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
      .orderBy(asc(outbox.createdAt))
      .limit(options.batchSize ?? 20)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return transaction
      .update(outbox)
      .set({
        lockedUntil: new Date(now.getTime() + LOCK_SECONDS * 1000),
        attempts: sql`${outbox.attempts} + 1`,
      })
      .where(
        inArray(
          outbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });

  const report: DeliveryReport = { sent: 0, failed: 0 };
  const startedAt = Date.now();
  for (const message of claimed) {
    // Renew the lease before each send. Each claim counts an attempt, so a changed count means
    // another run took the row over after this run's lease ran out: leave the message to it.
    const current = new Date(now.getTime() + (Date.now() - startedAt));
    const ours = and(
      eq(outbox.id, message.id),
      eq(outbox.status, "pending"),
      eq(outbox.attempts, message.attempts),
    );
    const [renewed] = await db
      .update(outbox)
      .set({ lockedUntil: new Date(current.getTime() + LOCK_SECONDS * 1000) })
      .where(ours)
      .returning({ id: outbox.id });
    if (!renewed) continue;
    try {
      await transport.sendMail({
        from: options.from,
        to: message.recipient,
        subject: message.subject,
        text: message.textBody,
        html: message.htmlBody ?? undefined,
        replyTo: message.replyTo ?? undefined,
        attachments: message.attachments,
      });
      await db
        .update(outbox)
        .set({ status: "sent", sentAt: new Date(), lockedUntil: null, lastError: null })
        .where(eq(outbox.id, message.id));
      report.sent += 1;
    } catch (error) {
      const gaveUp = message.attempts >= MAX_DELIVERY_ATTEMPTS;
      await db
        .update(outbox)
        .set({
          status: gaveUp ? "failed" : "pending",
          lockedUntil: null,
          lastError: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500),
          nextAttemptAt: new Date(now.getTime() + retryDelaySeconds(message.attempts) * 1000),
        })
        .where(ours);
      report.failed += 1;
    }
  }
  return report;
}
