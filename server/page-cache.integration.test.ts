import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
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
        `<script nonce="${context.cspNonce}">window.requestId = "${context.requestId}"</script>` +
          `<script type="application/ld+json">{"@type":"Organization"}</script><p>${path}</p>`,
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

function digestOf(source: string): string {
  return createHash("sha256").update(source, "utf8").digest("base64");
}

describe("the page cache for anonymous visitors", () => {
  it("renders a content page once and serves everyone the same bytes, without a nonce or a request id", async () => {
    const app = buildApp();
    renders = 0;
    const first = await app.request("/services");
    const second = await app.request("/services");
    expect(renders).toBe(1);
    const firstBody = await first.text();
    expect(await second.text()).toBe(firstBody);
    expect(firstBody).toBe(
      '<script>window.requestId = ""</script><script type="application/ld+json">{"@type":"Organization"}</script><p>/services</p>',
    );
    // Each response keeps its own id for the logs, in its header.
    expect(first.headers.get("X-Request-Id")).not.toBe(second.headers.get("X-Request-Id"));
  });

  it("allows exactly the page's inline scripts by digest, in a policy that does not change per response", async () => {
    const app = buildApp();
    const first = await app.request("/service1");
    const second = await app.request("/service1");
    const policy = first.headers.get("Content-Security-Policy") ?? "";
    expect(second.headers.get("Content-Security-Policy")).toBe(policy);
    expect(policy).not.toContain("'nonce-");
    expect(policy).toContain(`script-src 'self' 'sha256-${digestOf('window.requestId = ""')}';`);
    expect(policy).toContain("object-src 'none'");
  });

  it("stores the page compressed: brotli or gzip as the browser accepts, with the same ETag", async () => {
    const app = buildApp();
    const plain = await app.request("/service2");
    const body = await plain.text();
    const brotli = await app.request("/service2", { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    const gzipped = await app.request("/service2", { headers: { "Accept-Encoding": "gzip, br;q=0" } });
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(brotli.headers.get("Content-Encoding")).toBe("br");
    expect(gzipped.headers.get("Content-Encoding")).toBe("gzip");
    expect(brotliDecompressSync(Buffer.from(await brotli.arrayBuffer())).toString()).toBe(body);
    expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString()).toBe(body);
    for (const response of [brotli, gzipped]) {
      expect(response.headers.get("ETag")).toBe(plain.headers.get("ETag"));
      expect(response.headers.get("Vary")).toBe("Accept-Encoding");
    }
  });

  it("answers a revalidation with 304 and no body while the page is unchanged", async () => {
    const app = buildApp();
    const first = await app.request("/service3");
    const etag = first.headers.get("ETag") ?? "missing";
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const revalidated = await app.request("/service3", { headers: { "If-None-Match": `"other", ${etag}` } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    expect(revalidated.headers.get("ETag")).toBe(etag);
    const changed = await app.request("/service3", { headers: { "If-None-Match": 'W/"other"' } });
    expect(changed.status).toBe(200);
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

  it("renders a stale page once while the visitors arriving meanwhile get the page it replaces", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    let release: () => void = () => {};
    let slowRenders = 0;
    const { app } = createTestApp(database, {
      handlePage: async () => {
        slowRenders += 1;
        if (slowRenders > 1) await new Promise<void>((resolve) => (release = resolve));
        return new Response(`<p>render ${slowRenders}</p>`, {
          headers: { "Content-Type": "text/html; charset=utf-8" },
        });
      },
    });
    await app.request("/service4");
    vi.setSystemTime(Date.now() + 10_001);
    const rendering = app.request("/service4");
    await new Promise((resolve) => setTimeout(resolve, 50));
    const meanwhile = await Promise.all([app.request("/service4"), app.request("/service4")]);
    for (const response of meanwhile) expect(await response.text()).toBe("<p>render 1</p>");
    release();
    expect(await (await rendering).text()).toBe("<p>render 2</p>");
    expect(await (await app.request("/service4")).text()).toBe("<p>render 2</p>");
    expect(slowRenders).toBe(2);
    vi.useRealTimers();
  });

  it("renders a page once for a crowd that asks for it before it is kept", async () => {
    let release: () => void = () => {};
    let crowdRenders = 0;
    const { app } = createTestApp(database, {
      handlePage: async () => {
        crowdRenders += 1;
        await new Promise<void>((resolve) => (release = resolve));
        return new Response("<p>first</p>", { headers: { "Content-Type": "text/html; charset=utf-8" } });
      },
    });
    const crowd = Array.from({ length: 5 }, () => app.request("/service5"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    for (const response of await Promise.all(crowd)) expect(await response.text()).toBe("<p>first</p>");
    expect(crowdRenders).toBe(1);
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
    for (const path of ["/consultant", "/appointment/x", "/my-appointments", "/contact", "/project"]) {
      await app.request(path);
      await app.request(path);
    }
    expect(renders).toBe(10);
  });

  it("shares the sign-in forms, each query on its own", async () => {
    const app = buildApp();
    renders = 0;
    for (const path of ["/login", "/login?mode=signup", "/forgot-password"]) {
      await app.request(path);
      await app.request(path);
    }
    expect(renders).toBe(3);
  });
});
