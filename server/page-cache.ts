import { createHash } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { contentSecurityPolicy, type PolicyOptions } from "~/infra/content-security-policy.server";
import type { RequestContext } from "~/infra/request-context.server";
import { inlineScriptSources } from "~/lib/inline-scripts";
import { type EncodedBody, encodedAnswer, encodeOnce, etagOf } from "./encoded-body";

/** A page as every anonymous visitor gets it: the same bytes, stored in each encoding once. */
interface SharedPage {
  status: number;
  headers: [string, string][];
  /** Allows exactly the page's inline scripts, by digest: the same for every response. */
  policy: string;
  body: EncodedBody;
  storedAt: number;
}

export interface PageCacheOptions {
  /** How long a rendered page is reused before it is rendered again. */
  ttlMs: number;
  maxEntries: number;
  /** Pages whose content is the same for every anonymous visitor. */
  isCacheable(path: string): boolean;
  policy: PolicyOptions;
}

const PERSONAL_COOKIES = /(?:^|;\s*)(?:__Host-session|session|flash)=/;
/** Headers that describe one response or one encoding, set afresh on every answer. */
const PER_RESPONSE_HEADERS = new Set([
  "content-security-policy",
  "x-request-id",
  "content-length",
  "content-encoding",
  "etag",
  "vary",
]);

/**
 * A short-lived cache of content pages for anonymous visitors, in this process's memory: a burst
 * of visitors costs one render and one compression. The stored page carries no nonce and no
 * request id, so its bytes are the same for everyone: its inline scripts are allowed by their
 * SHA-256 digests instead, and an `ETag` lets a browser revalidate it for nothing. Signed-in
 * visitors, anything with a session, flash or token, and every non-GET request render afresh.
 */
export function pageCache(options: PageCacheOptions): MiddlewareHandler<{ Variables: RequestContext }> {
  const pages = new Map<string, SharedPage>();
  const rendering = new Map<string, Promise<SharedPage | undefined>>();

  /** The response just rendered, stored when it is a page to share; undefined when it is not. */
  async function storeRendered(key: string, context: Context<{ Variables: RequestContext }>) {
    const response = context.res;
    const html = response.headers.get("Content-Type")?.startsWith("text/html");
    if (response.status !== 200 || !html || response.headers.has("Set-Cookie")) return undefined;
    const body = withoutPerResponseValues(await response.text(), context.var.cspNonce, context.var.requestId);
    const page = await sharedPage(body, response, pages.get(key), options.policy);
    if (!pages.has(key) && pages.size >= options.maxEntries)
      pages.delete(pages.keys().next().value as string);
    pages.set(key, page);
    return page;
  }
  return async (context, next) => {
    const anonymous =
      !context.var.user &&
      !PERSONAL_COOKIES.test(context.req.header("Cookie") ?? "") &&
      !context.req.header("token") &&
      !context.req.header("Authorization");
    if (context.req.method !== "GET" || !anonymous || !options.isCacheable(context.req.path)) return next();

    const url = context.req.url;
    const key = url.slice(url.indexOf("/", url.indexOf("//") + 2));
    let page = pages.get(key);
    const stale = !page || Date.now() - page.storedAt >= options.ttlMs;
    const underWay = rendering.get(key);
    if (stale && underWay) {
      // One request renders; the others meanwhile get the page it replaces, or wait for it.
      page ??= await underWay;
      if (!page) return next();
    } else if (stale) {
      let settle: (rendered: SharedPage | undefined) => void = () => {};
      rendering.set(key, new Promise((resolve) => (settle = resolve)));
      try {
        await next();
        page = await storeRendered(key, context);
        if (!page) return;
      } finally {
        settle(page);
        rendering.delete(key);
      }
    }
    // Fresh, kept while another request renders, or just rendered: there is a page by now.
    context.res = answer(
      page as SharedPage,
      context.req.header("If-None-Match"),
      context.req.header("Accept-Encoding"),
    );
  };
}

/** The rendered page with its nonce attributes and request id taken out. */
export function withoutPerResponseValues(body: string, nonce: string, requestId: string): string {
  return body.replaceAll(` nonce="${nonce}"`, "").replaceAll(nonce, "").replaceAll(requestId, "");
}

/** The SHA-256 digests (base64) of the inline scripts the page runs. */
export function inlineScriptDigests(body: string): string[] {
  const digests = inlineScriptSources(body).map((source) =>
    createHash("sha256").update(source, "utf8").digest("base64"),
  );
  return [...new Set(digests)];
}

async function sharedPage(
  html: string,
  response: Response,
  previous: SharedPage | undefined,
  policy: PolicyOptions,
): Promise<SharedPage> {
  const identity = Buffer.from(html, "utf8");
  const headers = [...response.headers.entries()].filter(
    ([name]) => !PER_RESPONSE_HEADERS.has(name.toLowerCase()),
  );
  // Most re-renders produce the same bytes: keep the compressed copies instead of making them again.
  if (previous?.body.etag === etagOf(identity)) return { ...previous, headers, storedAt: Date.now() };
  return {
    status: response.status,
    headers,
    policy: contentSecurityPolicy({ sha256: inlineScriptDigests(html) }, policy),
    body: await encodeOnce(identity),
    storedAt: Date.now(),
  };
}

function answer(
  page: SharedPage,
  ifNoneMatch: string | undefined,
  acceptEncoding: string | undefined,
): Response {
  const { status, bytes, headers } = encodedAnswer(page.body, { ifNoneMatch, acceptEncoding });
  headers.push(["Content-Security-Policy", page.policy]);
  return new Response(bytes, {
    status: status === 304 ? 304 : page.status,
    headers: status === 304 ? headers : [...page.headers, ...headers],
  });
}
