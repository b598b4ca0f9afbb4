import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { contentSecurityPolicy, type PolicyOptions } from "~/infra/content-security-policy.server";

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
 * The headers every response carries besides its Content-Security-Policy. X-Frame-Options is
 * left out: a response that may be framed by our own pages (a staff e-mail preview) sets its own.
 */
export function fixedSecurityHeaders(options: SecurityHeaderOptions): [string, string][] {
  return [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Permissions-Policy", "camera=(), geolocation=(), payment=(self), microphone=(self)"],
    // Browsers ignore HSTS over plain HTTP; sending it there only misleads whoever reads the headers.
    ...(options.isProduction && options.servedOverHttps
      ? [["Strict-Transport-Security", "max-age=31536000; includeSubDomains"] as [string, string]]
      : []),
  ];
}

export function securityHeaders(options: SecurityHeaderOptions): MiddlewareHandler<{
  Variables: { cspNonce: string };
}> {
  const fixed = fixedSecurityHeaders(options);
  return async (context, next) => {
    const nonce = createCspNonce();
    context.set("cspNonce", nonce);
    await next();
    const headers = context.res.headers;
    for (const [name, value] of fixed) headers.set(name, value);
    if (!headers.has("X-Frame-Options")) headers.set("X-Frame-Options", "DENY");
    if (!headers.has("Content-Security-Policy")) {
      headers.set("Content-Security-Policy", contentSecurityPolicy({ nonce }, options));
    }
  };
}
