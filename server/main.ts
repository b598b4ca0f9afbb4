// Starts the server: the built app in production, Vite's middleware in development. Production runs
// this file compiled (`npm run build` writes build/server/main.js), so the process that receives
// SIGTERM is this one, with no npm or tsx in between. On PostgreSQL it is the primary of one worker
// per core (server/cluster.ts), and each worker runs this same file's single-process server.
import cluster from "node:cluster";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ConfigurationError, loadDotEnvFile, loadEnvironment } from "~/infra/env.server";
import { createLogger } from "~/infra/logger.server";
import { answerOversizedBeforeContinue } from "./body-limit";
import { type AnyRequest, type AnyResponse, acceptCleartextHttp2 } from "./cleartext-http2";
import { isShutDownMessage, planProcesses, READY_FOR_SHUTDOWN, runPrimary } from "./cluster";
import { markFromHealthPort } from "./health-port";
import { stampReceived } from "./received-at";

type Listener = (request: AnyRequest, response: AnyResponse) => unknown;
/** The HTTP pipeline as server/app.ts makes it. */
type App = { listener: Listener };
type AppModule = { createApp(): Promise<App>; closeRuntime(): Promise<void> };
type RunningApp = { listener: Listener; closeRuntime(): Promise<void> };

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

/** Requests whose handler has not finished; a shutdown waits for them before closing the database. */
const inFlight = new Set<AnyResponse>();
let handlersDone: (() => void) | undefined;
let shuttingDown = false;
/** SIGTERM's first part: still serving, but /readyz says 503 so balancers stop sending new visitors. */
let draining = false;
/** Signals this process received (a worker is also told to stop by its primary, which is no signal). */
let signalsReceived = 0;
let started: Promise<RunningApp>;
let running: RunningApp;

function handle(request: AnyRequest, response: AnyResponse) {
  stampReceived(request);
  // Once shutting down, every HTTP/1.1 answer tells the client not to send another on this
  // connection (HTTP/2 has no such header: its sessions are sent GOAWAY instead).
  if (shuttingDown && request.httpVersionMajor === 1) response.setHeader("Connection", "close");
  if (draining && (request.url ?? "").split("?", 1)[0] === "/readyz") {
    response.writeHead(503, { "Content-Type": "application/json", "Cache-Control": "no-store" });
    response.end(JSON.stringify({ success: false, message: "This server is shutting down." }));
    return;
  }
  inFlight.add(response);
  Promise.resolve(running.listener(request, response))
    .catch((error) => logger.error({ msg: "request handler failed", err: error }))
    .finally(() => {
      inFlight.delete(response);
      if (inFlight.size === 0) handlersDone?.();
    });
}
const server = createServer(handle);
/**
 * How long an idle keep-alive connection stays open. Node's 5 s is shorter than what clients and
 * load balancers keep theirs (60 s is common), so a request sent on a connection the server is just
 * closing fails with ECONNRESET, as the end-to-end tests' HTTP client saw. The server must be the one
 * that waits longer; headers get a second more, as Node requires.
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;
server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
answerOversizedBeforeContinue(server);
const http2 = acceptCleartextHttp2(server, handle);
/**
 * Health checks and metrics only, on HEALTH_PORT when it is set (its comment in
 * app/infra/env.server.ts says why). Metrics need no METRICS_TOKEN here: the port is the operator's.
 */
const healthServer = env.HEALTH_PORT === undefined ? undefined : createServer(answerHealthCheck);
const HEALTH_PATHS = new Set(["/healthz", "/readyz", "/metrics"]);

function answerHealthCheck(request: IncomingMessage, response: ServerResponse) {
  const path = (request.url ?? "").split("?", 1)[0] ?? "";
  if (HEALTH_PATHS.has(path)) {
    markFromHealthPort(request);
    handle(request, response);
    return;
  }
  response.writeHead(404, { "Content-Type": "application/json" });
  response.end(
    JSON.stringify({
      success: false,
      message: "This port answers health checks and metrics only: /healthz, /readyz and /metrics.",
    }),
  );
}

const plan = planProcesses(env);
if (plan.note && cluster.isPrimary) logger.info({ msg: plan.note });
if (cluster.isPrimary && plan.workers > 1) {
  runPrimary({
    workers: plan.workers,
    logger,
    // Workers drain first (SIGTERM), then finish what is in flight.
    shutdownTimeoutMs: env.SHUTDOWN_DRAIN_MS + env.SHUTDOWN_TIMEOUT_MS,
    url: `http://localhost:${env.PORT}`,
  });
} else {
  await serveInThisProcess();
}

