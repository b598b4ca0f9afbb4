// The server bundle's entry (see vite.config.ts): pages and API in one module graph.

import * as build from "virtual:react-router/server-build";
import { createHttpApp } from "./http-app";
import { createPageHandler } from "./page-handler";
import { closeRuntime, getRuntime } from "./runtime";

export async function createApp() {
  const { env, logger, database, secrets, payments, catalogueAnswers } = await getRuntime();
  return createHttpApp({
    env,
    logger,
    database,
    secrets,
    payments,
    catalogueAnswers,
    handlePage: createPageHandler(build, env.NODE_ENV),
    clientDirectory: env.isProduction ? `${process.env.BUILD_DIR ?? "build"}/client` : undefined,
  });
}

export { closeRuntime };
