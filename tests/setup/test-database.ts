import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "~/infra/db.server";

/** A new, empty database on the PostgreSQL server at `serverUrl`: its URL, and how to drop it again. */
export async function createServerDatabase(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}

let migratedSnapshot: Blob | undefined;

/** The migrated embedded database saved once for the run (snapshot-embedded-database.ts). */
async function embeddedSnapshot(): Promise<Blob> {
  // Imported here: this module also serves the benchmarks, which run outside Vitest.
  const { inject } = await import("vitest");
  migratedSnapshot ??= new Blob([readFileSync(inject("embeddedDatabaseSnapshotFile"))]);
  return migratedSnapshot;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on
 * the PostgreSQL server named by DATABASE_URL (dropped again on close).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openDatabase({ pgliteSnapshot: await embeddedSnapshot() });
  const created = await createServerDatabase(serverUrl);
  const handle = await openDatabase({ databaseUrl: created.url });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await created.drop();
    },
  };
}

/**
 * Why tests that need a PostgreSQL server cannot run here (they are skipped with this reason), or
 * nothing when `url` names a server that answers.
 */
export async function whyNoPostgres(url: string | undefined): Promise<string | undefined> {
  if (!url) return "DATABASE_URL is not set (npm run test:postgres sets it); they need PostgreSQL";
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.end();
    return undefined;
  } catch (error) {
    return `no PostgreSQL answers at DATABASE_URL (${(error as Error).message})`;
  }
}
