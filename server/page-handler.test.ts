import { describe, expect, it } from "vitest";
import { DatabaseUnavailableError } from "~/infra/db.server";
import type { RequestContext } from "~/request-context.server";
import { minimalServerBuild } from "../tests/setup/minimal-server-build";
import { createPageHandler } from "./page-handler";

const context = () => ({ requestId: "test" }) as unknown as RequestContext;

describe("pages whose loader cannot reach the database", () => {
  it("hand the outage on (the HTTP app answers 503) instead of rendering a 500", async () => {
    const outage = new Error("Failed query: select 1", {
      cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
    });
    const logged: unknown[] = [];
    const handlePage = createPageHandler(
      minimalServerBuild(() => Promise.reject(outage), { handleError: (error) => logged.push(error) }),
      "production",
    );
    await expect(handlePage(new Request("http://localhost/"), context())).rejects.toBe(outage);
    // Logged once, where it is answered, not also as a route error.
    expect(logged).toEqual([]);
  });

  it("recognise the pool's own time limits too", async () => {
    const timeout = new DatabaseUnavailableError("The database did not answer within 1500 ms.");
    const handlePage = createPageHandler(
      minimalServerBuild(() => Promise.reject(timeout)),
      "production",
    );
    await expect(handlePage(new Request("http://localhost/"), context())).rejects.toBe(timeout);
  });
});

describe("other page failures", () => {
  it("stay React Router's: the error page with a 500, logged by the entry's handleError", async () => {
    const bug = new TypeError("x is undefined");
    const logged: unknown[] = [];
    const handlePage = createPageHandler(
      minimalServerBuild(() => Promise.reject(bug), { handleError: (error) => logged.push(error) }),
      "production",
    );
    const response = await handlePage(new Request("http://localhost/"), context());
    expect(response.status).toBe(500);
    expect(await response.text()).toBe("rendered with status 500");
    expect(logged).toEqual([bug]);
  });

  it("and a page that loads renders as usual", async () => {
    const handlePage = createPageHandler(
      minimalServerBuild(async () => ({ ok: true })),
      "production",
    );
    const response = await handlePage(new Request("http://localhost/"), context());
    expect(response.status).toBe(200);
  });
});
