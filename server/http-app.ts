import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { requestId } from "hono/request-id";
import type { DatabaseHandle } from "~/infra/db.server";
import type { Environment } from "~/infra/env.server";
import type { Logger } from "~/infra/logger.server";
import type { RequestContext } from "~/infra/request-context.server";
import { securityHeaders } from "./security-headers";

export type PageHandler = (request: Request, context: RequestContext) => Promise<Response>;

export interface HttpAppDependencies {
  env: Environment;
  database: DatabaseHandle;
  logger: Logger;
  /** Renders pages (React Router); everything the API does not answer goes here. */
  handlePage: PageHandler;
  /** Built browser files, served by this process in production; Vite serves them in development. */
  clientDirectory?: string;
}

export type AppVariables = { requestId: string; cspNonce: string };

const ONE_YEAR_SECONDS = 31_536_000;

export function createHttpApp(dependencies: HttpAppDependencies): Hono<{ Variables: AppVariables }> {
  const { env, database, logger, handlePage, clientDirectory } = dependencies;
  const app = new Hono<{ Variables: AppVariables }>();

  app.use(requestId({ headerName: "X-Request-Id" }));
  app.use(async (context, next) => {
    const started = performance.now();
    await next();
    // Responses made outside Hono's context (pages) do not get the id from the middleware itself.
    context.res.headers.set("X-Request-Id", context.get("requestId"));
    logger.info({
      msg: "request",
      requestId: context.get("requestId"),
      method: context.req.method,
      path: context.req.path,
      status: context.res.status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    });
  });
  app.use(
    securityHeaders({
      isProduction: env.isProduction,
      servedOverHttps: env.publicUrl.startsWith("https://"),
    }),
  );
  app.use(async (context, next) => {
    // A path that is not valid percent-encoding can name nothing we serve.
    try {
      decodeURIComponent(new URL(context.req.url).pathname);
    } catch {
      return context.text("Bad request: the address is not valid.", 400);
    }
    await next();
  });
  app.use(compress());

  if (clientDirectory) {
    // File names under /assets carry a content hash, so they never change.
    app.use(
      "/assets/*",
      serveStatic({
        root: clientDirectory,
        onFound: (_path, context) => {
          context.header("Cache-Control", `public, max-age=${ONE_YEAR_SECONDS}, immutable`);
        },
      }),
    );
    app.use(
      "*",
      serveStatic({
        root: clientDirectory,
        onFound: (_path, context) => {
          context.header("Cache-Control", "public, max-age=3600");
        },
      }),
    );
  }

  app.get("/healthz", (context) => context.json({ success: true, status: "ok" }));
  app.get("/readyz", async (context) => {
    try {
      await database.ping();
      return context.json({ success: true, status: "ready", database: database.driver });
    } catch (error) {
      logger.error({ msg: "readiness check failed", err: error });
      return context.json({ success: false, message: "The database is not reachable." }, 503);
    }
  });

  app.all("/api/*", (context) =>
    context.json({ success: false, message: "There is no such API endpoint." }, 404),
  );

  app.all("*", (context) =>
    handlePage(context.req.raw, {
      db: database.db,
      env,
      logger,
      requestId: context.get("requestId"),
      cspNonce: context.get("cspNonce"),
    }),
  );

  app.onError((error, context) => {
    const id = context.get("requestId");
    logger.error({ msg: "unhandled error", requestId: id, err: error });
    if (context.req.path.startsWith("/api/")) {
      return context.json(
        { success: false, message: "Something went wrong on our side. Please try again." },
        500,
      );
    }
    return context.html(fallbackErrorPage(id), 500);
  });

  return app;
}

/** Used only when rendering itself failed; the styled page comes from the app's error boundary. */
function fallbackErrorPage(id: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Something went wrong</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1f2937"><h1>Something went wrong</h1><p>We could not show this page. Please try again in a moment.</p><p>Reference: <code>${id.replace(/[^a-zA-Z0-9-]/g, "")}</code></p><p><a href="/">Back to the home page</a></p></body></html>`;
}
