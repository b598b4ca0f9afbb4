/**
 * Under load and outages, on the embedded database (and on PostgreSQL where DATABASE_URL says):
 * the access log counts until the last byte is sent, the cap on requests in flight answers the
 * excess with a quick 503 while health checks still answer, /readyz gives up within its time limit,
 * and a page that cannot reach the database answers 503 with a sentence.
 */
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, DatabaseUnavailableError, openDatabase } from "~/infra/db.server";
import { createLogger } from "~/infra/logger.server";
import { createPaymentGateways } from "~/infra/payment-gateways.server";
import { testSecrets } from "../tests/setup/test-app";
import { createTestDatabase } from "../tests/setup/test-database";
import { testEnvironment } from "../tests/setup/test-environment";
import { createHttpApp, type PageHandler } from "./http-app";
import { RECEIVED_AT, stampReceived } from "./received-at";

let database: DatabaseHandle;
let dataDirectory: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDirectory = mkdtempSync(path.join(tmpdir(), "va-hub-operations-"));
});
afterAll(async () => {
  await database.close();
  rmSync(dataDirectory, { recursive: true, force: true });
});

/** The real HTTP app with its log lines kept in `logLines`. */
function appWith(handlePage: PageHandler, settings: Record<string, string> = {}, over = database) {
  const logLines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const env = testEnvironment({ DATA_DIR: dataDirectory, TRUST_PROXY: "true", ...settings });
  const secrets = testSecrets();
  const app = createHttpApp({
    env,
    database: over,
    logger: createLogger("info", { pretty: false, destination }),
    secrets,
    payments: createPaymentGateways(env, secrets, over.db),
    handlePage,
  });
  return { app, logLines };
}

async function serve(app: { fetch(request: Request): Response | Promise<Response> }) {
  const server = createServer(getRequestListener(app.fetch));
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function stop(server: Server) {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(resolve));
}

function pause(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A promise and the function that settles it, for holding a handler until the test lets it go. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe("the access log", () => {
  it("counts from when Node handed the request over, so time spent waiting for a turn is logged", async () => {
    const { app, logLines } = appWith(async () => new Response("<p>page</p>"));
    const incoming = {};
    stampReceived(incoming);
    // As if the request had waited 3 s behind others before the app saw it.
    (incoming as Record<symbol, number>)[RECEIVED_AT]! -= 3000;
    await app.request("/waited", {}, { incoming });
    const line = logLines.find((entry) => entry.msg === "request" && entry.path === "/waited");
    expect(line?.durationMs).toBeGreaterThanOrEqual(3000);
  });

  it("counts until the last byte of a streamed page is sent, not until its headers are ready", async () => {
    const encoder = new TextEncoder();
    const { app, logLines } = appWith(
      async () =>
        new Response(
          new ReadableStream({
            async start(controller) {
              controller.enqueue(encoder.encode("<p>first part</p>"));
              await pause(400);
              controller.enqueue(encoder.encode("<p>the rest</p>"));
              controller.close();
            },
          }),
          { headers: { "Content-Type": "text/html" } },
        ),
    );
    const { server, url } = await serve(app);
    try {
      const started = performance.now();
      const response = await fetch(`${url}/slow-page`);
      expect(await response.text()).toBe("<p>first part</p><p>the rest</p>");
      const clientMs = performance.now() - started;
      await pause(50);
      const line = logLines.find((entry) => entry.msg === "request" && entry.path === "/slow-page");
      expect(line).toMatchObject({ status: 200, requestId: response.headers.get("X-Request-Id") });
      expect(line?.durationMs).toBeGreaterThanOrEqual(400);
      expect(line?.durationMs).toBeLessThanOrEqual(clientMs);
    } finally {
      await stop(server);
    }
  });

  it("says when the client left before the answer was complete", async () => {
    const { app, logLines } = appWith(
      async () =>
        new Response(
          new ReadableStream({
            async start(controller) {
              controller.enqueue(new TextEncoder().encode("<p>first part</p>"));
              await pause(2000);
              controller.close();
            },
          }),
        ),
    );
    const { server, url } = await serve(app);
    try {
      const leaving = new AbortController();
      const response = await fetch(`${url}/abandoned`, { signal: leaving.signal });
      expect(response.status).toBe(200);
      leaving.abort();
      await expect
        .poll(() => logLines.find((entry) => entry.path === "/abandoned"))
        .toMatchObject({
          completed: false,
        });
    } finally {
      await stop(server);
    }
  });
});

describe("the cap on requests in flight", () => {
  it("answers the excess 503 at once with Retry-After, keeps health checks answering, and frees its places", async () => {
    const held = gate();
    const { app } = appWith(
      async () => {
        await held.opened;
        return new Response("<p>page</p>", { headers: { "Content-Type": "text/html" } });
      },
      { MAX_REQUESTS_IN_FLIGHT: "2" },
    );
    const first = app.request("/about");
    const second = app.request("/services");
    await pause(20);

    const started = performance.now();
    const page = await app.request("/contact");
    const api = await app.request("/api/project/types");
    expect(performance.now() - started).toBeLessThan(500);
    expect(page.status).toBe(503);
    expect(page.headers.get("Retry-After")).toBe("1");
    // A refused client comes back through the accept queue rather than at once on this connection.
    expect(page.headers.get("Connection")).toBe("close");
    expect(await page.text()).toContain("The site is busy right now. Please try again in a moment.");
    expect(api.status).toBe(503);
    expect(await api.json()).toEqual({
      success: false,
      message: "The site is busy right now. Please try again in a moment.",
    });

    expect((await app.request("/healthz")).status).toBe(200);
    expect((await app.request("/readyz")).status).toBe(200);

    held.open();
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    expect((await app.request("/api/project/types")).status).toBe(200);
  });

  it("frees the place of a request that failed", async () => {
    let calls = 0;
    const { app } = appWith(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error("renderer failed");
        return new Response("<p>page</p>");
      },
      { MAX_REQUESTS_IN_FLIGHT: "1" },
    );
    expect((await app.request("/about")).status).toBe(500);
    expect((await app.request("/about")).status).toBe(200);
  });
});

describe("a page that cannot reach the database", () => {
  it("answers 503 with Retry-After and a sentence instead of a 500", async () => {
    const { app, logLines } = appWith(async () => {
      throw new DatabaseUnavailableError("The database did not answer within 1500 ms.");
    });
    const response = await app.request("/my-appointments");
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("5");
    expect(await response.text()).toContain("We cannot reach our database right now.");
    expect(logLines.find((entry) => entry.msg === "database unavailable")).toMatchObject({
      path: "/my-appointments",
    });
  });
});

describe("/readyz on a busy embedded database", () => {
  it("says not ready within 2 s while a transaction holds the database, and ready once it ends", async () => {
    // PGlite runs one statement at a time: a long transaction makes every other query wait.
    const embedded = await openDatabase({});
    try {
      const { app } = appWith(async () => new Response("page"), {}, embedded);
      const held = gate();
      const transaction = embedded.db.transaction(async () => held.opened);
      await pause(20);

      const started = performance.now();
      const busy = await app.request("/readyz");
      expect(busy.status).toBe(503);
      expect(performance.now() - started).toBeLessThan(2000);

      held.open();
      await transaction;
      expect((await app.request("/readyz")).status).toBe(200);
    } finally {
      await embedded.close();
    }
  });
});
