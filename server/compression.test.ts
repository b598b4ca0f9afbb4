import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { compressResponses } from "./compression";

const bigAnswer = { success: true, items: Array.from({ length: 200 }, (_, index) => `consultant ${index}`) };

function appUnderTest() {
  const app = new Hono();
  app.use(compressResponses());
  app.get("/small", (context) => context.json({ success: false, message: "Not authorized." }, 401));
  app.get("/small-with-init", (context) => {
    context.header("X-Before", "kept");
    return context.json(
      { success: true, message: "Booked ✓" },
      { status: 201, headers: { "X-Given": "kept" } },
    );
  });
  app.get("/small-with-record", (context) => {
    context.header("X-Before", "kept");
    return context.json({ success: true, message: "Booked ✓" }, 201, { "X-Given": "kept" });
  });
  app.get("/big", (context) => {
    context.header("Set-Cookie", "first=1");
    context.header("Set-Cookie", "second=2", { append: true });
    return context.json(bigAnswer);
  });
  app.get("/kept-as-is", (context) => {
    context.header("Cache-Control", "no-transform");
    return context.json(bigAnswer);
  });
  app.get("/export.csv", () => {
    const lines = Array.from({ length: 300 }, (_, index) => `${index},a line of the export\n`);
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const line = lines.shift();
        if (line === undefined) controller.close();
        else controller.enqueue(encoder.encode(line));
      },
    });
    return new Response(body, { headers: { "Content-Type": "text/csv; charset=utf-8" } });
  });
  return app;
}

const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe("response compression", () => {
  it("sends a small answer as it is, with its length", async () => {
    const response = await appUnderTest().request("/small", { headers: { "Accept-Encoding": "gzip, br" } });
    expect(response.status).toBe(401);
    expect(response.headers.get("Content-Encoding")).toBeNull();
    const body = await bytesOf(response);
    expect(response.headers.get("Content-Length")).toBe(String(body.length));
    expect(JSON.parse(body.toString())).toEqual({ success: false, message: "Not authorized." });
  });

  it("gives a JSON answer its length in bytes, keeping its status and every header it was given", async () => {
    for (const path of ["/small-with-init", "/small-with-record"]) {
      const response = await appUnderTest().request(path, { headers: { "Accept-Encoding": "br" } });
      expect(response.status).toBe(201);
      expect(response.headers.get("Content-Type")).toBe("application/json");
      for (const name of ["X-Before", "X-Given"]) expect(response.headers.get(name)).toBe("kept");
      const body = await bytesOf(response);
      expect(response.headers.get("Content-Length")).toBe(String(body.length));
      expect(body.length).toBeGreaterThan(body.toString().length);
      expect(JSON.parse(body.toString())).toEqual({ success: true, message: "Booked ✓" });
    }
  });

  it("compresses a large answer with brotli or gzip, as the client accepts, keeping every header", async () => {
    const app = appUnderTest();
    const brotli = await app.request("/big", { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    expect(brotli.headers.get("Content-Encoding")).toBe("br");
    expect(brotli.headers.get("Vary")).toContain("Accept-Encoding");
    expect(brotli.headers.getSetCookie()).toEqual(["first=1", "second=2"]);
    const brotliBytes = await bytesOf(brotli);
    expect(brotli.headers.get("Content-Length")).toBe(String(brotliBytes.length));
    expect(JSON.parse(brotliDecompressSync(brotliBytes).toString())).toEqual(bigAnswer);

    const gzipped = await app.request("/big", { headers: { "Accept-Encoding": "gzip" } });
    expect(gzipped.headers.get("Content-Encoding")).toBe("gzip");
    expect(JSON.parse(gunzipSync(await bytesOf(gzipped)).toString())).toEqual(bigAnswer);

    const plain = await app.request("/big", { headers: { "Accept-Encoding": "gzip;q=0, deflate" } });
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(plain.headers.get("Vary")).toContain("Accept-Encoding");
    expect(JSON.parse((await bytesOf(plain)).toString())).toEqual(bigAnswer);
  });

  it("leaves an answer marked no-transform, and a HEAD request, alone", async () => {
    const app = appUnderTest();
    const kept = await app.request("/kept-as-is", { headers: { "Accept-Encoding": "gzip" } });
    expect(kept.headers.get("Content-Encoding")).toBeNull();
    expect(JSON.parse((await bytesOf(kept)).toString())).toEqual(bigAnswer);
    const head = await app.request("/big", { method: "HEAD", headers: { "Accept-Encoding": "gzip" } });
    expect(head.headers.get("Content-Encoding")).toBeNull();
  });

  it("keeps a streamed answer streaming, compressed as it goes", async () => {
    const response = await appUnderTest().request("/export.csv", {
      headers: { "Accept-Encoding": "br, gzip" },
    });
    expect(response.headers.get("Content-Encoding")).toBe("gzip");
    expect(response.headers.get("Content-Length")).toBeNull();
    const text = gunzipSync(await bytesOf(response)).toString();
    expect(text.split("\n")).toHaveLength(301);
    expect(text.startsWith("0,a line of the export\n")).toBe(true);
  });
});
