import { ChangeAwareCache } from "~/infra/change-aware-cache.server";
import type { DatabaseHandle } from "~/infra/db.server";
import type { KeptSessions, LiveSession } from "./sessions.server";

/** Sent by the triggers of db/migrations/0014 when a user or a session changes. */
export const ACCOUNT_CHANGES_CHANNEL = "account_changes";

/** At most this long even if nothing changes; each use still checks the session's own expiry. */
const LONGEST_KEPT_MS = 60_000;

/**
 * What a notice of db/migrations/0014 says changed: one user (their sessions and account), or,
 * for a truncated table, anything.
 */
export function sessionsChangedBy(
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
  const keptSessions = new ChangeAwareCache<LiveSession>({
    ttlMs: LONGEST_KEPT_MS,
    maxEntries: 10_000,
    keysChangedBy: sessionsChangedBy,
  });
  const stop = await keptSessions.hear(database, ACCOUNT_CHANGES_CHANNEL);
  return { keptSessions, stop };
}
