/**
 * HTTP/2 without TLS (h2c, "prior knowledge") on the HTTP/1.1 server's own port. The AWS SDK's
 * HTTP/2 handler speaks it to an http:// endpoint, and Lex's StartConversation needs HTTP/2. Each
 * new connection is told apart by its first bytes: HTTP/2 opens with "PRI * HTTP/2.0"; anything
 * else goes to the HTTP/1.1 server as before, with its time limits and connection tracking.
 */
import type { Server as HttpServer, IncomingMessage, ServerResponse } from "node:http";
import {
  createServer as createHttp2Server,
  type Http2ServerRequest,
  type Http2ServerResponse,
  type ServerHttp2Session,
} from "node:http2";
import type { Socket } from "node:net";

const HTTP2_PREFACE_START = Buffer.from("PRI ");
/** A connection that has not said which protocol it speaks within this is closed. */
const FIRST_BYTES_TIMEOUT_MS = 10_000;
/** An HTTP/2 connection with no stream open this long is closed (GOAWAY, then the socket). */
const HTTP2_IDLE_TIMEOUT_MS = 2 * 60_000;

export type AnyRequest = IncomingMessage | Http2ServerRequest;
export type AnyResponse = ServerResponse | Http2ServerResponse;

export interface CleartextHttp2 {
  /** Open HTTP/2 connections, for a graceful shutdown (close) or a forced one (destroy). */
  sessions: Set<ServerHttp2Session>;
}

export function acceptCleartextHttp2(
  http1: HttpServer,
  handle: (request: AnyRequest, response: AnyResponse) => void,
): CleartextHttp2 {
  const http2 = createHttp2Server(handle);
  const sessions = new Set<ServerHttp2Session>();
  http2.on("session", (session) => {
    sessions.add(session);
    session.once("close", () => sessions.delete(session));
    session.setTimeout(HTTP2_IDLE_TIMEOUT_MS, () => session.close());
  });

  const http1Listeners = http1.listeners("connection") as Array<(socket: Socket) => void>;
  http1.removeAllListeners("connection");
  http1.on("connection", (socket: Socket) => {
    let first = Buffer.alloc(0);
    const fail = () => socket.destroy();
    const onData = (chunk: Buffer) => {
      first = Buffer.concat([first, chunk]);
      if (
        first.length < HTTP2_PREFACE_START.length &&
        first.equals(HTTP2_PREFACE_START.subarray(0, first.length))
      )
        return;
      socket.removeListener("data", onData);
      socket.removeListener("error", fail);
      socket.removeListener("timeout", fail);
      socket.setTimeout(0);
      socket.pause();
      socket.unshift(first);
      if (first.subarray(0, HTTP2_PREFACE_START.length).equals(HTTP2_PREFACE_START)) {
        // The HTTP/1.1 server keeps sockets half-open, and an HTTP/2 session on one never sees the
        // client leave: its streams (a conversation holding a decoder) would wait for nothing.
        socket.once("end", () => socket.destroy());
        // The HTTP/2 session reads what was put back from the socket's buffer itself.
        http2.emit("connection", socket);
      } else {
        for (const listener of http1Listeners) listener.call(http1, socket);
        socket.resume();
      }
    };
    socket.on("error", fail);
    socket.setTimeout(FIRST_BYTES_TIMEOUT_MS, fail);
    socket.on("data", onData);
  });
  return { sessions };
}
