import {
  findLiveSession,
  hashToken,
  isTokenShaped,
  type LiveSession,
  type SessionUser,
  userOfLiveSession,
} from "~/features/accounts/sessions.server";
import type { Database, DatabaseHandle } from "~/infra/db.server";
import { ChangeAwareCache } from "./change-aware-cache.server";

/** Sent by the triggers of db/migrations/0014 when a user or a session changes. */
const ACCOUNT_CHANGES_CHANNEL = "account_changes";

/** At most this long even if nothing changes; each use still checks the session's own expiry. */
const LONGEST_KEPT_MS = 60_000;

/** Live sessions by token hash, forgotten the moment their user or the session changes. */
export type KeptSessions = ChangeAwareCache<LiveSession>;

/**
 * What a notice of db/migrations/0014 says changed: one user (their sessions and account), or,
 * for a truncated table, anything.
 */
function sessionsChangedBy(
  payload: string,
): ((tokenHash: string, session: LiveSession) => boolean) | undefined {
  const userId = /^user:([0-9a-f-]{36})$/.exec(payload)?.[1];
  if (!userId) return undefined;
  return (_tokenHash, session) => session.user.id.toLowerCase() === userId;
}

/**
 * The process's kept sessions, hearing the database's notices; none where those notices arrive
 * after the commit (PostgreSQL: another process's sign-out would be heard a moment late), so a
 * signed-out or disabled account is refused from the next request on, as when the database is
 * asked every time. Worth it on the embedded database, where each lookup is a query on the one
 * thread that also serves requests (decision 31).
 */
export async function startKeepingSessions(
  database: Pick<DatabaseHandle, "listen" | "noticesArriveWithCommit">,
): Promise<{ keptSessions?: KeptSessions; stop(): Promise<void> }> {
  if (!database.noticesArriveWithCommit) return { stop: async () => {} };
  const keptSessions: KeptSessions = new ChangeAwareCache({
    ttlMs: LONGEST_KEPT_MS,
    maxEntries: 10_000,
    keysChangedBy: sessionsChangedBy,
  });
  const stop = await keptSessions.hear(database, ACCOUNT_CHANGES_CHANNEL);
  return { keptSessions, stop };
}

/** The user behind a live token, as findSessionUser says, not asked again until it or its user changes. */
export async function keptSessionUser(
  keptSessions: KeptSessions,
  db: Database,
  token: string,
  now: Date,
): Promise<SessionUser | undefined> {
  if (!isTokenShaped(token)) return undefined;
  const tokenHash = hashToken(token);
  const session = await keptSessions.get(tokenHash, () => findLiveSession(db, tokenHash, now), now.getTime());
  return userOfLiveSession(session, now);
}
