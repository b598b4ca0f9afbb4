import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "~/infra/db.server";
import { createTestApp } from "../tests/setup/test-app";
import { createTestDatabase } from "../tests/setup/test-database";

let database: DatabaseHandle;
let renders = 0;

/** A page that shows what is personal to each response: its nonce and its request id. */
function buildApp() {
  return createTestApp(database, {
    handlePage: async (request, context) => {
      renders += 1;
      const path = new URL(request.url).pathname;
      return new Response(
        `<script nonce="${context.cspNonce}">window.requestId = "${context.requestId}"</script><p>${path}</p>`,
        { headers: { "Content-Type": "text/html; charset=utf-8" } },
      );
    },
  }).app;
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  vi.useRealTimers();
  await database.close();
});

function nonceOf(response: Response): string {
  return /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1] ?? "missing";
}

describe("the page cache for anonymous visitors", () => {
  it("renders a content page once and gives each reuse its own nonce and request id", async () => {
    const app = buildApp();
    renders = 0;
    const first = await app.request("/services");
    const second = await app.request("/services");
    expect(renders).toBe(1);
    const firstBody = await first.text();
    const secondBody = await second.text();
    expect(secondBody).toContain(`nonce="${nonceOf(second)}"`);
    expect(secondBody).not.toContain(nonceOf(first));
    expect(secondBody).toContain(second.headers.get("X-Request-Id") ?? "missing");
    expect(firstBody.replace(/nonce="[^"]+"/, "").replace(/requestId = "[^"]+"/, "")).toBe(
      secondBody.replace(/nonce="[^"]+"/, "").replace(/requestId = "[^"]+"/, ""),
    );
  });

  it("renders again after ten seconds", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const app = buildApp();
    renders = 0;
    await app.request("/about");
    vi.setSystemTime(Date.now() + 10_001);
    await app.request("/about");
    vi.useRealTimers();
    expect(renders).toBe(2);
  });

  it("never serves a cached page to a visitor with a session, a toast or a token, or for other methods", async () => {
    const app = buildApp();
    await app.request("/");
    renders = 0;
    await app.request("/", { headers: { Cookie: "session=abc" } });
    await app.request("/", { headers: { Cookie: "theme=dark; flash=xyz" } });
    await app.request("/", { headers: { token: "abc" } });
    await app.request("/", { headers: { Authorization: "Bearer abc" } });
    await app.request("/", { method: "POST" });
    expect(renders).toBe(5);
  });

  it("leaves pages with personal or changing content alone", async () => {
    const app = buildApp();
    renders = 0;
    for (const path of [
      "/login",
      "/consultant",
      "/appointment/x",
      "/my-appointments",
      "/contact",
      "/project",
    ]) {
      await app.request(path);
      await app.request(path);
    }
    expect(renders).toBe(12);
  });
});
