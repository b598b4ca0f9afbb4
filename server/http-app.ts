import type { HttpBindings } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { requestId } from "hono/request-id";
import { findSessionUser } from "~/features/accounts/sessions.server";
import type { VoiceSupport } from "~/features/bot/bot-provider";
import { createBotProvider } from "~/features/bot/provider.server";
import { UPLOADS_URL_PREFIX } from "~/features/pictures/picture-store.server";
import { VOICE_NOT_OPENED } from "~/features/voice/voice-support.server";
import { clockFrom } from "~/infra/clock.server";
import { policyOptionsFor } from "~/infra/content-security-policy.server";
import { createAppCookies, readSessionToken } from "~/infra/cookies.server";
import { type Database, type DatabaseHandle, isDatabaseUnavailable } from "~/infra/db.server";
import type { Environment } from "~/infra/env.server";
import type { Logger } from "~/infra/logger.server";
import type { PaymentGateways } from "~/infra/payment-gateways.server";
import type { AppSecrets } from "~/infra/secrets.server";
import { clientAddressFrom, type ProxyTrust } from "~/infra/trusted-proxies.server";
import { forgetCatalogue } from "~/kept/catalogue.server";
import { directoryMomentFor } from "~/kept/directory.server";
import { type KeptParts, keptForPages } from "~/kept/kept.server";
import { keptSessionUser } from "~/kept/sessions.server";
import { pageCache } from "~/kept/shared-pages.server";
import { concurrentChangeRefusal, FeatureError, statusForFailure } from "~/lib/errors";
import type { RequestContext } from "~/request-context.server";
import { pageCacheKind, postsLeaveCatalogueAlone, routeTable, takesUploads } from "~/route-table";
import { accessLog } from "./access-log";
import { adminApi } from "./api/admin-api";
import { leavesCatalogueAlone, type WriteFacts } from "./api/api-env";
import { botApi } from "./api/bot-api";
import { consultantApi } from "./api/consultant-api";
import { consultantPortalApi } from "./api/consultant-portal-api";
import { contactApi } from "./api/contact-api";
import { paymentApi, webhookApi } from "./api/payment-api";
import { projectApi } from "./api/project-api";
import { userReceiptApi } from "./api/receipt-api";
import { userReviewApi } from "./api/review-api";
import { userApi } from "./api/user-api";
import { userWaitlistApi } from "./api/waitlist-api";
import { DEFAULT_BODY_LIMIT_BYTES, limitBody, UPLOAD_BODY_LIMIT_BYTES } from "./body-limit";
import { compressResponses } from "./compression";
import { apiCors, listedOriginOf, withoutCookies } from "./cors";
import { countRequests, metricsEndpoint } from "./metrics";
import { securityHeaders } from "./security-headers";
import { uploadedPictures } from "./uploaded-pictures";

export type PageHandler = (request: Request, context: RequestContext) => Promise<Response>;

export interface HttpAppDependencies {
  env: Environment;
  database: DatabaseHandle;
  logger: Logger;
  secrets: AppSecrets;
  payments: PaymentGateways;
  /** Renders pages (React Router); everything the API does not answer goes here. */
  handlePage: PageHandler;
  /** What the process keeps in memory for speed (app/kept/kept.server.ts); what is missing is not kept. */
  kept?: KeptParts;
  /** The built-in assistant's speech; absent, spoken requests are refused with a sentence. */
  voice?: VoiceSupport;
  /** Built browser files, served by this process in production; Vite serves them in development. */
  clientDirectory?: string;
}

/** Node's request and response, present when served by @hono/node-server (not in `app.request` tests). */
type AppEnv = { Variables: RequestContext & WriteFacts; Bindings: Partial<HttpBindings> };

const ONE_YEAR_SECONDS = 31_536_000;

/** A database outage: PostgreSQL restarts in seconds, and the pool reconnects on the next request. */
const OUTAGE_RETRY_AFTER_SECONDS = 5;
const BUSY_RETRY_AFTER_SECONDS = 1;

