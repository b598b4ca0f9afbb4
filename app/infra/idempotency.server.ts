import { createHash } from "node:crypto";
import { idempotencyKeys } from "@db/idempotency-schema";
import { and, eq, lt } from "drizzle-orm";
import type { Database } from "./db.server";

/** How long an answer is kept for retries (as Stripe's API keeps its keys). */
const IDEMPOTENCY_KEEP_HOURS = 24;
/** How long the first request holds its key; longer than any of these requests takes. */
const HOLD_SECONDS = 30;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/** A key is 1 to 255 visible ASCII characters, as Stripe's API takes them (a UUID fits). */
export function isWellFormedIdempotencyKey(key: string): boolean {
  return key.length > 0 && key.length <= IDEMPOTENCY_KEY_MAX_LENGTH && /^[\x21-\x7e]+$/.test(key);
}

/** What tells a repeat of a request from another request under the same key. */
export function requestHashOf(body: string): string {
  return createHash("sha256").update(body).digest("hex");
}

export type IdempotencyClaim =
  /** First use (or its first request's process died): run the request and keep its answer. */
  | { kind: "run"; retriedAfterCrash: boolean }
  | { kind: "replay"; statusCode: number; body: string }
  /** The same key with another request. */
  | { kind: "mismatch" }
  /** The first request with this key is still running. */
  | { kind: "busy" };

interface Request {
  userId: string;
  key: string;
  endpoint: string;
  requestHash: string;
}

/** Takes the key for this request, or tells what was answered to it before. */
export async function claimIdempotencyKey(
  db: Database,
  request: Request,
  now = new Date(),
): Promise<IdempotencyClaim> {
  const lockedUntil = new Date(now.getTime() + HOLD_SECONDS * 1000);
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ ...request, lockedUntil, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return { kind: "run", retriedAfterCrash: false };
  const [earlier] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, request.key)));
  if (!earlier) return claimIdempotencyKey(db, request, now);
  const expired = earlier.createdAt.getTime() < now.getTime() - IDEMPOTENCY_KEEP_HOURS * 3_600_000;
  if (expired) {
    await db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, request.key)));
    return claimIdempotencyKey(db, request, now);
  }
  if (earlier.endpoint !== request.endpoint || earlier.requestHash !== request.requestHash)
    return { kind: "mismatch" };
  if (earlier.statusCode !== null && earlier.responseBody !== null) {
    return { kind: "replay", statusCode: earlier.statusCode, body: earlier.responseBody };
  }
  if (earlier.lockedUntil > now) return { kind: "busy" };
  // Its process died before answering: this retry takes the key over (only one retry can).
  const [taken] = await db
    .update(idempotencyKeys)
    .set({ lockedUntil })
    .where(
      and(
        eq(idempotencyKeys.userId, request.userId),
        eq(idempotencyKeys.key, request.key),
        eq(idempotencyKeys.lockedUntil, earlier.lockedUntil),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return taken ? { kind: "run", retriedAfterCrash: true } : { kind: "busy" };
}

/** Keeps the answer for retries. */
export async function keepIdempotentAnswer(
  db: Database,
  request: Pick<Request, "userId" | "key">,
  answer: { statusCode: number; body: string },
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ statusCode: answer.statusCode, responseBody: answer.body })
    .where(and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, request.key)));
}

/** Lets the key go (the request failed in a way a retry may fix: a 5xx). */
export async function releaseIdempotencyKey(
  db: Database,
  request: Pick<Request, "userId" | "key">,
): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, request.key)));
}

export async function pruneIdempotencyKeys(db: Database, now = new Date()): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEEP_HOURS * 3_600_000)));
}
