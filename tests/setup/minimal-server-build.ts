import type { AppLoadContext, HandleErrorFunction, ServerBuild } from "react-router";

/** The entry below never renders components; the route only needs to have them. */
function renderNothing() {
  return null;
}

/**
 * A React Router server build with one page at `/` whose loader is `loader`, rendered as a line of
 * text that names the status React Router chose: enough to drive `createRequestHandler` in a test
 * without building the app.
 */
export function minimalServerBuild(
  loader: (args: { context: AppLoadContext }) => Promise<unknown>,
  options: { handleError?: HandleErrorFunction } = {},
): ServerBuild {
  const routeModule = { loader, default: renderNothing, ErrorBoundary: renderNothing };
  return {
    entry: {
      module: {
        default: (_request: Request, status: number, headers: Headers) =>
          new Response(`rendered with status ${status}`, { status, headers }),
        handleError: options.handleError,
      },
    },
    routes: {
      root: { id: "root", path: "", module: routeModule },
    },
    assets: {
      entry: { module: "/entry.client.js", imports: [] },
      routes: {
        root: {
          id: "root",
          path: "",
          module: "/root.js",
          hasAction: false,
          hasLoader: true,
          hasClientAction: false,
          hasClientLoader: false,
          hasClientMiddleware: false,
          hasErrorBoundary: true,
        },
      },
      url: "/manifest.js",
      version: "test",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: { unstable_optimizeDeps: false, unstable_subResourceIntegrity: false, v8_middleware: false },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}
