import { Writable } from "node:stream";
import type { ReactElement } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import {
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  ServerRouter,
} from "react-router";
import { emptyHandoffStream, readLoaderDataAhead } from "~/infra/loader-data-ahead.server";
import { withPageStylesheet } from "~/kept/page-stylesheet.server";
import { NonceProvider } from "~/lib/nonce";
import { PAGE_STYLESHEET_MARK } from "~/lib/page-stylesheet-mark";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;
  await readLoaderDataAhead(routerContext);
  const page = (
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>
  );
  // With the loader data read ahead and the page's lazy parts loaded, nothing suspends, and
  // renderToString makes the same document for less work than the stream below (decision 32).
  // Anything unfinished (a lazy part's first use in this process, an error inside a Suspense
  // boundary) leaves React's client-render marker: then the stream renders the page, waiting for
  // what suspended and reporting errors.
  const html = renderToString(page);
  if (!html.includes(CLIENT_RENDERED_BOUNDARY)) {
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    return new Response(Buffer.from(`<!DOCTYPE html>${withPageStylesheet(html)}`), {
      headers: responseHeaders,
      status: responseStatusCode,
    });
  }
  emptyHandoffStream(routerContext);
  return renderStreamed(page, responseStatusCode, responseHeaders, loadContext);
}

/**
 * The comment React writes before a Suspense boundary it left for the browser to render. Page text
 * cannot produce it: React escapes "<" in text and attributes.
 */
const CLIENT_RENDERED_BOUNDARY = "<!--$!-->";

function renderStreamed(
  page: ReactElement,
  initialStatusCode: number,
  responseHeaders: Headers,
  loadContext: AppLoadContext,
): Promise<Response> {
  let responseStatusCode = initialStatusCode;
  const nonce = loadContext.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );
    // The whole document is rendered before sending: pages hold no slow deferred data, and a
    // complete document lets the status code reflect errors anywhere in it. Being complete, it
    // goes out as one buffer: a stream of web-stream chunks made each render cost more.
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      // Sent whole, so nothing is gained by React's outlining of large Suspense boundaries (their
      // content after the page, swapped in by an inline script): visitors without JavaScript
      // would see the fallback.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        const chunks: Buffer[] = [];
        const wholeDocument = new Writable({
          write(chunk: Buffer, _encoding, callback) {
            chunks.push(chunk);
            callback();
          },
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            const document = Buffer.concat(chunks);
            const body = document.includes(PAGE_STYLESHEET_MARK)
              ? Buffer.from(withPageStylesheet(document.toString("utf8")))
              : document;
            resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
            callback();
          },
        });
        pipe(wholeDocument);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        loadContext.logger.error({ msg: "render error", requestId: loadContext.requestId, err: error });
      },
    });
  });
}

/** Every error thrown by a loader, action or render is logged once, with its stack and request id. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  context.logger.error({
    msg: "route error",
    requestId: context.requestId,
    path: new URL(request.url).pathname,
    err: error,
  });
};
