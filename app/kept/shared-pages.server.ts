import { createHash } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { contentSecurityPolicy, type PolicyOptions } from "~/infra/content-security-policy.server";
import { inlineScriptSources } from "~/lib/inline-scripts";
import type { PageCacheKind } from "~/route-table";
import type { ChangeAwareCache } from "./change-aware-cache.server";
import {
  type CompressionEffort,
  type EncodedBody,
  encodedAnswer,
  encodeOnce,
  etagOf,
} from "./encoded-body.server";

/** What the page cache reads of the request context. */
type PageContextEnv = { Variables: { user?: unknown; cspNonce: string; requestId: string } };

/** A page as every anonymous visitor gets it: the same bytes, stored in each encoding once. */
export interface SharedPage {
  status: number;
  headers: [string, string][];
  /** Allows exactly the page's inline scripts, by digest: the same for every response. */
  policy: string;
  body: EncodedBody;
  storedAt: number;
}

export interface PageStoreOptions {
  /** How long a rendered page is reused before it is rendered again. */
  ttlMs: number;
  maxEntries: number;
}

/**
 * The shared pages, by path and query. The page cache below fills it; server/memory-answers.ts
 * reads it too, to answer a fresh page before the request reaches the app's middleware.
 */
export class PageStore {
  private readonly pages = new Map<string, SharedPage>();

  constructor(private readonly options: PageStoreOptions) {}

  /** The page stored under `key`, fresh or not. */
  get(key: string): SharedPage | undefined {
    return this.pages.get(key);
  }

  /** The page stored under `key` while it is younger than `ttlMs`. */
  fresh(key: string, now = Date.now()): SharedPage | undefined {
    const page = this.pages.get(key);
    return page && now - page.storedAt < this.options.ttlMs ? page : undefined;
  }

  set(key: string, page: SharedPage): void {
    if (!this.pages.has(key) && this.pages.size >= this.options.maxEntries) {
      this.pages.delete(this.pages.keys().next().value as string);
    }
    this.pages.set(key, page);
  }
}

export interface PageCacheOptions {
  /** Where "public-content" pages are shared; without it they render for every request. */
  store?: PageStore;
  /** How a page may be reused for anonymous visitors (app/route-table.ts), if at all. */
  cacheKindOf(path: string): PageCacheKind | undefined;
  /**
   * Where "catalogue" pages are kept: forgotten when the database says consultants or bookings
   * changed. Without it they render for every request.
   */
  cataloguePages?: ChangeAwareCache<SharedPage>;
  /** What else tells one "catalogue" page from another at the same address: the time it is. */
  catalogueMoment(): string;
  policy: PolicyOptions;
}

/** How long a rendered content page is shared, and how many are kept. */
export const SHARED_PAGES = { ttlMs: 10_000, maxEntries: 200 };

/** As many last directory pages as the catalogue keeps (app/kept/catalogue.server.ts). */
const LAST_CATALOGUE_PAGES = 100;

/** A kept "catalogue" page's key: its path and query, and the moment it shows (catalogueMoment). */
export function cataloguePageKey(pathAndQuery: string, moment: string): string {
  return `${pathAndQuery} ${moment}`;
}

const PERSONAL_COOKIES = /(?:^|;\s*)(?:__Host-session|session|flash)=/;

/** No session, flash, token or credentials: the request is answered as for any visitor. */
export function isAnonymousRequest(headers: {
  cookie?: string | null;
  token?: string | null;
  authorization?: string | null;
}): boolean {
  return !PERSONAL_COOKIES.test(headers.cookie ?? "") && !headers.token && !headers.authorization;
}

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
export function pageCache(options: PageCacheOptions): MiddlewareHandler<PageContextEnv> {
  const { store, cataloguePages } = options;
  const rendering = new Map<string, Promise<SharedPage | undefined>>();
  /**
   * The last "catalogue" page made for each address, kept past the notices that forget them: most
   * bookings leave a directory page's bytes as they were, and then its compressed copies are reused.
   */
  const lastCataloguePages = new PageStore({ ttlMs: 0, maxEntries: LAST_CATALOGUE_PAGES });

  /** The response just rendered as a page to share; undefined when it is not one. */
  async function sharedPageOf(
    context: Context<PageContextEnv>,
    previous: SharedPage | undefined,
    effort: CompressionEffort,
  ) {
    const response = context.res;
    const html = response.headers.get("Content-Type")?.startsWith("text/html");
    if (response.status !== 200 || !html || response.headers.has("Set-Cookie")) return undefined;
    const body = withoutPerResponseValues(
      await response.text(),
      context.get("cspNonce"),
      context.get("requestId"),
    );
    return sharedPage(body, response, previous, options.policy, effort);
  }

  /** The response just rendered, stored when it is a page to share; undefined when it is not. */
  async function storeRendered(pages: PageStore, key: string, context: Context<PageContextEnv>) {
    const page = await sharedPageOf(context, pages.get(key), "strongest");
    if (page) pages.set(key, page);
    return page;
  }

  return async (context, next) => {
    const anonymous =
      !context.get("user") &&
      isAnonymousRequest({
        cookie: context.req.header("Cookie"),
        token: context.req.header("token"),
        authorization: context.req.header("Authorization"),
      });
    const kind =
      anonymous && context.req.method === "GET" ? options.cacheKindOf(context.req.path) : undefined;
    if (!kind) return next();

    const url = context.req.url;
    const key = url.slice(url.indexOf("/", url.indexOf("//") + 2));
    if (kind === "catalogue") {
      if (!cataloguePages) return next();
      // Requests that arrive while one renders share its page; one that finds no page to share
      // (an error page, a redirect) renders its own.
      let renderedHere = false;
      const page = await cataloguePages.get(cataloguePageKey(key, options.catalogueMoment()), async () => {
        renderedHere = true;
        await next();
        const rendered = await sharedPageOf(context, lastCataloguePages.get(key), "quick");
        if (rendered) lastCataloguePages.set(key, rendered);
        return rendered;
      });
      if (page) {
        context.res = answer(
          page,
          context.req.header("If-None-Match"),
          context.req.header("Accept-Encoding"),
        );
      } else if (!renderedHere) {
        await next();
      }
      return;
    }

    if (!store) return next();
    let page = store.get(key);
    const stale = store.fresh(key) === undefined;
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
        page = await storeRendered(store, key, context);
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
function withoutPerResponseValues(body: string, nonce: string, requestId: string): string {
  return body.replaceAll(` nonce="${nonce}"`, "").replaceAll(nonce, "").replaceAll(requestId, "");
}

/** The SHA-256 digests (base64) of the inline scripts the page runs. */
function inlineScriptDigests(body: string): string[] {
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
  effort: CompressionEffort,
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
    body: await encodeOnce(identity, { effort }),
    storedAt: Date.now(),
  };
}

/** The stored page's status, headers and bytes as this request asks for them (a 304 when it has them). */
export function sharedPageAnswer(
  page: SharedPage,
  request: { ifNoneMatch?: string; acceptEncoding?: string },
): { status: number; bytes: Uint8Array<ArrayBuffer> | null; headers: [string, string][] } {
  const { status, bytes, headers } = encodedAnswer(page.body, request);
  headers.push(["Content-Security-Policy", page.policy]);
  return status === 304
    ? { status, bytes, headers }
    : { status: page.status, bytes, headers: [...page.headers, ...headers] };
}

function answer(page: SharedPage, ifNoneMatch: string | undefined, acceptEncoding: string | undefined) {
  const { status, bytes, headers } = sharedPageAnswer(page, { ifNoneMatch, acceptEncoding });
  return new Response(bytes, { status, headers });
}
