// The pipeline's first step (server/app.ts): answers already in memory, written straight to Node's
// response before the request reaches the Hono app: a fresh shared page or a kept directory page,
// or a kept consultant list or slots answer (all declared in app/kept). Going through Hono's chain
// and a Fetch Response cost these requests most of their time (decision 28).
// Everything the app would add is added here too, from the same functions: security headers, the
// request id, the access-log line, `Vary: Origin` on the API. Any request this step is not sure
// about goes on to the app.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { contentSecurityPolicy, type PolicyOptions } from "~/infra/content-security-policy.server";
import type { Logger } from "~/infra/logger.server";
import { recordRequest } from "~/infra/metrics.server";
import { answerKeyOf, type KeptCatalogue } from "~/kept/catalogue.server";
import { encodedAnswer } from "~/kept/encoded-body.server";
import {
  cataloguePageKey,
  isAnonymousRequest,
  type PageStore,
  sharedPageAnswer,
} from "~/kept/shared-pages.server";
import { logWhenSent } from "./access-log";
import { receivedAtOf } from "./received-at";
import { createCspNonce, fixedSecurityHeaders } from "./security-headers";

export interface MemoryAnswerSources {
  sharedPages?: PageStore;
  catalogue?: Partial<Pick<KeptCatalogue, "pages" | "answers">>;
  /** What besides the address is in a kept directory page's key (the page cache's). */
  catalogueMoment(): string;
  policy: PolicyOptions;
  logger: Logger;
}

/** Answers the request and returns true, or returns false and leaves it untouched. */
export type MemoryAnswerer = (request: IncomingMessage, response: ServerResponse) => boolean;

export function createMemoryAnswerer(sources: MemoryAnswerSources): MemoryAnswerer {
  const securityHeaders = fixedSecurityHeaders(sources.policy);

  /** The kept API answer for this URL, when there is one (only for URLs without a query). */
  function keptApiAnswer(url: string) {
    const key = answerKeyOf(url);
    return key ? sources.catalogue?.answers?.peek(key) : undefined;
  }

  return (request, response) => {
    const headers = request.headers;
    const url = request.url ?? "";
    if (
      request.method !== "GET" ||
      request.httpVersionMajor !== 1 ||
      // The app honours a caller's own request id; it is rare enough to leave to the app.
      headers["x-request-id"] !== undefined ||
      !isAnonymousRequest({
        cookie: headers.cookie,
        token: typeof headers.token === "string" ? headers.token : undefined,
        authorization: headers.authorization,
      })
    ) {
      return false;
    }
    const conditions = { ifNoneMatch: headers["if-none-match"], acceptEncoding: headers["accept-encoding"] };

    let answer: { status: number; bytes: Uint8Array | null; headers: [string, string][] };
    if (url.startsWith("/api/")) {
      // A call from another origin gets CORS headers (or is refused): the app's business.
      if (headers.origin !== undefined) return false;
      const body = keptApiAnswer(url);
      if (!body) return false;
      answer = encodedAnswer(body, conditions);
      // As the app's CORS middleware does for a call without an Origin.
      answer.headers = answer.headers.map(([name, value]) =>
        name === "Vary" ? [name, `${value}, Origin`] : [name, value],
      );
      answer.headers.push([
        "Content-Security-Policy",
        contentSecurityPolicy({ nonce: createCspNonce() }, sources.policy),
      ]);
      if (answer.status === 200) answer.headers.push(["Content-Type", "application/json"]);
    } else {
      const page =
        sources.sharedPages?.fresh(url) ??
        sources.catalogue?.pages?.peek(cataloguePageKey(url, sources.catalogueMoment()));
      if (!page) return false;
      answer = sharedPageAnswer(page, conditions);
    }

    const requestId = randomUUID();
    const flat: string[] = [];
    for (const [name, value] of answer.headers) flat.push(name, value);
    for (const [name, value] of securityHeaders) flat.push(name, value);
    if (!answer.headers.some(([name]) => name.toLowerCase() === "x-frame-options")) {
      flat.push("X-Frame-Options", "DENY");
    }
    flat.push("X-Request-Id", requestId);
    response.writeHead(answer.status, flat);
    response.end(answer.bytes);
    const path = url.split("?", 1)[0] ?? url;
    const receivedAt = receivedAtOf(request) ?? performance.now();
    // Counted in /metrics beside the app's answers; kept answers are one label per kind, not per path.
    response.once("finish", () =>
      recordRequest({
        method: "GET",
        route: path.startsWith("/api/") ? "(kept API answer)" : "(kept page)",
        status: answer.status,
        seconds: (performance.now() - receivedAt) / 1000,
      }),
    );
    logWhenSent(
      sources.logger,
      { requestId, method: "GET", path, status: answer.status },
      response,
      receivedAt,
    );
    return true;
  };
}