const outageMessage = "We cannot reach our database right now. Please try again in a few seconds.";
const busyMessage = "The site is busy right now. Please try again in a moment.";
/** The API's answers about one signed-in account or the staff's business. */
const privateApiPath = /^\/api\/(user|admin|consultant-portal)\//;
/** The JSON API's routes that take a picture (the pages that do say so in the route table). */
const uploadApiPaths = [/^\/api\/user\/update-profile$/, /^\/api\/admin\/consultants(\/[^/]+)?$/];

function isUploadPath(path: string): boolean {
  // Client-side form posts go to "<path>.data" (React Router single fetch).
  return (
    takesUploads(routeTable, path.replace(/\.data$/, "")) ||
    uploadApiPaths.some((pattern) => pattern.test(path))
  );
}

/**
 * The HTTP pipeline after its first step (answers already in memory: server/app.ts), in the order
 * a request meets it. Each step is a function below (or in its own module); the order is the design: health checks before anything that could refuse,
 * CORS before every refusal, files before the cap on requests in flight, the signed-in user before
 * the APIs and pages.
 */
export function createHttpApp(dependencies: HttpAppDependencies): Hono<AppEnv> {
  const { env, database, logger } = dependencies;
  const kept = dependencies.kept ?? {};
  const botProvider = createBotProvider(database.db, env, dependencies.voice ?? VOICE_NOT_OPENED);
  const app = new Hono<AppEnv>();

  // Liveness first of all: an orchestrator asks every few seconds, and the answer needs no id,
  // log line or page headers (it never touches the database either).
  app.get("/healthz", (context) => context.json({ success: true, status: "ok" }));
  app.use(requestId({ headerName: "X-Request-Id" }));
  app.use(accessLog(logger));
  // Every request from here on is counted under its route pattern (GET /metrics).
  app.use(countRequests());
  app.use(securityHeaders(policyOptionsFor(env)));
  // Before the cap below: an orchestrator must get its answer however busy we are.
  app.get("/readyz", readiness(database, logger));
  app.use(compressResponses());
  // Before the cap, like /readyz: a scrape is answered however busy we are (server/metrics.ts).
  app.get("/metrics", metricsEndpoint(env, database));
  // Before everything that may refuse a request, so a listed origin can read every answer;
  // inside compression, so a failure is rewritten for the old clients before it is compressed.
  app.use("/api/*", apiCors({ origins: env.CORS_ORIGINS, legacyErrors: env.CORS_LEGACY_ERRORS }));
  app.use(refuseMalformedAddresses());
  serveFiles(app, database.db, dependencies.clientDirectory);
  // After the files: a page's scripts, styles and pictures are cheap and must not be refused
  // while its visitor's page was admitted; the cap counts the work that renders and queries.
  app.use(capRequestsInFlight(env.MAX_REQUESTS_IN_FLIGHT));
  app.use(requestContext(dependencies, kept, botProvider.hears));
  app.use(refuseCrossSiteWrites(env.CORS_ORIGINS));
  app.use(forgetKeptCatalogueAfterWrites(database, kept));
  // The Lex V2 runtime API, before the general body limit: it has its own, with Lex-style errors.
  app.use("/bots/*", leavesCatalogueAlone);
  app.route("/bots", botApi({ provider: botProvider, settingsOf: botSettings }));
  app.use(limitBodyByRoute());
  mountApi(app, kept);
  app.use(
    pageCache({
      store: kept.sharedPages,
      cacheKindOf: (path) => pageCacheKind(routeTable, path),
      cataloguePages: kept.catalogue?.pages,
      catalogueMoment: directoryMomentFor(clockFrom(env), env.AGENCY_TZ),
      policy: policyOptionsFor(env),
    }),
  );
  app.all("*", (context) => dependencies.handlePage(context.req.raw, { ...context.var }));
  app.onError(answerError(logger));
  return app;
}

function readiness(database: DatabaseHandle, logger: Logger): (context: Context) => Promise<Response> {
  return async (context) => {
    try {
      await database.ping();
      return context.json({ success: true, status: "ready", database: database.driver });
    } catch (error) {
      logger.error({ msg: "readiness check failed", err: error });
      return context.json({ success: false, message: "The database is not reachable." }, 503);
    }
  };
}

/**
 * A path that is not valid percent-encoding can name nothing we serve; a NUL character in the
 * path or the query names nothing either (and PostgreSQL could not even compare it).
 */
