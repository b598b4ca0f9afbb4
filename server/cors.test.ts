import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { apiCors, CORS_METHODS, type CorsPolicy, ORIGIN_NOT_ALLOWED, withoutCookies } from "./cors";

const LISTED = "https://old-client.example.org";
const UNLISTED = "https://elsewhere.example.net";

/** A small API behind the middleware, with a catch-all as the real one has. */
function apiWith(policy: Partial<CorsPolicy> = {}) {
  const app = new Hono();
  app.use("/api/*", apiCors({ origins: [LISTED], legacyErrors: true, ...policy }));
  app.get("/api/things", (context) => context.json({ success: true, things: [] }));
  app.post("/api/things", (context) =>
    context.json({ success: false, message: "Please name the thing." }, 400),
  );
  app.get("/api/slow", (context) =>
    context.json({ success: false, message: "Too many requests. Try again in a minute." }, 429, {
      "Retry-After": "60",
    }),
  );
  app.get("/api/broken", () => {
    throw new Error("boom");
  });
  app.onError((_error, context) => context.json({ success: false, message: "Something went wrong." }, 500));
  app.all("/api/*", (context) =>
    context.json({ success: false, message: "There is no such API endpoint." }, 404),
  );
  return app;
}

function preflight(origin: string | undefined, method: string, headers = "token, content-type") {
  return apiWith().request("/api/things", {
    method: "OPTIONS",
    headers: {
      ...(origin ? { Origin: origin } : {}),
      "Access-Control-Request-Method": method,
      "Access-Control-Request-Headers": headers,
    },
  });
}

describe("simple requests", () => {
  it("lets a listed origin read the answer, without credentials", async () => {
    const response = await apiWith().request("/api/things", { headers: { Origin: LISTED } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe(LISTED);
    expect(response.headers.get("Access-Control-Allow-Credentials")).toBeNull();
    expect(response.headers.get("Vary")).toMatch(/\bOrigin\b/);
  });

  it("gives an unlisted origin no CORS header, so its page cannot read the answer", async () => {
    const response = await apiWith().request("/api/things", { headers: { Origin: UNLISTED } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBeNull();
    expect(response.headers.get("Vary")).toMatch(/\bOrigin\b/);
  });

  it("answers a request without Origin (our own pages, scripts) as before, with Vary: Origin", async () => {
    const response = await apiWith().request("/api/things");
    expect(response.status).toBe(200);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBeNull();
    expect(response.headers.get("Vary")).toMatch(/\bOrigin\b/);
  });

  it("matches the origin exactly: another scheme, port or a suffix is another origin", async () => {
    for (const origin of [
      "http://old-client.example.org",
      "https://old-client.example.org:8443",
      "https://old-client.example.org.evil.test",
      "null",
    ]) {
      const response = await apiWith().request("/api/things", { headers: { Origin: origin } });
      expect(response.headers.get("Access-Control-Allow-Origin"), origin).toBeNull();
    }
  });
});

describe("preflight", () => {
  it.each(CORS_METHODS)(
    "allows %s from a listed origin with token, Authorization and Content-Type",
    async (method) => {
      const response = await preflight(LISTED, method, "token, authorization, content-type");
      expect(response.status).toBe(204);
      expect(response.headers.get("Access-Control-Allow-Origin")).toBe(LISTED);
      expect(response.headers.get("Access-Control-Allow-Methods")).toContain(method);
      expect(response.headers.get("Access-Control-Allow-Headers")).toBe(
        "token, authorization, content-type, idempotency-key",
      );
      expect(response.headers.get("Access-Control-Allow-Credentials")).toBeNull();
      expect(response.headers.get("Vary")).toBe("Origin");
    },
  );

  it.each(CORS_METHODS)("refuses %s from an unlisted origin", async (method) => {
    const response = await preflight(UNLISTED, method);
    expect(response.status).toBe(403);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBeNull();
    expect(await response.json()).toEqual({ success: false, message: ORIGIN_NOT_ALLOWED });
  });

  it("refuses a preflight without an origin", async () => {
    const response = await preflight(undefined, "POST");
    expect(response.status).toBe(403);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });

  it("refuses a method or a header the API does not take", async () => {
    expect((await preflight(LISTED, "CONNECT")).status).toBe(403);
    expect((await preflight(LISTED, "POST", "token, x-admin-override")).status).toBe(403);
  });

  it("is answered before the catch-all, for any path under /api", async () => {
    const response = await apiWith().request("/api/no/such/path", {
      method: "OPTIONS",
      headers: { Origin: LISTED, "Access-Control-Request-Method": "POST" },
    });
    expect(response.status).toBe(204);
  });
});

describe("failures told to a listed origin", () => {
  it("come as the old server sent them: 200 with success false and our sentence", async () => {
    const response = await apiWith().request("/api/things", { method: "POST", headers: { Origin: LISTED } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: false, message: "Please name the thing." });
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe(LISTED);
  });

  it("keep Retry-After, and cover thrown errors and unknown paths too", async () => {
    const slow = await apiWith().request("/api/slow", { headers: { Origin: LISTED } });
    expect(slow.status).toBe(200);
    expect(slow.headers.get("Retry-After")).toBe("60");
    const broken = await apiWith().request("/api/broken", { headers: { Origin: LISTED } });
    expect([broken.status, await broken.json()]).toEqual([
      200,
      { success: false, message: "Something went wrong." },
    ]);
    const missing = await apiWith().request("/api/nothing", { headers: { Origin: LISTED } });
    expect([missing.status, await missing.json()]).toEqual([
      200,
      { success: false, message: "There is no such API endpoint." },
    ]);
  });

  it("keep honest codes when CORS_LEGACY_ERRORS is off, and for everyone else always", async () => {
    const honest = await apiWith({ legacyErrors: false }).request("/api/things", {
      method: "POST",
      headers: { Origin: LISTED },
    });
    expect(honest.status).toBe(400);
    expect(honest.headers.get("Access-Control-Allow-Origin")).toBe(LISTED);
    for (const headers of [{ Origin: UNLISTED }, {}] as Record<string, string>[]) {
      const response = await apiWith().request("/api/things", { method: "POST", headers });
      expect(response.status).toBe(400);
    }
  });
});

describe("withoutCookies", () => {
  it("keeps the token headers and drops the cookie", () => {
    const request = new Request("https://va.example.com/api/user/get-profile", {
      headers: { Cookie: "session=abc", token: "t0k", Authorization: "Bearer t0k" },
    });
    const stripped = withoutCookies(request);
    expect(stripped.headers.get("Cookie")).toBeNull();
    expect(stripped.headers.get("token")).toBe("t0k");
    expect(stripped.headers.get("Authorization")).toBe("Bearer t0k");
  });
});
