// Starts the one Node process: the built app in production, Vite's middleware in development.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { getRequestListener } from "@hono/node-server";
import { ConfigurationError, loadDotEnvFile, loadEnvironment } from "~/infra/env.server";
import { createLogger } from "~/infra/logger.server";

type FetchApp = { fetch(request: Request): Response | Promise<Response> };
type AppModule = { createApp(): Promise<FetchApp>; closeRuntime(): Promise<void> };

const SHUTDOWN_GRACE_MS = 10_000;

loadDotEnvFile();
let env: ReturnType<typeof loadEnvironment>;
try {
  env = loadEnvironment();
} catch (error) {
  if (error instanceof ConfigurationError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const logger = createLogger(env.LOG_LEVEL);

let closeRuntime: () => Promise<void>;
let listener: (request: IncomingMessage, response: ServerResponse) => void;

if (env.isProduction) {
  const buildEntry = pathToFileURL(path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js")).href;
  const appModule = (await import(buildEntry)) as AppModule;
  const app = await appModule.createApp();
  closeRuntime = appModule.closeRuntime;
  listener = getRequestListener(app.fetch);
} else {
  const { createServer: createViteServer } = await import("vite");
  const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });
  const loadAppModule = () => vite.ssrLoadModule("/server/app.ts") as Promise<AppModule>;
  closeRuntime = async () => {
    await (await loadAppModule()).closeRuntime();
    await vite.close();
  };
  // Warm the database before the first request instead of during it.
  await (await loadAppModule()).createApp();
  listener = (request, response) => {
    vite.middlewares(request, response, async () => {
      try {
        const app = await (await loadAppModule()).createApp();
        await getRequestListener(app.fetch)(request, response);
      } catch (error) {
        if (error instanceof Error) vite.ssrFixStacktrace(error);
        logger.error({ msg: "development server error", err: error });
        response.statusCode = 500;
        response.end("Internal server error");
      }
    });
  };
}

const server = createServer(listener);
server.listen(env.PORT, env.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  logger.info({ msg: "listening", url: `http://localhost:${port}`, mode: env.NODE_ENV });
});

let shuttingDown = false;
async function shutDown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  logger.info({ msg: "shutting down", signal });
  // Stop taking connections, let requests in flight finish, then close the database.
  const forced = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
  server.closeIdleConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  clearTimeout(forced);
  await closeRuntime();
  logger.info({ msg: "stopped" });
  process.exit(0);
}
process.on("SIGTERM", () => void shutDown("SIGTERM"));
process.on("SIGINT", () => void shutDown("SIGINT"));
