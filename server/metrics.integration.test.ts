/**
 * GET /metrics through the HTTP app: who may read it on which port, Prometheus' text format, the
 * business numbers read from the database at scrape time, route labels that are patterns, and an
 * answer when the database does not give one. promtool's check is metrics-promtool.integration.test.ts.
 */
import { describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "~/infra/db.server";
import { bookOrFail, consultantNamed, createUserWithSession, getWith } from "../tests/setup/factories";
import { frozenSuite } from "../tests/setup/frozen-suite";
import { metricNamesOf, samplesOf, sampleValue } from "../tests/setup/metrics-text";
import { createTestApp } from "../tests/setup/test-app";
import { markFromHealthPort } from "./health-port";

const TOKEN = "metrics-token-for-the-tests-0123456789";
const suite = frozenSuite({ settings: { METRICS_TOKEN: TOKEN } });

/** GET /metrics with the token, another one, or (null) none. */
function scrape(app = suite.app, token: string | null = TOKEN) {
  return app.request("/metrics", token ? { headers: { Authorization: `Bearer ${token}` } } : {});
}

async function scrapedText(app = suite.app): Promise<string> {
  const response = await scrape(app);
  expect(response.status).toBe(200);
  return response.text();
}

/** The suite's database as a handle of its own (the suite gives its app one, not the tests). */
function handleOver(db: Database): DatabaseHandle {
  return {
    db,
    driver: "pglite",
    ping: () => Promise.resolve(),
    close: () => Promise.resolve(),
  } as DatabaseHandle;
}

/** The suite's database with a statement runner that fails or never answers. */
function databaseWhoseQueries(behave: "hang" | "fail"): DatabaseHandle {
  const db = new Proxy(suite.db, {
    get: (target, property, receiver) =>
      property === "execute"
        ? () => (behave === "hang" ? new Promise(() => {}) : Promise.reject(new Error("connection refused")))
        : Reflect.get(target, property, receiver),
  });
  return handleOver(db);
}

describe("who may read /metrics", () => {
  it("asks for the token on the main port: 401 with a sentence without it or with a wrong one", async () => {
    const without = await scrape(suite.app, null);
    expect(without.status).toBe(401);
    expect(without.headers.get("WWW-Authenticate")).toBe('Bearer realm="metrics"');
    expect(await without.text()).toBe("Metrics need a token: send Authorization: Bearer <METRICS_TOKEN>.");

    const wrong = await scrape(suite.app, `${TOKEN}x`);
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toBe("That metrics token is not the right one.");
    const otherScheme = await suite.app.request("/metrics", { headers: { Authorization: `Basic ${TOKEN}` } });
    expect(otherScheme.status).toBe(401);

    const right = await scrape();
    expect(right.status).toBe(200);
    expect(right.headers.get("Content-Type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(right.headers.get("Cache-Control")).toBe("no-store");
  });

  it("answers 404 on the main port when neither METRICS_TOKEN nor HEALTH_PORT is set, saying nothing more", async () => {
    const app = suite.appWith({});
    const response = await app.request("/metrics", { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(404);
    const body = await response.text();
    expect(body).toMatch(/^Metrics are not enabled: set METRICS_TOKEN/);
    expect(body).not.toContain("http_requests_total");
  });

  it("serves HEALTH_PORT's requests without a token, and not the main port's when no token is set", async () => {
    const { app } = createTestApp(handleOver(suite.db), { settings: { HEALTH_PORT: "3999" } });
    const mainPort = await app.request("/metrics");
    expect(mainPort.status).toBe(404);
    expect(await mainPort.text()).toBe("Metrics are not served on this port: they are on HEALTH_PORT.");

    const healthPortRequest = {};
    markFromHealthPort(healthPortRequest);
    const healthPort = await app.request("/metrics", {}, { incoming: healthPortRequest });
    expect(healthPort.status).toBe(200);
    expect(await healthPort.text()).toContain("\ndb_up 1\n");
  });
});

describe("what /metrics says", () => {
  it("speaks Prometheus' text format and names every metric of DESIGN §9", async () => {
    await getWith(suite.app, "/project");
    const text = await scrapedText();
    const names = metricNamesOf(text);
    for (const name of [
      "http_requests_total",
      "http_request_duration_seconds",
      "bookings_total",
      "appointments",
      "payments",
      "outbox_pending_messages",
      "outbox_oldest_pending_age_seconds",
      "db_up",
      "db_scrape_duration_seconds",
      "nodejs_eventloop_lag_seconds",
      "nodejs_eventloop_lag_p99_seconds",
      "process_resident_memory_bytes",
      "nodejs_heap_size_used_bytes",
    ]) {
      expect(names, name).toContain(name);
    }
    expect(text).toMatch(/^# HELP http_requests_total .+\n# TYPE http_requests_total counter$/m);
    expect(text).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);
    const samples = samplesOf(text);
    expect(sampleValue(samples, "db_up")).toBe(1);
    // The pool's figures are node-postgres's; the embedded database has no pool.
    const poolReported = names.includes("db_pool_connections");
    expect(poolReported).toBe(process.env.DATABASE_URL !== undefined);
    for (const status of ["created", "paid", "failed", "expired", "refunded"]) {
      expect(sampleValue(samples, "payments", { status })).toBeGreaterThanOrEqual(0);
    }
    expect(
      sampleValue(samples, "http_request_duration_seconds_count", {
        method: "GET",
        route: "/project/:type?",
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sampleValue(samples, "http_request_duration_seconds_bucket", {
        method: "GET",
        route: "/project/:type?",
        le: "+Inf",
      }),
    ).toBeGreaterThanOrEqual(1);
  });

  it("counts a booked appointment, read from the database when scraped", async () => {
    const before = samplesOf(await scrapedText());
    const lucas = await consultantNamed(suite.db, "Lucas Meyer");
    const user = await createUserWithSession(suite.db);
    await bookOrFail(suite.app, user.token, { docId: lucas.id, slotDate: "5_5_2027", slotTime: "11:00 AM" });

    const after = samplesOf(await scrapedText());
    expect(sampleValue(after, "bookings_total")).toBe(
      (sampleValue(before, "bookings_total") ?? Number.NaN) + 1,
    );
    expect(sampleValue(after, "appointments", { status: "booked" })).toBe(
      (sampleValue(before, "appointments", { status: "booked" }) ?? Number.NaN) + 1,
    );
    // A booking queues its confirmation e-mail; no SMTP in the tests, so it waits in the outbox.
    expect(sampleValue(after, "outbox_pending_messages")).toBeGreaterThanOrEqual(1);
    expect(sampleValue(after, "outbox_oldest_pending_age_seconds")).toBeGreaterThanOrEqual(0);
    expect(
      sampleValue(after, "http_requests_total", {
        method: "POST",
        route: "/api/user/book-appointment",
        status: "201",
      }),
    ).toBe(
      (sampleValue(before, "http_requests_total", { route: "/api/user/book-appointment", status: "201" }) ??
        0) + 1,
    );
  });

  it("labels requests by route pattern and status, never by a path with an id in it", async () => {
    const lucas = await consultantNamed(suite.db, "Lucas Meyer");
    const unknownId = "0b0e6f2a-1c1d-4e5f-8a9b-0c1d2e3f4a5b";
    await getWith(suite.app, `/api/consultant/${lucas.id}/slots`);
    await getWith(suite.app, `/api/consultant/${unknownId}/slots`);
    await getWith(suite.app, `/api/no-such-endpoint/${unknownId}`);
    await getWith(suite.app, `/appointment/${lucas.id}`);
    await getWith(suite.app, `/appointment/${lucas.id}.data`);
    await getWith(suite.app, `/no/such/page/${unknownId}`);
    const text = await scrapedText();
    expect(text).not.toContain(lucas.id);
    expect(text).not.toContain(unknownId);
    const samples = samplesOf(text);
    const requests = (route: string, status: string) =>
      sampleValue(samples, "http_requests_total", { method: "GET", route, status });
    expect(requests("/api/consultant/:id/slots", "200")).toBeGreaterThanOrEqual(1);
    expect(requests("/api/consultant/:id/slots", "404")).toBeGreaterThanOrEqual(1);
    expect(requests("/api/*", "404")).toBeGreaterThanOrEqual(1);
    // The pages' catch-all handler is counted under the route table's pattern.
    expect(requests("/appointment/:docId", "200")).toBeGreaterThanOrEqual(2);
    expect(requests("/*", "200")).toBeGreaterThanOrEqual(1);
    for (const sample of samples.filter((candidate) => candidate.name.startsWith("http_request"))) {
      // Patterns, or one of the fixed labels: files, and the answers kept in memory (server/memory-answers.ts).
      expect(sample.labels.route, JSON.stringify(sample)).toMatch(
        /^(\/[\w.:?*-]*)+$|^\((file|kept page|kept API answer)\)$/,
      );
    }
  });

  it("answers at once with db_up 0 when the database fails or does not answer in time", async () => {
    for (const behave of ["fail", "hang"] as const) {
      const { app } = createTestApp(databaseWhoseQueries(behave), {
        settings: { METRICS_TOKEN: TOKEN, READY_TIMEOUT_MS: "200" },
      });
      const started = performance.now();
      const response = await scrape(app);
      expect(performance.now() - started, behave).toBeLessThan(2000);
      expect(response.status).toBe(200);
      const text = await response.text();
      const samples = samplesOf(text);
      expect(sampleValue(samples, "db_up"), behave).toBe(0);
      // What only the database knows is left out rather than reported as zero.
      expect(metricNamesOf(text)).not.toContain("bookings_total");
      expect(metricNamesOf(text)).not.toContain("outbox_pending_messages");
      expect(metricNamesOf(text)).toContain("http_requests_total");
      expect(metricNamesOf(text)).toContain("process_resident_memory_bytes");
    }
  });
});