function refuseMalformedAddresses(): MiddlewareHandler<AppEnv> {
  return async (context, next) => {
    const url = new URL(context.req.url);
    const refuse = () => {
      const message = "Bad request: the address is not valid.";
      return url.pathname.startsWith("/api/")
        ? context.json({ success: false, message }, 400)
        : context.text(message, 400);
    };
    let decodedPath: string;
    try {
      decodedPath = decodeURIComponent(url.pathname);
    } catch {
      return refuse();
    }
    if (decodedPath.includes("\0") || url.searchParams.toString().includes("%00")) return refuse();
    await next();
  };
}

/** The built browser files (production only) and the uploaded pictures. */
function serveFiles(app: Hono<AppEnv>, db: Database, clientDirectory: string | undefined): void {
  if (clientDirectory) {
    // File names under /assets carry a content hash, so they never change.
    // The build writes brotli and gzip copies of its text files (scripts/precompress-client.mjs).
    app.use(
      "/assets/*",
      cachedFor(ONE_YEAR_SECONDS, true, serveStatic({ root: clientDirectory, precompressed: true })),
    );
    // Only a path naming a file is looked for on disk: pages and their data requests never are.
    const publicFiles = cachedFor(3600, false, serveStatic({ root: clientDirectory, precompressed: true }));
    app.use("*", (context, next) =>
      /\.\w+$/.test(context.req.path) && !context.req.path.endsWith(".data")
        ? publicFiles(context, next)
        : next(),
    );
  }
  app.get(`${UPLOADS_URL_PREFIX}:name`, uploadedPictures(db));
}

/** What every handler reads from the context: the process's parts and the signed-in user. */
function requestContext(
  dependencies: HttpAppDependencies,
  kept: KeptParts,
  botHears: boolean,
): MiddlewareHandler<AppEnv> {
  const { env, database, logger, secrets, payments } = dependencies;
  const keptForLoaders = keptForPages(kept);
  const cookies = createAppCookies({
    secure: env.publicUrl.startsWith("https://"),
    signingKey: secrets.signingKey,
    sessionDays: env.SESSION_DAYS,
  });
  const clock = clockFrom(env);
  return async (context, next) => {
    context.set("db", database.db);
    context.set("env", env);
    context.set("logger", logger);
    context.set("secrets", secrets);
    context.set("cookies", cookies);
    context.set("payments", payments);
    context.set("clock", clock);
    context.set("kept", keptForLoaders);
    context.set("botHears", botHears);
    context.set("clientAddress", clientAddressOf(context, env.TRUST_PROXY));
    // A listed origin's page acts with the token it sends, never with a visitor's cookie here.
    const fromListedOrigin =
      context.req.path.startsWith("/api/") && listedOriginOf(context.req.raw, env.CORS_ORIGINS) !== undefined;
    const token = await readSessionToken(
      fromListedOrigin ? withoutCookies(context.req.raw) : context.req.raw,
      cookies,
    );
    if (token) {
      const now = new Date();
      const user = kept.sessions
        ? await keptSessionUser(kept.sessions, database.db, token, now)
        : await findSessionUser(database.db, token, now);
      if (user) {
        context.set("user", user);
        context.set("sessionToken", token);
      }
    }
    await next();
  };
}

/**
 * A client reads its own writes: on PostgreSQL the database's notice of a change arrives a moment
 * after it commits, so whatever this process kept of the catalogue is forgotten before the answer
 * to a write goes out, unless its route says it leaves consultants and appointments alone (a page
 * row of the route table, or an API route marked with leavesCatalogueAlone). The embedded
 * database's notices have been heard by then, and forgot exactly what changed.
 */
function forgetKeptCatalogueAfterWrites(
  database: DatabaseHandle,
  kept: KeptParts,
): MiddlewareHandler<AppEnv> {
  return async (context, next) => {
    await next();
    const catalogue = kept.catalogue;
    if (
      catalogue &&
      !database.noticesArriveWithCommit &&
      !["GET", "HEAD", "OPTIONS"].includes(context.req.method) &&
      !context.get("leavesCatalogueAlone") &&
      !postsLeaveCatalogueAlone(routeTable, context.req.path.replace(/\.data$/, ""))
    ) {
      forgetCatalogue(catalogue);
    }
  };
}

