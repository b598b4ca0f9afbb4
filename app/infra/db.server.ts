import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Database } from "@db/database";
import * as schema from "@db/schema";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { DRIZZLE_PARSERS, drizzleFacingClient } from "./pglite-client.server";
import { listenOnPostgres, type NoticeHandlers } from "./postgres-listener.server";

// Declared beside the schema, so db/ needs nothing from infra; the app goes on importing them from here.
export type { Database, Transaction } from "@db/database";

/**
 * A statement prepared once per database (Drizzle's `.prepare`), for the queries that run with
 * most requests: building such a query each time cost more than running it on the embedded
 * database (decision 30).
 */
export function preparedPerDatabase<Statement>(
  prepare: (db: Database) => Statement,
): (db: Database) => Statement {
  const prepared = new WeakMap<Database, Statement>();
  return (db) => {
    let statement = prepared.get(db);
    if (!statement) {
      statement = prepare(db);
      prepared.set(db, statement);
    }
    return statement;
  };
}

const reachedByThisProcessOnly = new WeakSet<Database>();

/**
 * Whether no other process can reach this database (the embedded one: PGlite holds its data
 * folder alone), so counts kept in this process's memory are the whole truth about it.
 */
export function isReachedByThisProcessOnly(db: Database): boolean {
  return reachedByThisProcessOnly.has(db);
}

export interface DatabaseHandle {
  db: Database;
  driver: "pglite" | "postgres";
  /** Resolves when the database answers a trivial query within the ping time limit; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Hears NOTIFY on `channel`, from any process. Resolves once it has tried to listen; the
   * returned function stops. See NoticeHandlers for what is told when.
   */
  listen(channel: string, handlers: NoticeHandlers): Promise<() => Promise<void>>;
  /**
   * Whether a listener of this process has been told of a change by the time the statement that
   * committed it resolves: so on the embedded database (one process, one connection, notices
   * handled with each answer; decision 31), not on PostgreSQL (they come on another connection).
   */
  noticesArriveWithCommit: boolean;
  /** How long opening took, phase by phase (ms), for the start-up log. */
  startup: { openMs: number; migrationsMs: number; migrations: "applied" | "up to date" };
  /**
   * The embedded database only: a checkpoint once enough has been written since the last one, so a
   * restart after a crash has little to replay (PGlite runs without PostgreSQL's checkpointer).
   */
  checkpointIfDue?(): Promise<void>;
}

/** Time limits on PostgreSQL, so an unreachable or frozen server fails requests instead of hanging them. */
interface DatabaseTimeLimits {
  /** Opening a connection, or waiting for a free one in the pool. */
  connectMs: number;
  /** One statement, enforced by the server; the client gives up a little later if the server says nothing. */
  statementMs: number;
  /** The readiness check (`ping`). */
  pingMs: number;
}

const defaultTimeLimits: DatabaseTimeLimits = { connectMs: 5000, statementMs: 15_000, pingMs: 1500 };

/** How much longer than the server's statement limit the client waits before calling the server silent. */
const SILENT_SERVER_GRACE_MS = 2000;
/** WAL written since the last checkpoint before the embedded database takes another (a short replay). */
const CHECKPOINT_AFTER_WAL_BYTES = 4 * 1024 * 1024;

export const migrationsFolder = path.resolve("db/migrations");

/** Any key works as long as every process that migrates this database uses the same one. */
const MIGRATION_LOCK_KEY = 72_410_001;

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  databaseUrl?: string;
  /** Folder for PGlite's files; `undefined` keeps PGlite in memory (tests). */
  pgliteDirectory?: string;
  /**
   * A PGlite database to start from instead of an empty one (`migratedEmbeddedSnapshot`): opening
   * a copy is much quicker than creating and migrating a new one (tests).
   */
  pgliteSnapshot?: Blob;
  timeLimits?: DatabaseTimeLimits;
  /** Told when PostgreSQL drops a connection (a restart, a network failure); the pool replaces it. */
  onConnectionLost?: (error: Error) => void;
}

/** Raised by this module's own time limits; see `isDatabaseUnavailable`. */
export class DatabaseUnavailableError extends Error {}

