// Every page that takes a form answers a refused post (a rate limit) with Retry-After, and is never
// cached: React Router takes a page's headers from its `headers` export alone.
import { describe, expect, it } from "vitest";
import { routeTable } from "~/route-table";

const routeModules = import.meta.glob<Record<string, unknown>>("./**/*.tsx");

describe("pages with forms", () => {
  // The catch-all answers every post with a 404 and takes no form.
  const pages = routeTable.filter((route) => route.file.endsWith(".tsx") && route.path !== "/*");

  it.each(pages.map((route) => [route.path, route.file] as const))(
    "%s: if it takes posts, it passes a refusal's Retry-After on and is never cached",
    async (_path, file) => {
      const load = routeModules[`./${file.replace(/^routes\//, "")}`];
      expect(load, `${file} is a route module`).toBeDefined();
      const module = await load!();
      if (typeof module.action !== "function") return;
      expect(typeof module.headers, `${file} exports headers`).toBe("function");
      const headers = new Headers(
        (module.headers as (args: unknown) => HeadersInit)({
          actionHeaders: new Headers({ "Retry-After": "42" }),
          loaderHeaders: new Headers(),
          parentHeaders: new Headers(),
          errorHeaders: undefined,
        }),
      );
      expect(headers.get("Retry-After")).toBe("42");
      expect(headers.get("Cache-Control")).toBe("no-store");
    },
  );
});
