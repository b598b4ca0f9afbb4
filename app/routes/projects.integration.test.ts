/**
 * The project listing, a static page for anonymous visitors: when the projects cannot be read it
 * still answers, with an empty list and the seed's error toast rendered by the server (no React
 * runs on the page to show one later).
 */
import { sql } from "drizzle-orm";
import { createRequestHandler } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/infra/db.server";
import { appServerBuild } from "../../tests/setup/app-server-build";
import { nextAddress } from "../../tests/setup/factories";
import { createTestApp } from "../../tests/setup/test-app";
import { createTestDatabase } from "../../tests/setup/test-database";

let database: DatabaseHandle;
let site: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  const handleRequest = createRequestHandler(await appServerBuild(), "production");
  site = createTestApp(database, { handlePage: (request, context) => handleRequest(request, context) });
});

afterAll(async () => {
  await database?.close();
});

async function listing(): Promise<string> {
  const response = await site.app.request("/project", { headers: { "X-Forwarded-For": nextAddress() } });
  expect(response.status).toBe(200);
  return response.text();
}

/** The toasts the server put in the page's toaster (its hidden prototype left out). */
function toastsOf(html: string): string[] {
  return [
    ...html.matchAll(
      /<div data-toast="[^"]*" data-kind="(\w+)"[\s\S]*?<p data-toast-message="[^"]*"[^>]*>([^<]*)</g,
    ),
  ]
    .map((match) => `${match[1]}: ${match[2]}`)
    .filter((toast) => !toast.endsWith(": "));
}

describe("the project listing", () => {
  it("is a static page without a toast when the projects load", async () => {
    const html = await listing();
    // Without React Router's browser code: nothing would hydrate a toast later.
    expect(html).not.toContain("__reactRouterContext");
    expect(toastsOf(html)).toEqual([]);
  });

  it("shows an empty list and the error toast when the projects cannot be read", async () => {
    await database.db.execute(sql`alter table projects rename to projects_away`);
    try {
      const html = await listing();
      expect(html).toContain("No projects found");
      expect(toastsOf(html)).toEqual(["error: An error occurred. Please try again."]);
    } finally {
      await database.db.execute(sql`alter table projects_away rename to projects`);
    }
  });
});
