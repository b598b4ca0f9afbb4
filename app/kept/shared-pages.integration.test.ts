import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { consultants } from "@db/schema";
import { eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "~/infra/db.server";
import { bookOrFail, createConsultant, createUserWithSession } from "../../tests/setup/factories";
import { createTestApp } from "../../tests/setup/test-app";
import { createTestDatabase } from "../../tests/setup/test-database";
import { CATALOGUE_CHANGES_CHANNEL, createKeptCatalogue } from "./catalogue.server";

const createCataloguePages = () => createKeptCatalogue().pages;

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
    for (const path of ["/appointment/x", "/my-appointments", "/project", "/projects/x"]) {
      await app.request(path);
      await app.request(path);
    }
    expect(renders).toBe(8);
  });

  it("shares the sign-in forms and the inquiry form, each query on its own", async () => {
    const app = buildApp();
    renders = 0;
    for (const path of [
      "/login",
      "/login?mode=signup",
      "/forgot-password",
      "/contact",
      "/contact?plan=growth",
    ]) {
      await app.request(path);
      await app.request(path);
    }
    expect(renders).toBe(5);
  });
});

describe("the directory's pages for anonymous visitors", () => {
  const ZONE = "America/New_York";
  /** Monday 3 May 2027, 12:10 in the agency's zone: the next morning's slots are open. */
  const NOW = DateTime.fromISO("2027-05-03T12:10", { zone: ZONE }).toJSDate();
  let cataloguePages: ReturnType<typeof createCataloguePages>;
  let stopHearing: () => Promise<void>;
  let directoryRenders = 0;

  beforeAll(async () => {
    cataloguePages = createCataloguePages();
    stopHearing = await cataloguePages.hear(database, CATALOGUE_CHANGES_CHANNEL);
  });
  afterAll(async () => {
    await stopHearing();
  });

  function directoryApp(pages: ReturnType<typeof createCataloguePages> | undefined = cataloguePages) {
    cataloguePages.forgetAll();
    directoryRenders = 0;
    return createTestApp(database, {
      kept: { catalogue: { pages } },
      handlePage: async (request, context) => {
        directoryRenders += 1;
        const { pathname, search } = new URL(request.url);
        return new Response(
          `<p nonce="${context.cspNonce}">${pathname}${search} render ${directoryRenders}</p>`,
          {
            headers: { "Content-Type": "text/html; charset=utf-8" },
          },
        );
      },
    }).app;
  }

  it("renders each address once for everyone, without a nonce, until something changes", async () => {
    const app = directoryApp();
    for (const path of ["/consultant", "/consultant/bookkeeping", "/consultant?sort=fee-high"]) {
      const first = await (await app.request(path)).text();
      expect(await (await app.request(path)).text()).toBe(first);
      expect(first).not.toContain("nonce");
    }
    expect(directoryRenders).toBe(3);
    const revalidated = await app.request("/consultant", {
      headers: { "If-None-Match": (await app.request("/consultant")).headers.get("ETag") ?? "" },
    });
    expect(revalidated.status).toBe(304);
    expect(directoryRenders).toBe(3);
  });

  it("renders again once a booking is made, through this process or any other", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
    try {
      const app = directoryApp();
      const consultant = await createConsultant(database.db);
      const customer = await createUserWithSession(database.db, "directory-visitor");
      await app.request("/consultant");
      await app.request("/consultant");
      expect(directoryRenders).toBe(1);

      await bookOrFail(app, customer.token, {
        docId: consultant.id,
        slotDate: "4_5_2027",
        slotTime: "10:00 AM",
      });
      expect(await (await app.request("/consultant")).text()).toBe("<p>/consultant render 2</p>");

      // A change made outside this process reaches it as the database's notice.
      await database.db.update(consultants).set({ feeCents: 7_500 }).where(eq(consultants.id, consultant.id));
      await expect
        .poll(async () => (await app.request("/consultant")).text())
        .toBe("<p>/consultant render 3</p>");
    } finally {
      vi.useRealTimers();
    }
  });

  it("renders again when the booking grid's half hour turns, as the earliest free times move on", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const app = directoryApp();
      const at = (minute: number, second: number) =>
        vi.setSystemTime(DateTime.fromJSDate(NOW).set({ minute, second }).toJSDate());
      at(29, 50);
      await app.request("/consultant");
      at(29, 59);
      await app.request("/consultant");
      expect(directoryRenders).toBe(1);
      at(30, 0);
      expect(await (await app.request("/consultant")).text()).toBe("<p>/consultant render 2</p>");
    } finally {
      vi.useRealTimers();
    }
  });

  it("lets a visitor who waited for a render that failed render the page for themselves", async () => {
    cataloguePages.forgetAll();
    let release: () => void = () => {};
    let attempts = 0;
    const { app } = createTestApp(database, {
      kept: { catalogue: { pages: cataloguePages } },
      handlePage: async () => {
        attempts += 1;
        if (attempts === 1) {
          await new Promise<void>((resolve) => (release = resolve));
          throw new Error("the first render broke");
        }
        return new Response("<p>directory</p>", { headers: { "Content-Type": "text/html; charset=utf-8" } });
      },
    });
    const failing = app.request("/consultant");
    await new Promise((resolve) => setTimeout(resolve, 50));
    const waiting = app.request("/consultant");
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    expect((await failing).status).toBe(500);
    const own = await waiting;
    expect(own.status).toBe(200);
    expect(await own.text()).toBe("<p>directory</p>");
  });

  it("renders for every visitor with a session or a token, and when no notice can be heard", async () => {
    const app = directoryApp();
    await app.request("/consultant");
    await app.request("/consultant", { headers: { Cookie: "session=abc" } });
    await app.request("/consultant", { headers: { token: "abc" } });
    expect(directoryRenders).toBe(3);

    // A cache that has not heard the database since it started cannot know what changed.
    const deaf = directoryApp(createCataloguePages());
    await deaf.request("/consultant");
    await deaf.request("/consultant");
    expect(directoryRenders).toBe(2);
  });
});
