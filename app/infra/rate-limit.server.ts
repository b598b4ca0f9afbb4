import { rateLimitBuckets } from "@db/schema";
import { lt, sql } from "drizzle-orm";
import { FeatureError } from "~/lib/errors";
import { type Database, isReachedByThisProcessOnly, preparedPerDatabase } from "./db.server";

export interface RateLimitRule {
  /** What is limited and for whom, e.g. `login:ip:203.0.113.9`. */
  key: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Counts one request against a fixed window kept in the database, so every server process shares
 * it; on the embedded database, which one process holds alone, the count is kept in memory
 * instead (see countInMemory). Throws a `rate-limited` FeatureError (with the seconds to wait) past the limit.
 */
export async function consumeRateLimit(db: Database, rule: RateLimitRule, now = new Date()): Promise<void> {
  const count = await countInWindow(db, rule, now, 1);
  if (count > rule.limit) throw tooManyRequests(rule, now);
}

/** Whether the limit is already reached, without counting this request (e.g. failed logins). */
export async function isRateLimited(db: Database, rule: RateLimitRule, now = new Date()): Promise<boolean> {
  return (await countInWindow(db, rule, now, 0)) >= rule.limit;
}

/** Counts an event that only sometimes counts (a failed login), after the fact. */
export async function recordRateLimitedEvent(
  db: Database,
  rule: RateLimitRule,
  now = new Date(),
): Promise<void> {
  await countInWindow(db, rule, now, 1);
}

function tooManyRequests(rule: RateLimitRule, now = new Date()): FeatureError {
  const windowEnd = windowStartFor(rule, now).getTime() + rule.windowSeconds * 1000;
  const retryAfterSeconds = Math.max(1, Math.ceil((windowEnd - now.getTime()) / 1000));
  return new FeatureError(
    "rate-limited",
    `Too many attempts. Please wait ${retryAfterSeconds} seconds and try again.`,
    {},
    retryAfterSeconds,
  );
}

/** Drops windows that ended long ago; called from time to time by the server. */
export async function pruneRateLimits(db: Database, now = new Date()): Promise<void> {
  const counts = countsInMemory.get(db);
  if (counts) forgetEndedWindows(counts, now.getTime());
  await db
    .delete(rateLimitBuckets)
    .where(lt(rateLimitBuckets.windowStart, new Date(now.getTime() - 86_400_000)));
}

function windowStartFor(rule: RateLimitRule, now: Date): Date {
  const windowMs = rule.windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

/** Every limited request counts here (see preparedPerDatabase). */
const countQuery = preparedPerDatabase((db) => {
  const increment = sql.placeholder("increment");
  return db
    .insert(rateLimitBuckets)
    .values({ key: sql.placeholder("key"), windowStart: sql.placeholder("windowStart"), count: increment })
    .onConflictDoUpdate({
      target: [rateLimitBuckets.key, rateLimitBuckets.windowStart],
      set: { count: sql`${rateLimitBuckets.count} + ${increment}` },
    })
    .returning({ count: rateLimitBuckets.count })
    .prepare("rate_limit_count");
});

interface CountInMemory {
  count: number;
  windowEndsAt: number;
}

interface CountsInMemory {
  byWindow: Map<string, CountInMemory>;
  /** Ended windows are dropped when a new one would pass this many (doubling, so it stays cheap). */
  pruneAbove: number;
}

const countsInMemory = new WeakMap<Database, CountsInMemory>();
const COUNTS_KEPT_BEFORE_PRUNING = 10_000;

/**
 * The embedded database's counts. Counting there was a write per limited request, each a commit of
 * its own, most of what a refused booking cost in a rush (decision 31). A restart starts every
 * window afresh, as if it had just ended.
 */
function countInMemory(db: Database, rule: RateLimitRule, now: Date, increment: 0 | 1): number {
  let counts = countsInMemory.get(db);
  if (!counts) {
    counts = { byWindow: new Map(), pruneAbove: COUNTS_KEPT_BEFORE_PRUNING };
    countsInMemory.set(db, counts);
  }
  const windowStart = windowStartFor(rule, now).getTime();
  const key = `${rule.key}\n${windowStart}`;
  const kept = counts.byWindow.get(key);
  if (kept) {
    kept.count += increment;
    return kept.count;
  }
  if (counts.byWindow.size >= counts.pruneAbove) forgetEndedWindows(counts, now.getTime());
  counts.byWindow.set(key, { count: increment, windowEndsAt: windowStart + rule.windowSeconds * 1000 });
  return increment;
}

function forgetEndedWindows(counts: CountsInMemory, now: number): void {
  for (const [key, { windowEndsAt }] of counts.byWindow) {
    if (windowEndsAt <= now) counts.byWindow.delete(key);
  }
  counts.pruneAbove = Math.max(COUNTS_KEPT_BEFORE_PRUNING, counts.byWindow.size * 2);
}

async function countInWindow(
  db: Database,
  rule: RateLimitRule,
  now: Date,
  increment: 0 | 1,
): Promise<number> {
  if (isReachedByThisProcessOnly(db)) return countInMemory(db, rule, now, increment);
  const [row] = await countQuery(db).execute({
    key: rule.key,
    windowStart: windowStartFor(rule, now),
    increment,
  });
  return row?.count ?? increment;
}
