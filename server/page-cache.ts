import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { contentSecurityPolicy, type PolicyOptions } from "~/infra/content-security-policy.server";
import type { RequestContext } from "~/infra/request-context.server";
import { inlineScriptSources } from "~/lib/inline-scripts";

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** A page as every anonymous visitor gets it: the same bytes, stored in each encoding once. */
interface SharedPage {
  status: number;
  headers: [string, string][];
  /** Allows exactly the page's inline scripts, by digest: the same for every response. */
  policy: string;
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  brotli: Buffer;
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
    if (!page || Date.now() - page.storedAt >= options.ttlMs) {
      await next();
      const response = context.res;
      const html = response.headers.get("Content-Type")?.startsWith("text/html");
      if (response.status !== 200 || !html || response.headers.has("Set-Cookie")) return;
      const body = withoutPerResponseValues(
        await response.text(),
        context.var.cspNonce,
        context.var.requestId,
      );
      page = await sharedPage(body, response, pages.get(key), options.policy);
      if (!pages.has(key) && pages.size >= options.maxEntries) {
        pages.delete(pages.keys().next().value as string);
      }
      pages.set(key, page);
    }
    context.res = answer(page, context.req.header("If-None-Match"), context.req.header("Accept-Encoding"));
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
  body: string,
  response: Response,
  previous: SharedPage | undefined,
  policy: PolicyOptions,
): Promise<SharedPage> {
  const identity = Buffer.from(body, "utf8");
  const etag = `W/"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`;
  const headers = [...response.headers.entries()].filter(
    ([name]) => !PER_RESPONSE_HEADERS.has(name.toLowerCase()),
  );
  // Most re-renders produce the same bytes: keep the compressed copies instead of making them again.
  if (previous?.etag === etag) return { ...previous, headers, storedAt: Date.now() };
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(identity, { level: 9 }),
    brotliAsync(identity, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  ]);
  return {
    status: response.status,
    headers,
    policy: contentSecurityPolicy({ sha256: inlineScriptDigests(body) }, policy),
    etag,
    identity,
    gzip: gzipped,
    brotli,
    storedAt: Date.now(),
  };
}

function answer(
  page: SharedPage,
  ifNoneMatch: string | undefined,
  acceptEncoding: string | undefined,
): Response {
  const common: [string, string][] = [
    ["ETag", page.etag],
    ["Vary", "Accept-Encoding"],
    ["Content-Security-Policy", page.policy],
  ];
  if (ifNoneMatch && matchesEtag(ifNoneMatch, page.etag)) {
    return new Response(null, { status: 304, headers: common });
  }
  const encoding = preferredEncoding(acceptEncoding);
  const bytes = encoding === "br" ? page.brotli : encoding === "gzip" ? page.gzip : page.identity;
  const headers = [...page.headers, ...common, ["Content-Length", String(bytes.length)]] as [
    string,
    string,
  ][];
  if (encoding) headers.push(["Content-Encoding", encoding]);
  return new Response(bytes as Uint8Array<ArrayBuffer>, { status: page.status, headers });
}

/** `If-None-Match` compares weakly: any listed tag with the same opaque value, or `*`. */
function matchesEtag(header: string, etag: string): boolean {
  const opaque = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => {
    const candidate = tag.trim();
    return candidate === "*" || candidate.replace(/^W\//, "") === opaque;
  });
}

/** Brotli, else gzip, else none, as the client's `Accept-Encoding` allows (q=0 refuses). */
export function preferredEncoding(acceptEncoding: string | undefined): "br" | "gzip" | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...parameters] = part.trim().toLowerCase().split(";");
    const quality = parameters.map((parameter) => /^\s*q=([\d.]+)/.exec(parameter)?.[1]).find(Boolean);
    if (quality === undefined || Number(quality) > 0) accepted.add(name.trim());
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return undefined;
}
