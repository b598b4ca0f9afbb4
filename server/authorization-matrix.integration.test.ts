/**
 * Every staff page and staff API route, tried by every kind of visitor: nobody signed in gets 401,
 * every role without access 403, and the role with access gets past the guard. The routes come
 * from the route table and from the HTTP app's own list, so a route added later is checked too.
 */

import { type User, type UserRole, users } from "@db/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/infra/db.server";
import { createLogger } from "~/infra/logger.server";
import type { RequestContext } from "~/request-context.server";
import { routeTable } from "~/route-table";
import { createUserWithRole, type RoleUser } from "../tests/setup/factories";
import { createTestApp } from "../tests/setup/test-app";
import { createTestDatabase } from "../tests/setup/test-database";

const visitors = ["anonymous", "investor", "borrower", "consultant", "admin"] as const;
type Visitor = (typeof visitors)[number];
const AN_ID = "00000000-0000-4000-8000-000000000000";

let database: DatabaseHandle;
let testApp: ReturnType<typeof createTestApp>;
const accounts = new Map<UserRole, RoleUser>();

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = createTestApp(database);
  for (const role of ["investor", "borrower", "consultant", "admin"] as const) {
    accounts.set(role, await createUserWithRole(database.db, role));
  }
});
afterAll(async () => {
  await database.close();
});

/** The status a thrown or returned loader answer carries, or 200 when it is plain data. */
function statusOf(outcome: unknown): number {
  if (outcome instanceof Response) return outcome.status;
  const init = (outcome as { init?: { status?: number } } | null)?.init;
  return init?.status ?? 200;
}

function expectedStatus(visitor: Visitor, access: "admin" | "consultant"): 401 | 403 | "allowed" {
  if (visitor === "anonymous") return 401;
  return visitor === access ? "allowed" : 403;
}

function concretePath(path: string): string {
  return path.replace(/:[A-Za-z]+\??/g, AN_ID).replace(/\*$/, "");
}

async function userOf(visitor: Visitor): Promise<User | undefined> {
  if (visitor === "anonymous") return undefined;
  const [user] = await database.db
    .select()
    .from(users)
    .where(eq(users.id, accounts.get(visitor)!.id));
  return user;
}

describe("staff pages", () => {
  const staffPages = routeTable.filter((page) => page.access);

  it("covers the staff area and the consultant portal", () => {
    expect(staffPages.some((page) => page.path === "/admin")).toBe(true);
    expect(staffPages.some((page) => page.path === "/my-schedule")).toBe(true);
    for (const page of routeTable) {
      if (page.path.startsWith("/admin") || page.path.startsWith("/my-schedule")) {
        expect(page.access, `${page.path} has no access rule`).toBeDefined();
      }
    }
  });

  for (const page of staffPages) {
    for (const visitor of visitors) {
      const expected = expectedStatus(visitor, page.access!);
      it(`${page.path}: ${visitor} → ${expected}`, async () => {
        const module = (await import(`../app/${page.file.replace(/\.tsx?$/, "")}`)) as {
          loader?: (args: unknown) => unknown;
          action?: (args: unknown) => unknown;
        };
        const context = {
          db: database.db,
          env: testApp.env,
          logger: createLogger("silent"),
          secrets: testApp.secrets,
          clock: () => new Date(),
          requestId: "matrix",
          cspNonce: "matrix",
          clientAddress: "10.9.9.9",
          user: await userOf(visitor),
        } as unknown as RequestContext;
        const url = `${testApp.env.publicUrl}${concretePath(page.path)}`;
        const params = Object.fromEntries(
          [...page.path.matchAll(/:([A-Za-z]+)/g)].map((match) => [match[1], AN_ID]),
        );
        const handlers = [
          ["loader", module.loader, new Request(url)],
          ["action", module.action, new Request(url, { method: "POST", body: new FormData() })],
        ] as const;
        for (const [name, handler, request] of handlers) {
          if (!handler) continue;
          let status: number;
          try {
            status = statusOf(await handler({ request, context, params }));
          } catch (thrown) {
            status = statusOf(thrown);
            if (status === 200) throw thrown;
          }
          if (expected === "allowed") {
            expect([401, 403], `${name} of ${page.path} refused its own role`).not.toContain(status);
          } else {
            expect(status, `${name} of ${page.path} for ${visitor}`).toBe(expected);
          }
        }
      });
    }
  }
});

describe("staff API", () => {
  const areas = [
    { prefix: "/api/admin/", access: "admin" },
    { prefix: "/api/consultant-portal/", access: "consultant" },
  ] as const;

  for (const area of areas) {
    it(`guards every route under ${area.prefix} for every visitor`, async () => {
      const routes = testApp.app.routes.filter(
        (route) => route.path.startsWith(area.prefix) && route.method !== "ALL",
      );
      expect(routes.length, `no routes under ${area.prefix}`).toBeGreaterThan(0);
      for (const route of routes) {
        for (const visitor of visitors) {
          const token = visitor === "anonymous" ? undefined : accounts.get(visitor)!.token;
          const response = await testApp.app.request(concretePath(route.path), {
            method: route.method,
            headers: {
              "X-Forwarded-For": "10.9.9.10",
              "Content-Type": "application/json",
              ...(token ? { token } : {}),
            },
            ...(route.method === "GET" ? {} : { body: "{}" }),
          });
          const expected = expectedStatus(visitor, area.access);
          const label = `${route.method} ${route.path} for ${visitor}`;
          if (expected === "allowed") {
            expect([401, 403], label).not.toContain(response.status);
            expect(response.status, label).toBeLessThan(500);
          } else {
            expect(response.status, label).toBe(expected);
            const body = (await response.json()) as { success: boolean; message: string };
            expect(body.success, label).toBe(false);
          }
        }
      }
    });
  }
});
