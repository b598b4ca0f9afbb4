import { prerenderToNodeStream } from "react-dom/static";
import { createStaticHandler, createStaticRouter, data, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { ErrorBoundary } from "./root";

function EmptyPage() {
  return null;
}

/**
 * Renders the root error boundary above a page whose loader fails the given way, and returns the
 * visible markup once everything has rendered, as the server sends it (the error page is a chunk
 * of its own). The static router's hydration data is left out: in production React Router's
 * server replaces error messages there with a generic one.
 */
async function renderFailingPage(failure: () => never): Promise<string> {
  const routes = [
    {
      id: "root",
      path: "/",
      loader: () => ({ origin: "http://localhost", requestId: "req-7f3a" }),
      ErrorBoundary,
      children: [{ index: true, loader: failure, Component: EmptyPage }],
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(<StaticRouterProvider router={router} context={context} />);
  let html = "";
  for await (const chunk of prelude) html += chunk;
  return html.replace(/<script>[\s\S]*?<\/script>/g, "");
}

describe("root error boundary", () => {
  it("shows the 500 page with the request id and nothing of the error itself", async () => {
    const html = await renderFailingPage(() => {
      throw new Error("connection to 10.0.0.5 refused: password=hunter2");
    });
    expect(html).toContain("Something went wrong");
    expect(html).toContain("req-7f3a");
    expect(html).not.toContain("hunter2");
    expect(html).not.toContain("10.0.0.5");
    expect(html).toContain('href="/"');
  });

  it("shows the 404 page for a missing resource, without a reference number", async () => {
    const html = await renderFailingPage(() => {
      throw data(null, { status: 404 });
    });
    expect(html).toContain("Page not found");
    expect(html).not.toContain("req-7f3a");
    expect(html).toContain("Back to the home page");
  });
});
