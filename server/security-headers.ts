import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { contentSecurityPolicy, type PolicyOptions } from "~/infra/content-security-policy.server";

export function createCspNonce(): string {
  return randomBytes(16).toString("base64");
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
