import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { limitBody } from "./body-limit";

const MAX = 64;

function appUnderTest() {
  const app = new Hono();
  app.use(limitBody({ maxSize: MAX, onError: (context) => context.text("too large", 413) }));
  app.post("/echo", async (context) => context.text(await context.req.text()));
  app.get("/echo", (context) => context.text("read nothing"));
  return app;
}

/** A body of unknown length, as a chunked upload sends it. */
function streamOf(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(controller) {
      for (let offset = 0; offset < bytes.length; offset += 16)
        controller.enqueue(bytes.slice(offset, offset + 16));
      controller.close();
    },
  });
}

describe("limitBody", () => {
  it("passes a body within its declared length to the route, whole", async () => {
    const body = "x".repeat(MAX);
    const response = await appUnderTest().request("/echo", {
      method: "POST",
      body,
      headers: { "Content-Length": String(MAX) },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(body);
  });

  it("refuses a declared length over the limit without reading the body", async () => {
    let pulled = false;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulled = true;
          controller.close();
        },
      },
      // Nothing is pulled until someone reads.
      { highWaterMark: 0 },
    );
    const response = await appUnderTest().request("/echo", {
      method: "POST",
      body,
      headers: { "Content-Length": String(MAX + 1) },
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(pulled).toBe(false);
  });

  it("counts a body of unknown length as it arrives", async () => {
    const request = (text: string) =>
      appUnderTest().request("/echo", {
        method: "POST",
        body: streamOf(text),
        duplex: "half",
      } as RequestInit);
    const within = await request("y".repeat(MAX));
    expect(within.status).toBe(200);
    expect(await within.text()).toBe("y".repeat(MAX));
    expect((await request("z".repeat(MAX + 1))).status).toBe(413);
  });

  it("lets a GET through without asking for a body", async () => {
    const response = await appUnderTest().request("/echo");
    expect(await response.text()).toBe("read nothing");
  });
});
