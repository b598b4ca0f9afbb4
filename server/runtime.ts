import path from "node:path";
import { type DatabaseHandle, openDatabase } from "~/infra/db.server";
import { type Environment, loadEnvironment } from "~/infra/env.server";
import { createLogger, type Logger } from "~/infra/logger.server";
import { seedDatabase } from "../db/seed";

export interface Runtime {
  env: Environment;
  logger: Logger;
  database: DatabaseHandle;
}

// Kept on globalThis so development reloads of this module reuse the one open database.
const runtimeKey = Symbol.for("va-hub.runtime");
type RuntimeHolder = { [runtimeKey]?: Promise<Runtime> };

export function getRuntime(): Promise<Runtime> {
  const holder = globalThis as RuntimeHolder;
  holder[runtimeKey] ??= startRuntime();
  return holder[runtimeKey];
}

export async function closeRuntime(): Promise<void> {
  const holder = globalThis as RuntimeHolder;
  const runtime = await holder[runtimeKey];
  delete holder[runtimeKey];
  await runtime?.database.close();
}

async function startRuntime(): Promise<Runtime> {
  const env = loadEnvironment();
  const logger = createLogger(env.LOG_LEVEL);
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDirectory: path.join(env.dataDirectory, "pglite"),
  });
  const seeded = await seedDatabase(database.db);
  logger.info({ msg: "database ready", driver: database.driver, seeded });
  return { env, logger, database };
}
