/**
 * Cacheability and sitemap membership come from the route table: a page added there with
 * `cache` and `sitemap` is cached by the server and listed in /sitemap.xml, with nothing else changed.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "~/infra/db.server";
import { createLogger } from "~/infra/logger.server";
import type { PageRoute } from "~/route-table";
import { loader as sitemapLoader } from "~/routes/sitemap";
import { createTestApp } from "../tests/setup/test-app";
import { createTestDatabase } from "../tests/setup/test-database";
import { testEnvironment } from "../tests/setup/test-environment";

const { pricingPage } = vi.hoisted(() => ({
  pricingPage: {
    path: "/pricing",
    file: "routes/pricing.tsx",
    cache: "public-content",
    sitemap: true,
  } satisfies PageRoute,
}));

vi.mock("~/route-table", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/route-table")>();
  return { ...original, routeTable: [...original.routeTable, pricingPage] };
});

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe("a page added to the route table", () => {
  it("is cached for anonymous visitors", async () => {
    let renders = 0;
    const { app } = createTestApp(database, {
      handlePage: async () => {
        renders += 1;
        return new Response("<p>Pricing</p>", { headers: { "Content-Type": "text/html" } });
      },
    });
    await app.request("/pricing");
    await app.request("/pricing");
    expect(renders).toBe(1);
  });

  it("is listed in the sitemap", async () => {
    const env = testEnvironment();
    const context = { env, logger: createLogger("silent") };
    const response = await sitemapLoader({ context } as unknown as Parameters<typeof sitemapLoader>[0]);
    const xml = await response.text();
    expect(xml).toContain(`<loc>${env.publicUrl}/pricing</loc>`);
    expect(xml).toContain(`<loc>${env.publicUrl}/about</loc>`);
  });
});
