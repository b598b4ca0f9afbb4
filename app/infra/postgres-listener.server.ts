import pg from "pg";

/**
 * What a listener is told, on either database (`DatabaseHandle.listen`). Here, beside the
 * PostgreSQL listener, so db.server.ts imports this module and not the other way round.
 */
export interface NoticeHandlers {
  onNotice(payload: string): void;
  /** Listening now (again): notices from here on arrive. */
  onListening(): void;
  /** Not listening any more (the connection was lost): notices sent meanwhile are missed. */
  onGap(): void;
}

const FIRST_RETRY_MS = 500;
const LONGEST_RETRY_MS = 10_000;

/**
 * LISTENs on `channel` over a connection of its own (a pooled one is handed to others between
 * queries and would miss notices). When that connection is lost, notices sent meanwhile are lost
 * too: `onGap` says so, and it reconnects with a growing pause until it listens again.
 */
export async function listenOnPostgres(
  connectionString: string,
  channel: string,
  handlers: NoticeHandlers,
  connectMs: number,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryMs = FIRST_RETRY_MS;

  const retryLater = () => {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, retryMs);
    retryMs = Math.min(retryMs * 2, LONGEST_RETRY_MS);
  };

  const connect = async () => {
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: connectMs, keepAlive: true });
    client.on("notification", (notice) => {
      if (notice.channel === channel) handlers.onNotice(notice.payload ?? "");
    });
    // "end" follows every error; the error itself needs a listener or Node ends the process.
    client.on("error", () => {});
    client.on("end", () => {
      if (current !== client) return;
      current = undefined;
      handlers.onGap();
      retryLater();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch {
      client.end().catch(() => {});
      retryLater();
      return;
    }
    if (stopped) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
    retryMs = FIRST_RETRY_MS;
    handlers.onListening();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retryTimer);
    const client = current;
    current = undefined;
    await client?.end().catch(() => {});
  };
}