async function serveInThisProcess() {
  // Start-up waits on work no libuv handle stands for (the embedded database's WebAssembly being
  // compiled on V8's threads). Finding nothing alive, Node's loop stopped to wait for all of V8's
  // background work, tier-up compilation included, and the first answer came noticeably later
  // (decision 26). A timer keeps the loop turning until the server listens.
  const keepLoopAlive = setInterval(() => {}, 60_000);
  // Registered before start-up: a signal during it stops the server cleanly once it has started.
  started = startApp();
  process.on("SIGTERM", () => void shutDown("SIGTERM"));
  process.on("SIGINT", () => void shutDown("SIGINT"));
  if (cluster.isWorker) {
    process.on("message", (message) => {
      if (isShutDownMessage(message)) void shutDown(message.signal, "primary");
    });
    process.send?.({ type: READY_FOR_SHUTDOWN });
  }
  running = await started;
  /**
   * Connections waiting to be accepted. Node's default (511) overflows when a crowd arrives at once,
   * and a health check's connection is then dropped and retried by TCP a second or more later; the
   * kernel's own ceiling (net.core.somaxconn) still applies. In a cluster the primary listens, with
   * this backlog.
   */
  const LISTEN_BACKLOG = 4096;
  await new Promise<void>((resolve) =>
    server.listen({ port: env.PORT, host: env.HOST, backlog: LISTEN_BACKLOG }, resolve),
  );
  if (healthServer) {
    await new Promise<void>((resolve) =>
      healthServer.listen({ port: env.HEALTH_PORT, host: env.HOST }, resolve),
    );
  }
  clearInterval(keepLoopAlive);
  const address = server.address();
  // performance.now() counts from the process's start: the whole start-up, for restart budgets.
  logger.info({
    msg: "listening",
    url: `http://localhost:${typeof address === "object" && address ? address.port : env.PORT}`,
    ...(healthServer ? { healthChecks: `http://localhost:${env.HEALTH_PORT}/healthz` } : {}),
    mode: env.NODE_ENV,
    startupMs: Math.round(performance.now()),
  });
}

async function startApp(): Promise<RunningApp> {
  if (env.isProduction) {
    const buildEntry = pathToFileURL(path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js")).href;
    const appModule = (await import(buildEntry)) as AppModule;
    const app = await appModule.createApp();
    return { listener: app.listener, closeRuntime: appModule.closeRuntime };
  }
  const { createServer: createViteServer } = await import("vite");
  const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });
  const loadAppModule = () => vite.ssrLoadModule("/server/app.ts") as Promise<AppModule>;
  // Warm the database before the first request instead of during it.
  await (await loadAppModule()).createApp();
  return {
    // Settles when the response is done, so a shutdown can wait for it.
    listener: (request, response) =>
      new Promise<void>((resolve) => {
        response.once("close", resolve);
        // Vite's middleware stack is typed for HTTP/1.1; HTTP/2's compatibility objects serve it too.
        vite.middlewares(request as IncomingMessage, response as ServerResponse, async () => {
          try {
            const app = await (await loadAppModule()).createApp();
            await app.listener(request, response);
          } catch (error) {
            if (error instanceof Error) vite.ssrFixStacktrace(error);
            logger.error({ msg: "development server error", err: error });
            response.statusCode = 500;
            response.end("Internal server error");
          }
        });
      }),
    closeRuntime: async () => {
      await (await loadAppModule()).closeRuntime();
      await vite.close();
    },
  };
}

/**
 * On SIGTERM, drain first: for SHUTDOWN_DRAIN_MS /readyz answers 503 while every other request is
 * still served (HTTP/1.1 answers with `Connection: close`, so clients and balancers open new
 * connections, which a balancer that has marked this host down sends elsewhere). SIGINT (Ctrl-C)
 * skips the drain. Then stop accepting connections, let requests in flight finish, then close the
 * database. Connections still busy after SHUTDOWN_TIMEOUT_MS are cut. A second
 * signal stops at once; a worker told by its primary and signalled too (Ctrl-C reaches the whole
 * process group) has had one signal only.
 */
async function shutDown(signal: string, source: "signal" | "primary" = "signal") {
  if (source === "signal") signalsReceived += 1;
  if (shuttingDown) {
    if (signalsReceived < 2) return;
    logger.warn({ msg: "second signal: stopping at once", signal });
    process.exit(1);
  }
  shuttingDown = true;
  if (signal === "SIGTERM" && env.SHUTDOWN_DRAIN_MS > 0) {
    draining = true;
    logger.info({
      msg: "draining: /readyz answers 503, requests still served",
      drainMs: env.SHUTDOWN_DRAIN_MS,
    });
    await new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_DRAIN_MS));
  }
  logger.info({ msg: "shutting down", signal, requestsInFlight: inFlight.size });
  const { closeRuntime } = await started;
  for (const response of inFlight) {
    if (!response.headersSent && "req" in response && response.req.httpVersionMajor === 1) {
      response.setHeader("Connection", "close");
    }
  }
  const serverClosed = new Promise<void>((resolve) => server.close(() => resolve()));
  // Probes then find nothing listening, as they would on a stopped process.
  healthServer?.close();
  healthServer?.closeIdleConnections();
  server.closeIdleConnections();
  // GOAWAY: streams under way finish, no new ones start, and each connection closes after its last.
  for (const session of http2.sessions) session.close();
  const requestsFinished =
    inFlight.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => (handlersDone = resolve));
  let timer: NodeJS.Timeout | undefined;
  const graceOver = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), env.SHUTDOWN_TIMEOUT_MS);
  });
  const outcome = await Promise.race([Promise.all([requestsFinished, serverClosed]), graceOver]);
  clearTimeout(timer);
  if (outcome === "timeout") {
    logger.warn({ msg: "shutdown timeout: cutting connections", requestsInFlight: inFlight.size });
    server.closeAllConnections();
    for (const session of http2.sessions) session.destroy();
  } else {
    logger.info({ msg: "requests finished" });
  }
  await closeRuntime();
  logger.info({ msg: "database closed; stopped" });
  process.exit(0);
}
