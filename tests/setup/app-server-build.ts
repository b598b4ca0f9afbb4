import {
  type ServerBuild,
  UNSAFE_withComponentProps,
  UNSAFE_withErrorBoundaryProps,
  UNSAFE_withHydrateFallbackProps,
} from "react-router";
import * as entry from "~/entry.server";
import * as root from "~/root";
import { type PageRoute, routeTable } from "~/route-table";

type RouteModule = Record<string, unknown>;

/** The id React Router gives a row's route: the one the row names, else its file under app/ without extension. */
export function routeIdOf(page: PageRoute): string {
  return page.id ?? page.file.replace(/\.tsx?$/, "");
}

/**
 * A route module as React Router's Vite plugin hands it over: its components get their route's
 * props (loaderData, actionData, params, error) from the router.
 */
function withRouteProps(module: RouteModule): RouteModule {
  return {
    ...module,
    ...(module.default
      ? {
          default: UNSAFE_withComponentProps(
            module.default as Parameters<typeof UNSAFE_withComponentProps>[0],
          ),
        }
      : {}),
    ...(module.ErrorBoundary
      ? {
          ErrorBoundary: UNSAFE_withErrorBoundaryProps(
            module.ErrorBoundary as Parameters<typeof UNSAFE_withErrorBoundaryProps>[0],
          ),
        }
      : {}),
    ...(module.HydrateFallback
      ? {
          HydrateFallback: UNSAFE_withHydrateFallbackProps(
            module.HydrateFallback as Parameters<typeof UNSAFE_withHydrateFallbackProps>[0],
          ),
        }
      : {}),
  };
}

/**
 * The whole site as a React Router server build, made in-process from the route table and the
 * real route modules (no Vite build): every page's loader, action and component run, and render
 * through app/entry.server.tsx. Browser assets are stand-ins; nothing here loads them.
 */
export async function appServerBuild(): Promise<ServerBuild> {
  const pages = await Promise.all(
    routeTable.map(async (page) => ({
      id: routeIdOf(page),
      index: page.path === "/" ? true : undefined,
      path: page.path === "/" ? undefined : page.path.slice(1),
      module: withRouteProps(
        (await import(/* @vite-ignore */ `../../app/${page.file.replace(/\.tsx?$/, "")}`)) as RouteModule,
      ),
    })),
  );
  const all = [{ id: "root", index: undefined, path: "", module: withRouteProps(root) }, ...pages];
  // The fields a route has both in the build's route table and in its browser manifest.
  const placeOf = (route: (typeof all)[number]) => ({
    id: route.id,
    parentId: route.id === "root" ? undefined : "root",
    path: route.path,
    index: route.index,
  });
  return {
    entry: { module: entry },
    routes: Object.fromEntries(all.map((route) => [route.id, { ...placeOf(route), module: route.module }])),
    assets: {
      entry: { module: "/assets/entry.client.js", imports: [] },
      routes: Object.fromEntries(
        all.map((route) => [
          route.id,
          {
            ...placeOf(route),
            hasAction: typeof route.module.action === "function",
            hasLoader: typeof route.module.loader === "function",
            hasClientAction: false,
            hasClientLoader: false,
            hasClientMiddleware: false,
            hasDefaultExport: typeof route.module.default === "function",
            hasErrorBoundary: typeof route.module.ErrorBoundary === "function",
            module: `/assets/${route.id}.js`,
            imports: [],
            clientActionModule: undefined,
            clientLoaderModule: undefined,
            clientMiddlewareModule: undefined,
            hydrateFallbackModule: undefined,
          },
        ]),
      ),
      url: "/assets/manifest.js",
      version: "test",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    // As react-router.config.ts sets them (see the future flags of a real build).
    future: {
      unstable_optimizeDeps: false,
      unstable_subResourceIntegrity: false,
      v8_middleware: false,
      v8_splitRouteModules: true,
      v8_trailingSlashAwareDataRequests: true,
      v8_viteEnvironmentApi: false,
    },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}
