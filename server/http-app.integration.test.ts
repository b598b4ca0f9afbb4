import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/infra/db.server";
import type { RequestContext } from "~/request-context.server";
import { createTestApp } from "../tests/setup/test-app";
import { createTestDatabase } from "../tests/setup/test-database";

let database: DatabaseHandle;
const pageContexts: RequestContext[] = [];

function buildApp(options: { production?: boolean; publicUrl?: string; failingPages?: boolean } = {}) {
  return createTestApp(database, {
    settings: {
      NODE_ENV: options.production ? "production" : "test",
      ...(options.publicUrl ? { PUBLIC_URL: options.publicUrl } : {}),
    },
    handlePage: async (request, context) => {
      if (options.failingPages) throw new Error("renderer exploded with a secret stack");
      pageContexts.push(context);
      return new Response(`<p>page ${new URL(request.url).pathname}</p>`, {
        headers: { "Content-Type": "text/html" },
      });
    },
  }).app;
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe("health endpoints", () => {
  it("answers liveness without touching the database", async () => {
    const response = await buildApp().request("/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, status: "ok" });
  });

  it("reports ready when the database answers, and 503 with a sentence when it does not", async () => {
    const ready = await buildApp().request("/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ success: true, status: "ready" });

    const broken = createTestApp({
      ...database,
      ping: () => Promise.reject(new Error("connection refused")),
    }).app;
    const notReady = await broken.request("/readyz");
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toEqual({ success: false, message: "The database is not reachable." });
  });
});

describe("request handling", () => {
  // Pages rendered per visitor; content pages for anonymous visitors are shared (page-cache tests).
  it("hands pages to the renderer with the database, a request id and a CSP nonce", async () => {
    const response = await buildApp().request("/project");
    expect(response.status).toBe(200);
    const context = pageContexts.at(-1);
    expect(context?.db).toBe(database.db);
    expect(context?.requestId).toBe(response.headers.get("X-Request-Id"));
    expect(response.headers.get("Content-Security-Policy")).toContain(`'nonce-${context?.cspNonce}'`);
  });

  it("gives every response a fresh nonce", async () => {
    const app = buildApp();
    const first = (await app.request("/project")).headers.get("Content-Security-Policy");
    const second = (await app.request("/project")).headers.get("Content-Security-Policy");
    expect(first).not.toEqual(second);
  });

  it("sets the security headers, with HSTS only in production over HTTPS", async () => {
    const development = await buildApp().request("/");
    expect(development.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(development.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(development.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    expect(development.headers.get("Strict-Transport-Security")).toBeNull();

    const plainHttp = await buildApp({ production: true, publicUrl: "http://va.example.com" }).request("/");
    expect(plainHttp.headers.get("Strict-Transport-Security")).toBeNull();
    const production = await buildApp({ production: true, publicUrl: "https://va.example.com" }).request("/");
    expect(production.headers.get("Strict-Transport-Security")).toContain("max-age=31536000");
  });

  it("answers malformed percent-encoding and NUL characters in the address with 400, never 500", async () => {
    for (const path of [
      "/%E0%A4%A",
      "/%",
      "/blog/%zz",
      "/project/%00",
      "/verify?success=true&appointmentId=%00",
      "/api/project/list?type=a%00b",
    ]) {
      const response = await buildApp().request(path);
      expect(response.status, path).toBe(400);
    }
    const api = await buildApp().request("/api/doctor/%00");
    expect(await api.json()).toEqual({ success: false, message: "Bad request: the address is not valid." });
  });

  it("takes JSON on JSON routes only (415 otherwise) and refuses a NUL character in it, never a 500", async () => {
    const app = buildApp();
    const asText = await app.request("/api/user/login", {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: JSON.stringify({ email: "a@example.com", password: "x" }),
    });
    expect(asText.status).toBe(415);
    expect(await asText.json()).toMatchObject({ success: false, message: expect.stringContaining("JSON") });
    const withNul = await app.request("/api/user/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "a\u0000@example.com", password: "x" }),
    });
    expect(withNul.status).toBe(400);
  });

  it("answers unknown API paths with JSON 404", async () => {
    const response = await buildApp().request("/api/does-not-exist", { method: "POST" });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ success: false, message: "There is no such API endpoint." });
  });

  it("compresses pages for clients that accept gzip", async () => {
    const response = await buildApp().request("/", { headers: { "Accept-Encoding": "gzip" } });
    // Small bodies are sent as they are; the header shows the middleware is in place.
    expect(response.headers.get("Vary")).toContain("Accept-Encoding");
  });

  it("hides a crash behind a generic page with a reference, never the stack", async () => {
    const response = await buildApp({ failingPages: true }).request("/");
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(body).toContain("Something went wrong");
    expect(body).toContain(response.headers.get("X-Request-Id") ?? "missing");
    expect(body).not.toContain("secret stack");
  });
});
