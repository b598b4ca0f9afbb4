import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
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

const sessionUserQuery = preparedPerDatabase((db) =>
  db
    .select({ user: users })
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
  if (!token || token.length > 200) return undefined;
  // Every signed-in request asks this (see preparedPerDatabase).
  const [row] = await sessionUserQuery(db).execute({ tokenHash: hashToken(token), now });
  return row?.user;
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
