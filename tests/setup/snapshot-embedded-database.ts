// Vitest's global setup: creates and migrates one embedded database for the whole run and saves it,
// so each test file's database (test-database.ts) opens a copy instead of running PostgreSQL's
// initdb and every migration again, which is far slower and would be paid in every such file.
import type { TestProject } from "vitest/node";
import { migratedEmbeddedSnapshot } from "~/infra/db.server";
import { writeRunFile } from "./run-file";

declare module "vitest" {
  export interface ProvidedContext {
    /** Empty when the run uses PostgreSQL (DATABASE_URL). */
    embeddedDatabaseSnapshotFile: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide("embeddedDatabaseSnapshotFile", "");
    return;
  }
  const snapshot = new Uint8Array(await (await migratedEmbeddedSnapshot()).arrayBuffer());
  const { file, remove } = writeRunFile("migrated.tar", snapshot);
  project.provide("embeddedDatabaseSnapshotFile", file);
  return remove;
}