/** A picture upload's limit on the routes that take one, the default limit everywhere else. */
function limitBodyByRoute(): MiddlewareHandler<AppEnv> {
  const tooLarge = (limited: Context) => {
    const message = "The request is too large.";
    return limited.req.path.startsWith("/api/")
      ? limited.json({ success: false, message }, 413)
      : limited.text(message, 413);
  };
  const uploadLimit = limitBody({ maxSize: UPLOAD_BODY_LIMIT_BYTES, onError: tooLarge });
  const defaultLimit = limitBody({ maxSize: DEFAULT_BODY_LIMIT_BYTES, onError: tooLarge });
  return (context, next) => (isUploadPath(context.req.path) ? uploadLimit : defaultLimit)(context, next);
}

/** The JSON API (DESIGN.md §4); what an account's own calls answer, no cache may keep. */
function mountApi(app: Hono<AppEnv>, kept: KeptParts): void {
  app.use("/api/*", async (context, next) => {
    await next();
    if (privateApiPath.test(context.req.path) && !context.res.headers.has("Cache-Control")) {
      context.res.headers.set("Cache-Control", "no-store");
    }
  });
  app.route("/api/user", userApi());
  app.route("/api/user/reviews", userReviewApi());
  app.route("/api/user/waitlist", userWaitlistApi());
  app.route("/api/user", userReceiptApi());
  app.route("/api/user", paymentApi());
  app.route("/api/webhooks", webhookApi());
  app.route("/api/consultant", consultantApi(kept.catalogue?.answers));
  app.route("/api/doctor", consultantApi(kept.catalogue?.answers));
  app.route("/api/contact", contactApi());
  app.route("/api/project", projectApi());
  app.route("/api/admin", adminApi());
  app.route("/api/consultant-portal", consultantPortalApi());
  app.all("/api/*", (context) =>
    context.json({ success: false, message: "There is no such API endpoint." }, 404),
  );
}

/**
 * An expected failure's sentence and status; the database out of reach, 503; anything else, a
 * 500 with a reference and never a stack trace.
 */
function answerError(logger: Logger): (error: Error, context: Context<AppEnv>) => Response {
  return (thrown, context) => {
    // A failure after a handler answered (keeping an idempotent answer, say) replaces that answer,
    // whose headers Hono carries over: its length would cut the failure's body short.
    context.res.headers.delete("Content-Length");
    const error = concurrentChangeRefusal(thrown) ?? thrown;
    if (error instanceof FeatureError) {
      if (error.kind === "provider-down")
        logger.warn({ msg: "payment provider unavailable", requestId: context.get("requestId"), err: error });
      if (error.retryAfterSeconds) context.header("Retry-After", String(error.retryAfterSeconds));
      return context.json({ success: false, message: error.message }, statusForFailure[error.kind]);
    }
    const id = context.get("requestId");
    if (isDatabaseUnavailable(error)) {
      logger.warn({ msg: "database unavailable", requestId: id, path: context.req.path, err: error });
      context.header("Retry-After", String(OUTAGE_RETRY_AFTER_SECONDS));
      return context.req.path.startsWith("/api/")
        ? context.json({ success: false, message: outageMessage }, 503)
        : context.html(simplePage("We will be right back", outageMessage), 503);
    }
    logger.error({ msg: "unhandled error", requestId: id, err: error });
    if (context.req.path.startsWith("/api/")) {
      return context.json(
        { success: false, message: "Something went wrong on our side. Please try again." },
        500,
      );
    }
    return context.html(
      simplePage("Something went wrong", "We could not show this page. Please try again in a moment.", id),
      500,
    );
  };
}

function botSettings(context: { get(key: "env"): Environment }) {
  const env = context.get("env");
  return {
    messagesPerMinute: env.RATE_LIMIT_BOT_PER_MINUTE,
    idleSeconds: env.BOT_SESSION_IDLE_MINUTES * 60,
    newSessionsPerHour: env.RATE_LIMIT_BOT_SESSIONS_PER_HOUR,
  };
}

/**
 * Adds Cache-Control to the files a static handler serves. (Its `onFound` hook runs after the
 * response is built, so a header set there never reaches the client.)
 */
