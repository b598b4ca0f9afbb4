/**
 * A body over the limit, sent over a real socket: the client still reads the 413 and its sentence
 * instead of a reset (EPIPE in Node, "connection reset" in a browser), whether it sends the body
 * at once, slowly, or waits for `100 Continue` first.
 */
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PICTURE_MAX_BYTES } from "~/features/pictures/picture-limits";
import type { DatabaseHandle } from "~/infra/db.server";
import { createTestApp } from "../tests/setup/test-app";
import { createTestDatabase } from "../tests/setup/test-database";
import { answerOversizedBeforeContinue } from "./body-limit";

let database: DatabaseHandle;
let server: Server;
let port: number;

beforeAll(async () => {
  database = await createTestDatabase();
  const { app } = createTestApp(database);
  server = createServer(getRequestListener(app.fetch));
  answerOversizedBeforeContinue(server);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await database.close();
});

interface Answer {
  status: number;
  body: string;
  /** Whether the server asked for the body with `100 Continue`. */
  continued: boolean;
}

/**
 * Posts `size` bytes over a plain socket in chunks of `chunk`, `pauseMs` apart, reading while it
 * writes, as a browser uploading a file does: the whole body is sent, then the answer is read to
 * the end. A connection error on the way (EPIPE, a reset) fails the post. Told `expectContinue`,
 * it sends the body only once the server says `100 Continue`, and none if it answers at once.
 */
function post(
  path: string,
  size: number,
  { chunk = 256 * 1024, pauseMs = 0, expectContinue = false, contentType = "application/json" } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port });
    let received = "";
    let continued = false;
    let sending = false;
    socket.setEncoding("latin1");
    socket.on("error", reject);
    const head = [
      `POST ${path} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      `Content-Type: ${contentType}`,
      `Content-Length: ${size}`,
      "Connection: close",
      ...(expectContinue ? ["Expect: 100-continue"] : []),
      "",
      "",
    ].join("\r\n");
    let sent = 0;
    const sendMore = () => {
      if (sent >= size) return;
      const part = Math.min(chunk, size - sent);
      sent += part;
      socket.write(Buffer.alloc(part, 0x61), (error) => {
        if (!error) setTimeout(sendMore, pauseMs);
      });
    };
    const startBody = () => {
      if (sending) return;
      sending = true;
      sendMore();
    };
    socket.on("data", (text: string) => {
      received += text;
      if (expectContinue && !sending && received.startsWith("HTTP/1.1 100")) {
        continued = true;
        received = received.slice(received.indexOf("\r\n\r\n") + 4);
        startBody();
      }
    });
    socket.on("end", () => {
      const [statusLine = "", ...rest] = received.split("\r\n");
      const body = rest.join("\r\n").split("\r\n\r\n").slice(1).join("\r\n\r\n");
      if (sending && sent < size) reject(new Error(`the server closed after ${sent} of ${size} bytes`));
      else resolve({ status: Number(statusLine.split(" ")[1]), body, continued });
    });
    socket.write(head, () => {
      if (!expectContinue) startBody();
    });
  });
}

describe("a body over the limit", () => {
  it("gets its 413 and sentence when sent at once, several megabytes over", async () => {
    const answer = await post("/api/contact", 8 * 1024 * 1024);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ success: false, message: "The request is too large." });
  });

  it("gets its 413 when sent slowly, as from a phone", async () => {
    const answer = await post("/api/contact", 2 * 1024 * 1024, { chunk: 64 * 1024, pauseMs: 20 });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain("The request is too large.");
  });

  it("gets its 413 on a picture over the upload limit, on a page as on the API", async () => {
    const answer = await post("/my-profile", PICTURE_MAX_BYTES + 2 * 1024 * 1024, {
      contentType: "multipart/form-data; boundary=x",
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain("The request is too large.");
  });

  it("is refused before the body is sent when the client waits for 100 Continue", async () => {
    const answer = await post("/api/contact", 64 * 1024 * 1024, { expectContinue: true });
    expect(answer).toMatchObject({ status: 413, continued: false });
    expect(answer.body).toContain("The request is too large.");
  });

  it("still lets a body within the limit through after 100 Continue", async () => {
    const answer = await post("/api/contact", 200, { expectContinue: true });
    expect(answer.continued).toBe(true);
    // 200 bytes of "a" are not JSON: the app read the body and said so.
    expect(answer.status).toBe(400);
  });

  it("is cut off once far more than any route takes has been sent, after its 413", async () => {
    await expect(post("/api/contact", 80 * 1024 * 1024, { chunk: 1024 * 1024 })).rejects.toThrow();
  });
});
