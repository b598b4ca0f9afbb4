import type { Context, MiddlewareHandler } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";
import { compressBrotli, compressGzip, preferredEncoding } from "~/kept/encoded-body.server";

/** Below this, compression saves less than it costs (and a packet holds the body anyway). */
const MINIMUM_BYTES = 1024;

/** Bodies the app makes whole in memory (JSON answers, pages rendered to one buffer). */
const WHOLE_BODY_TYPE = /^(?:application\/json|text\/html)\b/i;

const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/**
 * Compresses answers for clients that accept it: brotli (fast level) or gzip, one call into zlib
 * on its thread pool. JSON and pages are read whole, so a small one goes out as it is, with its
 * length; Hono's own middleware sent every answer, even a tiny error, through a web
 * CompressionStream (a large part of a small answer's cost; decision 30). Anything else (a CSV
 * export, the bot's event stream) keeps streaming through CompressionStream.
 */
export function compressResponses(): MiddlewareHandler {
  return async function compressResponse(context, next) {
    answerJsonWithLength(context);
    await next();
    const response = context.res;
    const type = response.headers.get("Content-Type");
    const length = response.headers.get("Content-Length");
    // The headers first: reading `body` turns @hono/node-server's light answer into a whole web
    // Response, sent through a stream (a noticeable part of a refused booking's cost in a rush).
    if (
      (length && Number(length) < MINIMUM_BYTES) ||
      context.req.method === "HEAD" ||
      response.status === 206 ||
      response.headers.has("Content-Encoding") ||
      response.headers.has("Transfer-Encoding") ||
      !type ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
      NO_TRANSFORM.test(response.headers.get("Cache-Control") ?? "") ||
      !response.body
    ) {
      return;
    }
    const vary = response.headers.get("Vary");
    if (vary !== "*" && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? "")) {
      response.headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    }
    const encoding = preferredEncoding(context.req.header("Accept-Encoding"));
    if (!encoding) return;

    if (!WHOLE_BODY_TYPE.test(type)) {
      const streamEncoding = encoding === "br" ? "gzip" : encoding;
      const headers = new Headers(response.headers);
      headers.delete("Content-Length");
      headers.set("Content-Encoding", streamEncoding);
      replaceResponse(
        context,
        response.body.pipeThrough(new CompressionStream(streamEncoding)),
        response,
        headers,
      );
      return;
    }

    const identity = Buffer.from(await response.arrayBuffer());
    const headers = new Headers(response.headers);
    let bytes = identity;
    if (identity.length >= MINIMUM_BYTES) {
      bytes = encoding === "br" ? await compressBrotli(identity, 4) : await compressGzip(identity);
      headers.set("Content-Encoding", encoding);
      const etag = headers.get("ETag");
      if (etag && !etag.startsWith("W/")) headers.set("ETag", `W/${etag}`);
    }
    headers.set("Content-Length", String(bytes.length));
    replaceResponse(context, bytes, response, headers);
  };
}

/**
 * `context.json` as Hono makes it, plus the answer's length, so that a small answer (most JSON
 * answers: errors, confirmations) is known to be small without reading its body back.
 */
function answerJsonWithLength(context: Context): void {
  context.json = ((object: unknown, arg?: unknown, headers?: Record<string, string | string[]>) => {
    const text = JSON.stringify(object);
    const body = context.body as (
      data: string,
      arg: unknown,
      headers: Record<string, string | string[]>,
    ) => Response;
    return body(text, arg, {
      "Content-Type": "application/json",
      "Content-Length": String(Buffer.byteLength(text)),
      ...headers,
    });
  }) as Context["json"];
}

/** Hono copies the old answer's headers onto a new one; these headers are already complete. */
function replaceResponse(context: Context, body: BodyInit, old: Response, headers: Headers): void {
  context.res = undefined;
  context.res = new Response(body, { status: old.status, statusText: old.statusText, headers });
}