function cachedFor(seconds: number, immutable: boolean, serve: MiddlewareHandler): MiddlewareHandler {
  return async (context, next) => {
    let passedOn = false;
    const response = await serve(context, async () => {
      passedOn = true;
      await next();
    });
    if (!passedOn && response instanceof Response && response.ok) {
      response.headers.set("Cache-Control", `public, max-age=${seconds}${immutable ? ", immutable" : ""}`);
    }
    return response;
  };
}

function clientAddressOf(context: Parameters<typeof getConnInfo>[0], trust: ProxyTrust): string {
  let socket: string | undefined;
  try {
    socket = getConnInfo(context).remote.address;
  } catch {
    socket = undefined;
  }
  return clientAddressFrom(socket, context.req.header("X-Forwarded-For"), trust);
}

/**
 * Browsers say where a request comes from; a form posted from another site must not act with the
 * visitor's cookie. (SameSite=Lax already keeps the cookie off such posts; this is a second lock.)
 */
function refuseCrossSiteWrites(corsOrigins: readonly string[]): MiddlewareHandler {
  return async (context, next) => {
    const method = context.req.method;
    const apiCallOfListedOrigin =
      context.req.path.startsWith("/api/") && listedOriginOf(context.req.raw, corsOrigins) !== undefined;
    if (
      method === "GET" ||
      method === "HEAD" ||
      method === "OPTIONS" ||
      context.req.path.startsWith("/api/webhooks/") ||
      // Such calls carry no cookie we read (see the request context), so there is nothing to forge.
      apiCallOfListedOrigin
    ) {
      return next();
    }
    const origin = context.req.header("Origin");
    const crossSite = context.req.header("Sec-Fetch-Site") === "cross-site";
    // "null" is the origin of a sandboxed frame or a data: page, never of one of our own pages.
    if (crossSite || (origin && (origin === "null" || hostOf(origin) !== new URL(context.req.url).host))) {
      const message = "This request came from another site and was refused.";
      return context.req.path.startsWith("/api/")
        ? context.json({ success: false, message }, 403)
        : context.text(message, 403);
    }
    return next();
  };
}

/** The host of an Origin header; a malformed one matches no host. */
function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Past `limit` requests at once, more work only makes every request slower (and health checks
 * late): the excess is answered 503 at once, before any database work.
 *
 * Each admitted request first yields to the event loop. Rendering and the embedded database run on
 * this thread, so without the yield a request would run to its end before the next socket is even
 * read: the queue would wait unseen in the kernel, never reach the cap, and a health check would
 * wait behind all of it. With it, every request that has arrived is counted before any is served.
 *
 * A refused request's connection is closed: its client (a bot, a load test) would otherwise send
 * the next request at once on it, and answering those refusals took the cores from the pages
 * (docs/decisions/0033). Closed, it comes back through the kernel's queue of connections.
 */
function capRequestsInFlight(limit: number): MiddlewareHandler<AppEnv> {
  let inFlight = 0;
  return async (context, next) => {
    if (inFlight >= limit) {
      context.header("Retry-After", String(BUSY_RETRY_AFTER_SECONDS));
      // HTTP/2 has no such header (Node drops it with a warning); its client gets the 503 alone.
      if (context.env?.incoming?.httpVersionMajor !== 2) context.header("Connection", "close");
      return context.req.path.startsWith("/api/")
        ? context.json({ success: false, message: busyMessage }, 503)
        : context.html(simplePage("The site is busy", busyMessage), 503);
    }
    inFlight += 1;
    try {
      await new Promise((resolve) => setImmediate(resolve));
      await next();
    } finally {
      inFlight -= 1;
    }
  };
}

/**
 * A self-contained page for answers made outside React Router: when rendering failed, the database
 * is out of reach or the server is too busy to render.
 */
function simplePage(title: string, sentence: string, reference?: string): string {
  const referenceLine = reference
    ? `<p>Reference: <code>${reference.replace(/[^a-zA-Z0-9-]/g, "")}</code></p>`
    : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1f2937"><h1>${title}</h1><p>${sentence}</p>${referenceLine}<p><a href="/">Back to the home page</a></p></body></html>`;
}
