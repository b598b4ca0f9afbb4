import type { MiddlewareHandler } from "hono";

/**
 * Cross-origin access to /api/* for the old app's own front end served from another origin
 * (DESIGN.md §4 "Foreign clients", decision 0015). Only listed origins get CORS headers; they
 * never get credentials, so a listed page can act only with the token it holds, never with a
 * visitor's cookie for this site.
 */
export interface CorsPolicy {
  /** Exact origins, `scheme://host[:port]`. */
  origins: readonly string[];
  /** Failures to a listed origin as the old server sent them: 200 `{success:false, message}`. */
  legacyErrors: boolean;
}

/** The methods the API answers; a preflight for any other is refused. */
export const CORS_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const;
/** Request headers a listed page may send: the old client's `token`, a Bearer token, JSON or form bodies. */
const CORS_REQUEST_HEADERS = ["token", "authorization", "content-type", "idempotency-key"] as const;
/** Response headers a listed page may read besides the simple ones. */
const EXPOSED_HEADERS = "Retry-After, X-Request-Id, Idempotent-Replayed";
const PREFLIGHT_MAX_AGE_SECONDS = 600;

export const ORIGIN_NOT_ALLOWED = "This site may not call the API from the browser.";

/** The request's Origin when it is one of the listed origins. */
export function listedOriginOf(request: Request, origins: readonly string[]): string | undefined {
  const origin = request.headers.get("Origin");
  return origin && origins.includes(origin) ? origin : undefined;
}

/** The request as it would be without cookies: what a listed origin's call authenticates with. */
export function withoutCookies(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete("Cookie");
  return new Request(request.url, { method: "GET", headers });
}

/**
 * For /api/*: answers preflights (before any route or catch-all), adds CORS headers for listed
 * origins and `Vary: Origin` for everyone (a cache must not hand one origin's answer to another),
 * and, with `legacyErrors`, turns a failure to a listed origin into the old server's 200 answer.
 */
export function apiCors(policy: CorsPolicy): MiddlewareHandler {
  return async (context, next) => {
    const origin = listedOriginOf(context.req.raw, policy.origins);
    const requestedMethod = context.req.header("Access-Control-Request-Method");
    if (context.req.method === "OPTIONS" && requestedMethod) {
      const allowed =
        origin !== undefined &&
        (CORS_METHODS as readonly string[]).includes(requestedMethod.toUpperCase()) &&
        requestedHeaders(context.req.header("Access-Control-Request-Headers")).every((header) =>
          (CORS_REQUEST_HEADERS as readonly string[]).includes(header),
        );
      if (!allowed) {
        return new Response(JSON.stringify({ success: false, message: ORIGIN_NOT_ALLOWED }), {
          status: 403,
          headers: { "Content-Type": "application/json", Vary: "Origin" },
        });
      }
      return new Response(null, {
        status: 204,
        headers: {
          "Access-Control-Allow-Origin": origin,
          "Access-Control-Allow-Methods": CORS_METHODS.join(", "),
          "Access-Control-Allow-Headers": CORS_REQUEST_HEADERS.join(", "),
          "Access-Control-Max-Age": String(PREFLIGHT_MAX_AGE_SECONDS),
          Vary: "Origin",
        },
      });
    }

    await next();

    if (origin && policy.legacyErrors && context.res.status >= 400) {
      context.res = await asLegacyFailure(context.res);
    }
    context.res.headers.append("Vary", "Origin");
    if (origin) {
      context.res.headers.set("Access-Control-Allow-Origin", origin);
      context.res.headers.set("Access-Control-Expose-Headers", EXPOSED_HEADERS);
    }
  };
}

function requestedHeaders(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((header) => header.trim().toLowerCase())
    .filter(Boolean);
}

const FALLBACK_MESSAGE = "The request could not be completed.";

/**
 * The old server answered every failure with 200 and `{success: false, message}`; its client
 * shows `message` only then. The sentence stays ours; other headers (Retry-After) stay too.
 */
async function asLegacyFailure(response: Response): Promise<Response> {
  let message = FALLBACK_MESSAGE;
  if (response.headers.get("Content-Type")?.includes("application/json")) {
    try {
      const body: unknown = await response.clone().json();
      if (body && typeof body === "object" && typeof (body as { message?: unknown }).message === "string") {
        message = (body as { message: string }).message;
      }
    } catch {
      // Not JSON after all: the fallback sentence stands.
    }
  } else {
    const text = (await response.clone().text()).trim();
    if (text && text.length <= 300) message = text;
  }
  const headers = new Headers(response.headers);
  headers.set("Content-Type", "application/json; charset=UTF-8");
  headers.delete("Content-Length");
  headers.delete("Content-Encoding");
  return new Response(JSON.stringify({ success: false, message }), { status: 200, headers });
}
