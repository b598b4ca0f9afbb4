// The server bundle's entry (see vite.config.ts): pages and API in one module graph.

import * as build from "virtual:react-router/server-build";
import type { ServerBuild } from "react-router";
import { createHttpApp } from "./http-app";
import { createPageHandler } from "./page-handler";
import { closeRuntime, getRuntime } from "./runtime";

/** The pages' build inside this bundle, for the render bench (bench/render-worker.ts). */
export const serverBuild: ServerBuild = build;

/** The HTTP app; `options.build` stands in for the pages' build (the render bench wraps it). */
export async function createApp(options: { build?: ServerBuild } = {}) {
  const { env, logger, database, secrets, payments, catalogueAnswers } = await getRuntime();
  return createHttpApp({
    env,
    logger,
    database,
    secrets,
    payments,
    catalogueAnswers,
    handlePage: createPageHandler(options.build ?? build, env.NODE_ENV),
    clientDirectory: env.isProduction ? `${process.env.BUILD_DIR ?? "build"}/client` : undefined,
  });
}

export { closeRuntime };