/** Opens the database and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const timeLimits = options.timeLimits ?? defaultTimeLimits;
  if (options.databaseUrl) return openPostgres(options.databaseUrl, timeLimits, options.onConnectionLost);
  return openPglite(options.pgliteDirectory, timeLimits, options.pgliteSnapshot);
}

/** A new embedded database with every migration applied, as a tarball to open copies of. */
export async function migratedEmbeddedSnapshot(): Promise<Blob> {
  const client = new PGlite();
  try {
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    return await client.dumpDataDir("none");
  } finally {
    await client.close();
  }
}

/**
 * The embedded database's page cache, inside the process's memory. PostgreSQL's 128 MB default was
 * most of the server's resident memory, and far more than the demo's data needs; pages beyond it
 * are read through the OS's file cache.
 */
const EMBEDDED_SHARED_BUFFERS = "32MB";

/**
 * A new data folder is made by PGlite's initdb, a WebAssembly instance of its own. Its memory, a
 * large share of the process's, is garbage once the folder exists, but only full collections free
 * it (two, a turn of the event loop apart: the first lets go of what still holds it), and an idle
 * server may not run one for a long time, keeping far more memory than it needs (decision 30).
 * `npm start` and `npm run serve` pass --expose-gc for this; without it nothing happens here.
 */
async function releaseInitdbMemory(): Promise<void> {
  if (!globalThis.gc) return;
  globalThis.gc();
  await new Promise((resolve) => setImmediate(resolve));
  globalThis.gc();
}

