// GET /metrics (DESIGN.md §9) and the count of requests behind it. The numbers themselves are
// app/infra/metrics.server.ts's; this module names each request's route and guards the endpoint.
import { createHash, timingSafeEqual } from "node:crypto";
import type { HttpBindings } from "@hono/node-server";
import type { Context, MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import type { DatabaseHandle } from "~/infra/db.server";
import type { Environment } from "~/infra/env.server";
import {
  METRICS_CONTENT_TYPE,
  metricsText,
  processMetricsRegistry,
  recordRequest,
} from "~/infra/metrics.server";
import { pageRouteFor, routeTable } from "~/route-table";
import { hostProcessMetrics, offerMetricsToPrimary } from "./cluster-metrics";
import { cameFromHealthPort } from "./health-port";
import { receivedAtOf } from "./received-at";

type MetricsEnv = { Bindings: Partial<HttpBindings> };

/** Label of a file the app served (a script, a picture) that no route of its own names. */
const FILE_ROUTE = "(file)";

/**
 * The route a request is counted under: always a pattern written in the code, never the path
 * itself, so ids and made-up addresses add no series. The API's and the bots' handlers give
 * Hono's pattern ("/api/consultant/:id/slots"); what the catch-all handed to the pages gives the
 * route table's ("/appointment/:docId", "/*" for a page not found), its data requests included.
 */
function routeLabelOf(context: Context): string {
  // After the chain has run, the route of the handler that answered (Hono's routeIndex).
  const pattern = routePath(context);
  if (pattern !== "*" && pattern !== "/*" && pattern !== "") return pattern;
  const path = context.req.path;
  if (path.startsWith("/api/")) return "/api/*";
  // React Router's data requests: "/_root.data" is the home page's, "<path>.data" any other's.
  const pagePath = path === "/_root.data" ? "/" : path.replace(/\.data$/, "");
  const page = pageRouteFor(routeTable, pagePath);
  if (page && page.path !== "/*") return page.path;
  return /\.\w+$/.test(path) && !path.endsWith(".data") ? FILE_ROUTE : "/*";
}

/**
 * Counts every request the Hono app answers, once its last byte is sent (or its client is gone):
 * a streamed page's time includes its streaming. The clock starts when the request arrived
 * (server/main.ts's stamp), as the access log's does.
 */
export function countRequests(): MiddlewareHandler<MetricsEnv> {
  offerMetricsToPrimary(processMetricsRegistry());
  return async (context, next) => {
    const started = receivedAtOf(context.env?.incoming) ?? performance.now();
    await next();
    const method = context.req.method;
    const route = routeLabelOf(context);
    const status = context.res.status;
    const record = () =>
      recordRequest({ method, route, status, seconds: (performance.now() - started) / 1000 });
    const outgoing = context.env?.outgoing;
    if (!outgoing || outgoing.closed) record();
    else outgoing.once("close", record);
  };
}

/** Equal tokens, compared in constant time (digests first, so their lengths tell nothing either). */
function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function bearerTokenOf(authorization: string | undefined): string | undefined {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization ?? "");
  return match?.[1];
}

/**
 * GET /metrics: on HEALTH_PORT to anyone who reaches it (the operator's port); on the main port
 * only with `Authorization: Bearer <METRICS_TOKEN>`. Without METRICS_TOKEN the main port says
 * metrics are not served there, and nothing else.
 */
export function metricsEndpoint(
  env: Pick<Environment, "METRICS_TOKEN" | "HEALTH_PORT" | "READY_TIMEOUT_MS">,
  database: DatabaseHandle,
): (context: Context<MetricsEnv>) => Promise<Response> {
  return async (context) => {
    const noStore = { "Cache-Control": "no-store" };
    if (!cameFromHealthPort(context.env?.incoming)) {
      const expected = env.METRICS_TOKEN;
      if (expected === undefined) {
        const sentence =
          env.HEALTH_PORT === undefined
            ? "Metrics are not enabled: set METRICS_TOKEN to serve them on this port (with Authorization: Bearer <token>), or HEALTH_PORT to serve them on a port of their own."
            : "Metrics are not served on this port: they are on HEALTH_PORT.";
        return context.text(sentence, 404, noStore);
      }
      const given = bearerTokenOf(context.req.header("Authorization"));
      if (given === undefined || !sameToken(given, expected)) {
        const sentence =
          given === undefined
            ? "Metrics need a token: send Authorization: Bearer <METRICS_TOKEN>."
            : "That metrics token is not the right one.";
        return context.text(sentence, 401, { ...noStore, "WWW-Authenticate": 'Bearer realm="metrics"' });
      }
    }
    // The readiness check's time limit: a scrape waits on the database no longer than a probe does.
    const text = await metricsText(database, env.READY_TIMEOUT_MS, hostProcessMetrics(env.READY_TIMEOUT_MS));
    return context.body(text, 200, { ...noStore, "Content-Type": METRICS_CONTENT_TYPE });
  };
}
