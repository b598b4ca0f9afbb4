/**
 * HEALTH_PORT: the compiled server (build/server/main.js, as `npm run build` writes it) answers
 * /healthz, /readyz and /metrics on a listener of its own as well, so an orchestrator's probe does
 * not queue behind a crowd's connections on the main port; nothing else is served there. On PostgreSQL when
 * DATABASE_URL is set, else on the embedded database.
 */
import { describe, expect, it } from "vitest";
import {
  freePort,
  prepareCompiledServer,
  spawnCompiledServer,
  startCompiledServer,
  untilLine,
} from "../tests/setup/compiled-server";

const { buildDirectory, databaseSettings } = prepareCompiledServer("health-port-test");

async function get(port: number, pathname: string) {
  const response = await fetch(`http://127.0.0.1:${port}${pathname}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("a health port", () => {
  it("answers /healthz, /readyz and /metrics, refuses every other path with a 404 and a sentence, and closes on SIGTERM", async () => {
    const healthPort = await freePort();
    const server = await startCompiledServer(buildDirectory, {
      ...databaseSettings(),
      WORKERS: "1",
      HEALTH_PORT: String(healthPort),
    });

    expect(await get(healthPort, "/healthz")).toEqual({ status: 200, body: { success: true, status: "ok" } });
    expect(await get(healthPort, "/readyz")).toMatchObject({
      status: 200,
      body: { success: true, status: "ready" },
    });
    expect(await get(healthPort, "/healthz?from=probe")).toMatchObject({ status: 200 });
    // A page (the stand-in app's pages answer any other path) is not served on the health port.
    expect(await get(healthPort, "/slow/1")).toEqual({
      status: 404,
      body: {
        success: false,
        message: "This port answers health checks and metrics only: /healthz, /readyz and /metrics.",
      },
    });
    // Metrics, without METRICS_TOKEN: the health port is the operator's. The main port has none.
    const metrics = await fetch(`http://127.0.0.1:${healthPort}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(/^db_up 1$/m);
    expect((await fetch(`http://127.0.0.1:${server.port}/metrics`)).status).toBe(404);
    expect(server.lines.some((line) => line.includes("SHUTDOWN-TEST page started"))).toBe(false);
    // The main port answers health checks as before.
    expect(await get(server.port, "/healthz")).toEqual({
      status: 200,
      body: { success: true, status: "ok" },
    });
    await untilLine(server, `http://localhost:${healthPort}/healthz`);

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    await expect(fetch(`http://127.0.0.1:${healthPort}/healthz`)).rejects.toThrow();
  }, 120_000);

  it("must differ from PORT: the server refuses to start and says why", async () => {
    const port = await freePort();
    const server = await spawnCompiledServer(buildDirectory, {
      ...databaseSettings("data-same-port"),
      PORT: String(port),
      HEALTH_PORT: String(port),
    });
    expect(await server.exited).toBe(1);
    expect(server.lines.join("\n")).toContain("HEALTH_PORT: must differ from PORT");
  }, 60_000);
});
