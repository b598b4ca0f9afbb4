import { outbox, outboxStatuses } from "@db/schema";
import { and, desc, eq, inArray } from "drizzle-orm";
import { type Actor, recordAudit } from "~/features/audit/audit.server";
import type { Database } from "~/infra/db.server";
import { readPage } from "~/infra/paging.server";
import { FeatureError } from "~/lib/errors";
import { recordIdOrNotFound } from "~/lib/record-id";

export type OutboxStatus = (typeof outboxStatuses)[number];
export type OutboxMessage = typeof outbox.$inferSelect;

const OUTBOX_PAGE_SIZE = 25;

const NOT_FOUND_MESSAGE = "This e-mail does not exist.";

/** Reads a status from a query string; anything else means "every status". */
export function outboxStatusFrom(value: string | null | undefined): OutboxStatus | undefined {
  return outboxStatuses.find((status) => status === value);
}

/** What the list shows of a message (the bodies stay out of it). */
export type OutboxListItem = Pick<
  OutboxMessage,
  "id" | "recipient" | "subject" | "kind" | "status" | "attempts" | "lastError" | "createdAt" | "sentAt"
>;

/** Messages, newest first, one page at a time, optionally of one status. */
export async function listOutbox(
  db: Database,
  filters: { status?: OutboxStatus },
  page = 1,
): Promise<{ messages: OutboxListItem[]; hasMore: boolean }> {
  const { rows, hasMore } = await readPage(
    db
      .select({
        id: outbox.id,
        recipient: outbox.recipient,
        subject: outbox.subject,
        kind: outbox.kind,
        status: outbox.status,
        attempts: outbox.attempts,
        lastError: outbox.lastError,
        createdAt: outbox.createdAt,
        sentAt: outbox.sentAt,
      })
      .from(outbox)
      .where(filters.status ? eq(outbox.status, filters.status) : undefined)
      .orderBy(desc(outbox.createdAt), desc(outbox.id)),
    page,
    OUTBOX_PAGE_SIZE,
  );
  return { messages: rows, hasMore };
}

/** One message, bodies included. */
export async function getOutboxMessage(db: Database, messageId: string): Promise<OutboxMessage> {
  const id = recordIdOrNotFound(messageId, NOT_FOUND_MESSAGE);
  const [message] = await db.select().from(outbox).where(eq(outbox.id, id)).limit(1);
  if (!message) throw new FeatureError("not-found", NOT_FOUND_MESSAGE);
  return message;
}

/**
 * Makes a failed or waiting message due now, so the worker's next run tries it again; the count of
 * attempts is kept (it tells staff how often delivery failed). A sent message is left alone.
 */
export async function retryOutboxMessage(
  db: Database,
  actor: Actor,
  messageId: string,
  now: Date,
): Promise<OutboxMessage> {
  const current = await getOutboxMessage(db, messageId);
  // The worker compares with the system clock; a test clock set ahead must not push the try later.
  const dueAt = new Date(Math.min(now.getTime(), Date.now()));
  return db.transaction(async (transaction) => {
    const [retried] = await transaction
      .update(outbox)
      .set({ status: "pending", nextAttemptAt: dueAt, lockedUntil: null })
      .where(and(eq(outbox.id, current.id), inArray(outbox.status, ["pending", "failed"])))
      .returning();
    if (!retried) throw new FeatureError("conflict", "This e-mail was already sent.");
    await recordAudit(
      transaction,
      actor,
      {
        action: "email.retry",
        targetType: "email",
        targetId: current.id,
        summary: `Retry of “${current.subject}” to ${current.recipient}`,
        before: { status: current.status, nextAttemptAt: current.nextAttemptAt.toISOString() },
        after: { status: retried.status, nextAttemptAt: retried.nextAttemptAt.toISOString() },
      },
      now,
    );
    return retried;
  });
}
