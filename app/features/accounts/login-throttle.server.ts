/**
 * Brute-force protection without a lockout (DESIGN §5, decision 0021): failed logins make the next
 * attempts *from the same address* wait longer and longer, so a guesser is slowed down while the
 * owner, signing in from anywhere else, is never refused. Failures from many addresses at one
 * account make each of those addresses wait too, but an address that has not failed passes.
 */

import { loginFailures, users } from "@db/schema";
import { and, count, eq, gt, lt, max, type SQL, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/infra/db.server";
import { FeatureError } from "~/lib/errors";

/** Failures older than this are forgotten. */
export const LOGIN_FAILURE_MEMORY_SECONDS = 15 * 60;
/** The longest wait between two attempts from an address that keeps failing. */
const LONGEST_WAIT_SECONDS = 15 * 60;

export interface LoginThrottleSettings {
  /** Failed logins of one account from one address before the waits begin. */
  freeFailures: number;
}

function rememberedSince(now: Date): Date {
  return new Date(now.getTime() - LOGIN_FAILURE_MEMORY_SECONDS * 1000);
}

/**
 * Seconds this address must still wait before it may try this account's password again; 0 when it
 * may try now. An address without a recent failure for the account never waits.
 */
export async function loginWaitSeconds(
  db: Database,
  email: string,
  clientAddress: string,
  settings: LoginThrottleSettings,
  now: Date,
): Promise<number> {
  const recent = and(eq(loginFailures.email, email), gt(loginFailures.failedAt, rememberedSince(now)));
  const [fromHere] = await db
    .select({ failures: count(), lastFailedAt: max(loginFailures.failedAt) })
    .from(loginFailures)
    .where(and(recent, eq(loginFailures.clientAddress, clientAddress)));
  if (!fromHere?.failures || !fromHere.lastFailedAt) return 0;
  const [fromAnywhere] = await db.select({ failures: count() }).from(loginFailures).where(recent);
  const strikes = Math.max(
    fromHere.failures,
    // Many addresses guessing at one account: each of them is held as if it had failed a share.
    Math.ceil((fromAnywhere?.failures ?? 0) / settings.freeFailures),
  );
  if (strikes < settings.freeFailures) return 0;
  const waitSeconds = Math.min(2 ** (strikes - settings.freeFailures), LONGEST_WAIT_SECONDS);
  const allowedAt = new Date(fromHere.lastFailedAt).getTime() + waitSeconds * 1000;
  return Math.max(0, Math.ceil((allowedAt - now.getTime()) / 1000));
}

export function loginWaitError(waitSeconds: number): FeatureError {
  return new FeatureError(
    "rate-limited",
    `Too many failed logins from here. Please wait ${waitSeconds} seconds and try again, or reset your password.`,
    {},
    waitSeconds,
  );
}

export async function recordLoginFailure(
  db: Database,
  email: string,
  clientAddress: string,
  now: Date,
): Promise<void> {
  await db.insert(loginFailures).values({ email, clientAddress, failedAt: now });
}

/** Forgets an account's failed logins (a new password, or staff lifting the wait); returns how many. */
export async function forgetLoginFailures(db: Database | Transaction, email: string): Promise<number> {
  const forgotten = await db
    .delete(loginFailures)
    .where(eq(loginFailures.email, email))
    .returning({ id: loginFailures.id });
  return forgotten.length;
}

/** Forgets one address's failures at an account, once it has signed in from there. */
export async function forgetLoginFailuresFrom(
  db: Database,
  email: string,
  clientAddress: string,
): Promise<void> {
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.email, email), eq(loginFailures.clientAddress, clientAddress)));
}

/** Accounts whose recent failed logins are making some address wait (for the staff's people list). */
export function loginsSlowedDown(settings: LoginThrottleSettings, now: Date): SQL {
  return sql`(select count(*) from ${loginFailures} where ${loginFailures.email} = ${users.email} and ${loginFailures.failedAt} > ${rememberedSince(now).toISOString()}::timestamptz) >= ${settings.freeFailures}`;
}

/** Drops failures nobody remembers any more; called from time to time by the server. */
export async function pruneLoginFailures(db: Database, now: Date): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.failedAt, rememberedSince(now)));
}