async function openPglite(
  directory: string | undefined,
  timeLimits: DatabaseTimeLimits,
  snapshot?: Blob,
): Promise<DatabaseHandle> {
  const started = performance.now();
  const initialising = !snapshot && (!directory || !existsSync(path.join(directory, "PG_VERSION")));
  if (directory) mkdirSync(directory, { recursive: true });
  const client = new PGlite({
    dataDir: directory,
    loadDataDir: snapshot,
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`],
    parsers: DRIZZLE_PARSERS,
  });
  await client.waitReady;
  const opened = performance.now();
  const migrations = await migrateUnlessUpToDate(
    async (query) => (await client.query<{ created_at: unknown }>(query)).rows,
    () => migratePglite(drizzlePglite(client), { migrationsFolder }),
  );
  if (initialising) await releaseInitdbMemory();
  const db = drizzlePglite({ client: drizzleFacingClient(client), schema }) as unknown as Database;
  reachedByThisProcessOnly.add(db);
  return {
    db,
    driver: "pglite",
    noticesArriveWithCommit: true,
    ping: () => withTimeLimit(client.query("select 1"), timeLimits.pingMs),
    close: () => client.close(),
    // One process, one connection: it never loses it.
    listen: async (channel, handlers) => {
      const stop = await client.listen(channel, handlers.onNotice);
      handlers.onListening();
      return () => stop();
    },
    startup: {
      openMs: elapsedMs(started, opened),
      migrationsMs: elapsedMs(opened, performance.now()),
      migrations,
    },
    checkpointIfDue: async () => {
      const { rows } = await client.query<{ bytes: number }>(
        "select pg_wal_lsn_diff(pg_current_wal_lsn(), redo_lsn)::float8 as bytes from pg_control_checkpoint()",
      );
      if ((rows[0]?.bytes ?? 0) >= CHECKPOINT_AFTER_WAL_BYTES) await client.exec("checkpoint");
    },
  };
}

async function openPostgres(
  connectionString: string,
  timeLimits: DatabaseTimeLimits,
  onConnectionLost: (error: Error) => void = () => {},
): Promise<DatabaseHandle> {
  const started = performance.now();
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: timeLimits.connectMs,
    statement_timeout: timeLimits.statementMs,
    // A frozen server never says the statement timed out; the client stops waiting on its own.
    query_timeout: timeLimits.statementMs + SILENT_SERVER_GRACE_MS,
    keepAlive: true,
  });
  reportAndReleaseLostConnections(pool, onConnectionLost);
  const db = drizzleNodePostgres(pool, { schema }) as unknown as Database;
  const migrations = await migrateUnlessUpToDate(
    async (query) => (await pool.query<{ created_at: unknown }>(query)).rows,
    () => migratePostgresExclusively(connectionString, timeLimits.connectMs),
  );
  return {
    db,
    driver: "postgres",
    noticesArriveWithCommit: false,
    ping: () => withTimeLimit(pool.query("select 1"), timeLimits.pingMs),
    close: () => pool.end(),
    listen: (channel, handlers) =>
      listenOnPostgres(connectionString, channel, handlers, timeLimits.connectMs),
    // The pool connects lazily: its first connection is made by the migration check.
    startup: { openMs: 0, migrationsMs: elapsedMs(started, performance.now()), migrations },
  };
}

/**
 * A connection the server drops emits "error" on its client. The pool listens on idle clients only;
 * on a borrowed one nobody listens, and Node ends the process. Listen on every client, report, and
 * hand a borrowed one back to the pool at once: Drizzle never releases a client whose BEGIN failed,
 * and each such client would otherwise hold one of the pool's slots for good.
 *
 * A frozen server drops nothing: the client's own query time limit fires and no "error" follows.
 * Such a connection is no longer trustworthy (its statement may still be queued on the server), so
 * a borrowed client whose query went unanswered is discarded the same way.
 */
function reportAndReleaseLostConnections(pool: pg.Pool, onConnectionLost: (error: Error) => void): void {
  const borrowed = new WeakSet<pg.PoolClient>();
  pool.on("acquire", (client) => borrowed.add(client));
  pool.on("release", (_error, client) => borrowed.delete(client));
  pool.on("error", onConnectionLost);
  pool.on("connect", (client) => {
    const discardIfBorrowed = (error: Error) => {
      if (!borrowed.has(client)) return;
      borrowed.delete(client);
      const release = client.release;
      client.release = () => {};
      release(error);
    };
    client.on("error", (error) => {
      // Idle clients are the pool's: it removes them and reports through its own "error" event.
      if (!borrowed.has(client)) return;
      onConnectionLost(error);
      discardIfBorrowed(error);
    });
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: (...args: unknown[]) => unknown }).query = (...args) => {
      const result = query(...args);
      // Promise-style calls only (Drizzle's); pool.query's callback style releases with the error itself.
      if (result instanceof Promise) {
        result.catch((error: unknown) => {
          if (error instanceof Error && silentServerMessage.test(error.message)) discardIfBorrowed(error);
        });
      }
      return result;
    };
  });
}

/** One process at a time migrates (several may start together); ending the session frees the lock. */
async function migratePostgresExclusively(connectionString: string, connectMs: number): Promise<void> {
  // A client without the pool's statement limits: taking the lock may wait for another process.
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: connectMs });
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migrateNodePostgres(drizzleNodePostgres(client), { migrationsFolder });
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Drizzle's migrator reads and hashes every migration file and creates its schema and table on each
 * run; a database whose last applied migration is the journal's newest needs none of that.
 */
async function migrateUnlessUpToDate(
  query: (sql: string) => Promise<Array<{ created_at: unknown }>>,
  migrate: () => Promise<void>,
): Promise<"applied" | "up to date"> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
    entries: Array<{ when: number }>;
  };
  const newest = Math.max(...journal.entries.map((entry) => entry.when));
  try {
    const rows = await query(
      "select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1",
    );
    if (rows.length > 0 && Number(rows[0]?.created_at) >= newest) return "up to date";
  } catch (error) {
    // A new database has no migrations table yet; anything else is a real failure.
    if ((error as { code?: unknown }).code !== "42P01") throw error;
  }
  await migrate();
  return "applied";
}

/** Error codes of a database that cannot be reached or is shutting down (SQLSTATE 08xxx, 57P0x). */
const unavailableCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up or recovering)
  "53300", // too_many_connections
  "57014", // query_canceled: the statement time limit
]);
/** node-postgres's message when its own query time limit fires: the server said nothing at all. */
const silentServerMessage = /^Query read timeout/;
/** node-postgres reports lost connections and its own time limits with messages only. */
const lostConnectionMessage =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Client was closed and is not queryable)/;

/**
 * Whether an error means the database could not be reached in time (down, restarting, frozen, out
 * of connections) rather than that the request was wrong: such a request may succeed if retried
 * later, so it is answered 503 with Retry-After. Drizzle wraps driver errors, so causes are followed.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth += 1) {
    if (current instanceof DatabaseUnavailableError) return true;
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (unavailableCodes.has(code) || code.startsWith("08"))) return true;
    if (lostConnectionMessage.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

/** Settles like `work`, or rejects with DatabaseUnavailableError after `limitMs`. */
async function withTimeLimit(work: Promise<unknown>, limitMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new DatabaseUnavailableError(`The database did not answer within ${limitMs} ms.`)),
      limitMs,
    );
  });
  // The loser may still fail later; that is no longer anyone's concern.
  work.catch(() => {});
  try {
    await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

function elapsedMs(from: number, to: number): number {
  return Math.round(to - from);
}
