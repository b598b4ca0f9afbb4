import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { contentSecurityPolicy, type PolicyOptions } from "~/infra/content-security-policy.server";
import { isAnonymousRequest } from "~/kept/shared-pages.server";

const NONCE_BYTES = 16;
/** Random bytes drawn 256 nonces at a time: one call to the system's generator costs more than its bytes. */
let randomPool = Buffer.alloc(0);
let poolOffset = 0;

/** 128 fresh random bits, base64: never the same twice, never guessable. */
export function createCspNonce(): string {
  if (poolOffset + NONCE_BYTES > randomPool.length) {
    randomPool = randomBytes(NONCE_BYTES * 256);
    poolOffset = 0;
  }
  const nonce = randomPool.toString("base64", poolOffset, poolOffset + NONCE_BYTES);
  poolOffset += NONCE_BYTES;
  return nonce;
}

export type SecurityHeaderOptions = PolicyOptions;

/**
 * Cuts every tie with a window of another site that opened or was opened by ours. Sent only to a
 * visitor with a session (decision 43): an anonymous page shows everyone the same thing, so there
 * is nothing for another window to learn from it, while the header costs every anonymous first
 * visit a fresh renderer process. The first answer after signing in carries it and severs any
 * opener from then on.
 */
const OPENER_POLICY: [string, string] = ["Cross-Origin-Opener-Policy", "same-origin"];

/**
 * The headers every response carries besides its Content-Security-Policy and opener policy.
 * X-Frame-Options is left out: a response that may be framed by our own pages (a staff e-mail
 * preview) sets its own.
 */
export function fixedSecurityHeaders(options: SecurityHeaderOptions): [string, string][] {
  return [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Permissions-Policy", "camera=(), geolocation=(), payment=(self), microphone=(self)"],
    // Browsers ignore HSTS over plain HTTP; sending it there only misleads whoever reads the headers.
    ...(options.isProduction && options.servedOverHttps
      ? [["Strict-Transport-Security", "max-age=31536000; includeSubDomains"] as [string, string]]
      : []),
  ];
}

/**
 * Scripts, styles, fonts and raster images: a browser never runs one as a document, so the policies
 * that govern documents (CSP, framing, opener, permissions) mean nothing on them. An SVG can be
 * opened as a document and run script, so it keeps every header.
 */
const SUBRESOURCE_TYPE = /^(?:text\/(?:javascript|css)|application\/javascript|font\/|image\/(?!svg))/i;

/** What a script, style, font or raster image carries: its type is not to be guessed, and HSTS. */
function subresourceSecurityHeaders(options: SecurityHeaderOptions): [string, string][] {
  return fixedSecurityHeaders(options).filter(
    ([name]) => name === "X-Content-Type-Options" || name === "Strict-Transport-Security",
  );
}

export function securityHeaders(options: SecurityHeaderOptions): MiddlewareHandler<{
  Variables: { cspNonce: string };
}> {
  const fixed = fixedSecurityHeaders(options);
  // A page loads many of these, and the document's headers were a sizeable weight on each.
  const forSubresources = subresourceSecurityHeaders(options);
  return async (context, next) => {
    const nonce = createCspNonce();
    context.set("cspNonce", nonce);
    await next();
    const headers = context.res.headers;
    if (SUBRESOURCE_TYPE.test(headers.get("Content-Type") ?? "")) {
      for (const [name, value] of forSubresources) headers.set(name, value);
      return;
    }
    for (const [name, value] of fixed) headers.set(name, value);
    const request = context.req.raw.headers;
    const anonymous = isAnonymousRequest({
      cookie: request.get("cookie"),
      token: request.get("token"),
      authorization: request.get("authorization"),
    });
    // A response that starts a session (signing in) carries it too.
    if (!anonymous || headers.has("Set-Cookie")) headers.set(...OPENER_POLICY);
    if (!headers.has("X-Frame-Options")) headers.set("X-Frame-Options", "DENY");
    if (!headers.has("Content-Security-Policy")) {
      headers.set("Content-Security-Policy", contentSecurityPolicy({ nonce }, options));
    }
  };
}
