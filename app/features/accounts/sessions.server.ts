import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { ChangeAwareCache } from "~/infra/change-aware-cache.server";
import { type Database, preparedPerDatabase } from "~/infra/db.server";
import { sessions, type User, users } from "../../../db/schema";

export type SessionUser = User;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Starts a session and returns its token; only the token's hash is stored. */
export async function createSession(
  db: Database,
  userId: string,
  lifetimeDays: number,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + lifetimeDays * 86_400_000);
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

/** A live session as the database gave it: its user, and until when it lasts. */
export interface LiveSession {
  user: SessionUser;
  expiresAt: Date;
}

/**
 * Live sessions kept by token hash (kept-sessions.server.ts), forgotten the moment their user or
 * the session changes. Only where the database's notices arrive with each commit.
 */
export type KeptSessions = ChangeAwareCache<LiveSession>;

const sessionUserQuery = preparedPerDatabase((db) =>
  db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder("tokenHash")),
        gt(sessions.expiresAt, sql.placeholder("now")),
        isNull(sessions.revokedAt),
        // A disabled account's sessions end at once, even ones not yet revoked.
        isNull(users.disabledAt),
      ),
    )
    .limit(1)
    .prepare("session_user"),
);

/**
 * The user behind a live token, or undefined for an unknown, expired or revoked one. With `kept`,
 * a session found before is not asked for again until it or its user changes.
 */
export async function findSessionUser(
  db: Database,
  token: string,
  now = new Date(),
  kept?: KeptSessions,
): Promise<SessionUser | undefined> {
  if (!token || token.length > 200) return undefined;
  const tokenHash = hashToken(token);
  const session = kept
    ? await kept.get(tokenHash, () => findLiveSession(db, tokenHash, now), now.getTime())
    : await findLiveSession(db, tokenHash, now);
  return session && session.expiresAt > now ? session.user : undefined;
}

async function findLiveSession(db: Database, tokenHash: string, now: Date): Promise<LiveSession | undefined> {
  // Every signed-in request asks this (see preparedPerDatabase).
  const [row] = await sessionUserQuery(db).execute({ tokenHash, now });
  return row;
}

export async function revokeSession(db: Database, token: string, now = new Date()): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(eq(sessions.tokenHash, hashToken(token)));
}

/** Ends every session of a user; accepts an open transaction too. */
export async function revokeAllSessions(
  executor: Pick<Database, "update">,
  userId: string,
  now = new Date(),
): Promise<void> {
  await executor
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
