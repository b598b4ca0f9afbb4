import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";

export function createCspNonce(): string {
  return randomBytes(16).toString("base64");
}

/** The page's policy: our own files, plus inline scripts that carry this response's nonce. */
export function contentSecurityPolicy(nonce: string, options: SecurityHeaderOptions): string {
  const { isProduction, servedOverHttps } = options;
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // React writes `style` attributes (e.g. the carousel's transform); no style sheet is inlined.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    // Vite's hot reload talks over a WebSocket in development only.
    isProduction ? "connect-src 'self'" : "connect-src 'self' ws: wss:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (servedOverHttps) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

export interface SecurityHeaderOptions {
  isProduction: boolean;
  /** The public URL is https: sub-requests may be upgraded (a plain-http local run must not be). */
  servedOverHttps: boolean;
}

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
    headers.set("X-Frame-Options", "DENY");
    headers.set("Cross-Origin-Opener-Policy", "same-origin");
    headers.set("Permissions-Policy", "camera=(), geolocation=(), payment=(self), microphone=(self)");
    if (!headers.has("Content-Security-Policy")) {
      headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, options));
    }
    if (options.isProduction) {
      headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
  };
}
