// The server bundle's entry (see vite.config.ts): pages and API in one module graph.

import * as build from "virtual:react-router/server-build";
import { createRequestHandler } from "react-router";
import { createHttpApp } from "./http-app";
import { closeRuntime, getRuntime } from "./runtime";

export async function createApp() {
  const { env, logger, database, secrets, payments } = await getRuntime();
  const handleRequest = createRequestHandler(build, env.NODE_ENV);
  return createHttpApp({
    env,
    logger,
    database,
    secrets,
    payments,
    handlePage: (request, context) => handleRequest(request, context),
    clientDirectory: env.isProduction ? `${process.env.BUILD_DIR ?? "build"}/client` : undefined,
  });
}

export { closeRuntime };
