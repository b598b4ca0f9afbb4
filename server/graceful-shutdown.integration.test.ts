/**
 * SIGTERM to the compiled server (build/server/main.js, as `npm run build` writes it) with
 * requests in flight. The app behind it is the real runtime and HTTP app with slow
 * pages that read the database when they finish (tests/setup/shutdown-test-app.ts, bundled in place
 * of the React Router build). On PostgreSQL when DATABASE_URL is set, else on the embedded database.
 */
import { Agent, get, type IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import {
  pause,
  prepareCompiledServer,
  type RunningServer,
  startCompiledServer,
  untilLine,
} from "../tests/setup/compiled-server";

// The server entry exactly as `npm run build` compiles it, and the stand-in app beside it.
const { buildDirectory, databaseSettings } = prepareCompiledServer("shutdown-test");
const SLOW_PAGE_MS = 1500;
const REQUESTS = 30;

function startServer(settings: Record<string, string>): Promise<RunningServer> {
  return startCompiledServer(buildDirectory, {
    ...databaseSettings(),
    SLOW_PAGE_MS: String(SLOW_PAGE_MS),
    // One process, also on PostgreSQL: a cluster's shutdown is tested in two-processes.integration.test.ts.
    WORKERS: "1",
    ...settings,
  });
}

/** A GET on a keep-alive connection of its own; resolves with the whole answer, or the socket error. */
function slowPage(port: number, agent: Agent, index: number) {
  return new Promise<{ status?: number; connection?: string; body: string; error?: string }>((resolve) => {
    const request = get(
      { host: "127.0.0.1", port, path: `/slow/${index}`, agent },
      (response: IncomingMessage) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode, connection: response.headers.connection, body }),
        );
      },
    );
    request.on("error", (error) =>
      resolve({ body: "", error: (error as NodeJS.ErrnoException).code ?? error.message }),
    );
  });
}

/** Waits until the server has printed `count` lines starting with `prefix`. */
async function waitForLines(server: RunningServer, prefix: string, count: number) {
  const deadline = Date.now() + 30_000;
  while (server.lines.filter((line) => line.startsWith(prefix)).length < count) {
    if (Date.now() > deadline)
      throw new Error(`fewer than ${count} "${prefix}" lines:\n${server.lines.join("\n")}`);
    await pause(20);
  }
}

function connects(port: number): Promise<boolean> {
  return fetch(`http://127.0.0.1:${port}/healthz`).then(
    () => true,
    () => false,
  );
}

/** A GET of /healthz through `agent`: its status, its Keep-Alive header, and whether it reused a connection. */
function healthCheck(port: number, agent: Agent) {
  return new Promise<{ status?: number; keepAlive?: string; reusedConnection: boolean }>(
    (resolve, reject) => {
      const request = get({ host: "127.0.0.1", port, path: "/healthz", agent }, (response) => {
        response.resume();
        response.on("end", () =>
          resolve({
            status: response.statusCode,
            keepAlive: response.headers["keep-alive"]?.toString(),
            reusedConnection: request.reusedSocket,
          }),
        );
      });
      request.on("error", reject);
    },
  );
}

describe("an idle keep-alive connection", () => {
  it("stays open well past Node's default (about 6 s), so a client's next request on it is not cut off", async () => {
    const server = await startServer({});
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    expect(await healthCheck(server.port, agent)).toEqual({
      status: 200,
      keepAlive: "timeout=65",
      reusedConnection: false,
    });
    await pause(7_000);
    expect(await healthCheck(server.port, agent)).toMatchObject({ status: 200, reusedConnection: true });
    agent.destroy();
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  }, 120_000);
});

describe("the drain before a SIGTERM shutdown", () => {
  it("answers /readyz 503 at once while still serving everything else, new connections included, then stops", async () => {
    const DRAIN_MS = 2_000;
    const server = await startServer({ SHUTDOWN_DRAIN_MS: String(DRAIN_MS) });
    const base = `http://127.0.0.1:${server.port}`;
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    const signalled = performance.now();
    server.child.kill("SIGTERM");
    await untilLine(server, '"draining: /readyz answers 503');

    const readiness = await fetch(`${base}/readyz`);
    expect(readiness.status).toBe(503);
    expect(await readiness.json()).toEqual({ success: false, message: "This server is shutting down." });
    // Still serving (a new connection each, as fetch without keep-alive opens), told to close.
    const page = await slowPage(server.port, new Agent({ keepAlive: false }), 1);
    expect(page).toEqual({ status: 200, connection: "close", body: "<p>slow page</p>" });
    expect(performance.now() - signalled).toBeLessThan(DRAIN_MS);
    expect(await connects(server.port)).toBe(true);

    expect(await server.exited).toBe(0);
    expect(performance.now() - signalled).toBeGreaterThanOrEqual(DRAIN_MS);
    const drained = server.lines.find((line) => line.includes('"draining: /readyz answers 503'));
    expect(JSON.parse(drained!)).toMatchObject({ drainMs: DRAIN_MS });
  }, 120_000);
});

describe("SIGTERM to the compiled server", () => {
  it("stops accepting, answers every request in flight with Connection: close, then closes the database and exits 0", async () => {
    const server = await startServer({});
    const agent = new Agent({ keepAlive: true, maxSockets: REQUESTS + 1 });
    // An idle keep-alive connection must not hold the shutdown up.
    expect((await fetch(`http://127.0.0.1:${server.port}/healthz`, { keepalive: true })).status).toBe(200);

    const answers = Array.from({ length: REQUESTS }, (_, index) => slowPage(server.port, agent, index));
    await waitForLines(server, "SHUTDOWN-TEST page started", REQUESTS);
    const signalled = performance.now();
    server.child.kill("SIGTERM");
    await pause(200);
    expect(await connects(server.port)).toBe(false);

    for (const answer of await Promise.all(answers)) {
      expect(answer).toEqual({ status: 200, connection: "close", body: "<p>slow page</p>" });
    }
    expect(await server.exited).toBe(0);
    // Not held up by the idle connection or a forced close: done soon after the slow pages.
    expect(performance.now() - signalled).toBeLessThan(SLOW_PAGE_MS + 3000);
    agent.destroy();

    const finished = server.lines.filter((line) => line.startsWith("SHUTDOWN-TEST page finished"));
    const databaseClosed = server.lines.indexOf("SHUTDOWN-TEST database closed");
    expect(finished).toHaveLength(REQUESTS);
    expect(databaseClosed).toBeGreaterThan(server.lines.lastIndexOf(finished.at(-1)!));
    const shuttingDown = server.lines.find((line) => line.includes('"shutting down"'));
    expect(JSON.parse(shuttingDown!)).toMatchObject({ signal: "SIGTERM", requestsInFlight: REQUESTS });
  }, 120_000);

  it("cuts what is still running after SHUTDOWN_TIMEOUT_MS and still closes the database", async () => {
    const server = await startServer({ SHUTDOWN_TIMEOUT_MS: "300", SLOW_PAGE_MS: "5000" });
    const agent = new Agent({ keepAlive: true });
    const answer = slowPage(server.port, agent, 0);
    await waitForLines(server, "SHUTDOWN-TEST page started", 1);
    const signalled = performance.now();
    server.child.kill("SIGTERM");
    expect((await answer).error).toBe("ECONNRESET");
    expect(await server.exited).toBe(0);
    expect(performance.now() - signalled).toBeLessThan(5000);
    agent.destroy();
    expect(server.lines.some((line) => line.includes('"shutdown timeout: cutting connections"'))).toBe(true);
    expect(server.lines).toContain("SHUTDOWN-TEST database closed");
  }, 120_000);
});
