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

export function securityHeaders(options: SecurityHeaderOptions): MiddlewareHandler<{
  Variables: { cspNonce: string };
}> {
  return async (context, next) => {
    const nonce = createCspNonce();
    context.set("cspNonce", nonce);
    await next();
    const headers = context.res.headers;
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
    // A response that may be framed by our own pages (a staff e-mail preview) says so itself.
    if (!headers.has("X-Frame-Options")) headers.set("X-Frame-Options", "DENY");
    headers.set("Cross-Origin-Opener-Policy", "same-origin");
    headers.set("Permissions-Policy", "camera=(), geolocation=(), payment=(self), microphone=(self)");
    if (!headers.has("Content-Security-Policy")) {
      headers.set("Content-Security-Policy", contentSecurityPolicy({ nonce }, options));
    }
    // Browsers ignore HSTS over plain HTTP; sending it there only misleads whoever reads the headers.
    if (options.isProduction && options.servedOverHttps) {
      headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
  };
}
