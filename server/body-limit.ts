import { IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { HttpBindings } from "@hono/node-server";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { PICTURE_MAX_BYTES } from "~/features/pictures/picture-limits";

/** What most requests may carry: forms and JSON. */
export const DEFAULT_BODY_LIMIT_BYTES = 100 * 1024;
/** A picture of up to PICTURE_MAX_BYTES plus the other form fields: the largest body any route takes. */
export const UPLOAD_BODY_LIMIT_BYTES = PICTURE_MAX_BYTES + 64 * 1024;

/**
 * How much of a refused body is read and dropped, and for how long, before the connection is cut
 * (nginx's lingering close does the same). Closing a socket that still has unread bytes makes the
 * kernel send a reset, and the client loses the 413 it has not read yet: a phone uploading a photo
 * over the limit would show a network error instead of the sentence.
 */
const DISCARD_MAX_BYTES = 64 * 1024 * 1024;
const DISCARD_MAX_MS = 30_000;

export interface BodyLimitOptions {
  maxSize: number;
  onError(context: Context): Response | Promise<Response>;
}

/**
 * Hono's bodyLimit, deciding from the request's declared Content-Length when it has one (the
 * framing of HTTP/1.1 and HTTP/2 holds the body to it), as Hono's does. Hono's asks for the body
 * first, which makes @hono/node-server build a whole Fetch Request and a web stream for every
 * POST where reading the socket directly would do. Bodies of unknown length (chunked) are counted
 * as they arrive, by Hono's. A refused body is drained before the connection closes.
 */
export function limitBody(options: BodyLimitOptions): MiddlewareHandler {
  const refuse = async (context: Context) => drainingRestOfBody(context, await options.onError(context));
  const counting = bodyLimit({ maxSize: options.maxSize, onError: refuse });
  return async function limitedBody(context, next) {
    if (context.req.method === "GET" || context.req.method === "HEAD") return next();
    const declared = context.req.header("Content-Length");
    if (declared === undefined || context.req.header("Transfer-Encoding") !== undefined) {
      return counting(context, next);
    }
    if (Number.parseInt(declared, 10) > options.maxSize) return refuse(context);
    await next();
  };
}

/**
 * The refusal, sent at once with its length so the client can read it while still sending, and
 * held open until the rest of the body has been read and dropped (within the bounds above). Then
 * the connection closes cleanly. Outside Node's HTTP/1 server (tests' app.request, HTTP/2, whose
 * streams close on their own) the refusal is given as it is.
 */
async function drainingRestOfBody(context: Context, refusal: Response): Promise<Response> {
  const incoming = (context.env as Partial<HttpBindings> | undefined)?.incoming;
  if (!(incoming instanceof IncomingMessage) || incoming.readableEnded || incoming.destroyed) return refusal;
  const bytes = new Uint8Array(await refusal.arrayBuffer());
  const drained = discardBody(incoming);
  const headers = new Headers(refusal.headers);
  headers.set("Content-Length", String(bytes.byteLength));
  headers.set("Connection", "close");
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
    },
    async pull(controller) {
      await drained;
      controller.close();
    },
  });
  return new Response(body, { status: refusal.status, headers });
}

/** Reads and drops what remains of a request's body; past the bounds, cuts the connection. */
function discardBody(incoming: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    let read = 0;
    const finish = () => {
      clearTimeout(timer);
      incoming.off("data", count);
      resolve();
    };
    const cut = () => {
      finish();
      incoming.socket?.destroy();
    };
    const count = (chunk: Buffer) => {
      read += chunk.length;
      if (read > DISCARD_MAX_BYTES) cut();
    };
    const timer = setTimeout(cut, DISCARD_MAX_MS);
    timer.unref();
    incoming.on("data", count);
    incoming.once("end", finish);
    incoming.once("close", finish);
    incoming.once("error", finish);
    incoming.resume();
  });
}

/**
 * A client that sends `Expect: 100-continue` waits before sending its body. One declaring more
 * than any route takes is refused there and then, so it never sends the body at all; every other
 * is told to go on and handled as usual (a body over its own route's limit is then drained).
 */
export function answerOversizedBeforeContinue(server: Server): void {
  server.on("checkContinue", (request: IncomingMessage, response: ServerResponse) => {
    const declared = Number.parseInt(request.headers["content-length"] ?? "", 10);
    if (!(declared > UPLOAD_BODY_LIMIT_BYTES)) {
      response.writeContinue();
      server.emit("request", request, response);
      return;
    }
    const path = request.url ?? "";
    const message = "The request is too large.";
    if (path.startsWith("/bots/")) {
      // The Lex runtime's error shape, as the bot API answers its own limits.
      response.writeHead(400, {
        "Content-Type": "application/json",
        "X-Amzn-Errortype": "ValidationException",
        Connection: "close",
      });
      response.end(JSON.stringify({ message }));
      return;
    }
    const api = path.startsWith("/api/");
    response.writeHead(413, {
      "Content-Type": api ? "application/json" : "text/plain; charset=UTF-8",
      Connection: "close",
    });
    response.end(api ? JSON.stringify({ success: false, message }) : message);
  });
}
