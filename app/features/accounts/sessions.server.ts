import { createHash, randomBytes } from "node:crypto";
import { sessions, type User, users } from "@db/schema";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { type Database, preparedPerDatabase } from "~/infra/db.server";

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

/** The user behind a live token, or undefined for an unknown, expired or revoked one. */
export async function findSessionUser(
  db: Database,
  token: string,
  now = new Date(),
): Promise<SessionUser | undefined> {
  if (!isTokenShaped(token)) return undefined;
  return userOfLiveSession(await findLiveSession(db, hashToken(token), now), now);
}

/** Whether a token could be one of ours at all: anything else is not looked up. */
export function isTokenShaped(token: string): boolean {
  return token.length > 0 && token.length <= 200;
}

/** The session's user while it lasts (a session may have been found earlier than `now`). */
export function userOfLiveSession(session: LiveSession | undefined, now: Date): SessionUser | undefined {
  return session && session.expiresAt > now ? session.user : undefined;
}

export async function findLiveSession(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<LiveSession | undefined> {
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
