import type { MiddlewareHandler } from "hono";
import type { RequestContext } from "~/infra/request-context.server";

interface CachedPage {
  body: string;
  headers: [string, string][];
  status: number;
  /** The nonce and request id rendered into the body, replaced on every reuse. */
  nonce: string;
  requestId: string;
  storedAt: number;
}

export interface PageCacheOptions {
  /** How long a rendered page is reused. */
  ttlMs: number;
  maxEntries: number;
  /** Pages whose content is the same for every anonymous visitor. */
  isCacheable(path: string): boolean;
}

const PERSONAL_COOKIES = /(?:^|;\s*)(?:__Host-session|session|flash)=/;

/**
 * A short-lived cache of content pages for anonymous visitors, in this process's memory: a burst
 * of visitors costs one render. Each reuse carries this response's own CSP nonce and request id,
 * so the page's security and logging stay per request. Signed-in visitors, anything with a
 * session, flash or token, and every non-GET request always render afresh.
 */
export function pageCache(options: PageCacheOptions): MiddlewareHandler<{ Variables: RequestContext }> {
  const pages = new Map<string, CachedPage>();
  return async (context, next) => {
    const url = new URL(context.req.url);
    const anonymous =
      !context.var.user &&
      !PERSONAL_COOKIES.test(context.req.header("Cookie") ?? "") &&
      !context.req.header("token") &&
      !context.req.header("Authorization");
    if (context.req.method !== "GET" || !anonymous || !options.isCacheable(url.pathname)) return next();

    const key = `${url.pathname}${url.search}`;
    const cached = pages.get(key);
    if (cached && Date.now() - cached.storedAt < options.ttlMs) {
      const body = cached.body
        .replaceAll(cached.nonce, context.var.cspNonce)
        .replaceAll(cached.requestId, context.var.requestId);
      return new Response(body, { status: cached.status, headers: cached.headers });
    }

    await next();
    const response = context.res;
    const html = response.headers.get("Content-Type")?.startsWith("text/html");
    if (response.status !== 200 || !html || response.headers.has("Set-Cookie")) return;
    const body = await response.text();
    const headers = [...response.headers.entries()].filter(
      ([name]) => !["content-security-policy", "x-request-id", "content-length"].includes(name.toLowerCase()),
    );
    if (pages.size >= options.maxEntries) pages.delete(pages.keys().next().value as string);
    pages.set(key, {
      body,
      headers,
      status: response.status,
      nonce: context.var.cspNonce,
      requestId: context.var.requestId,
      storedAt: Date.now(),
    });
    context.res = new Response(body, { status: response.status, headers: response.headers });
  };
}
