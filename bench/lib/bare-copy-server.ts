// A bare node:http server in front of the real one: pages come back as their bare HTML (no CSS, no
// JavaScript, see bareHtml), everything else (images, icons) as the real server sends it. The
// Lighthouse bench measures each page against its bare copy in the same run. A page keeps its own
// response headers: some of them (Cross-Origin-Opener-Policy) decide which renderer process the
// browser uses, and a baseline without them measured that as well as our CSS and JavaScript
// (decision 43).
import { createServer } from "node:http";
import { gzipSync } from "node:zlib";
import { bareHtml } from "./page-assets";
import type { RunningServer } from "./server";

/** Headers that describe the real body, not the bare one sent instead. */
const BODY_HEADERS = new Set(["content-length", "content-encoding", "transfer-encoding", "etag"]);

export function startBareCopyServer(originUrl: string): Promise<RunningServer> {
  const server = createServer(async (request, response) => {
    try {
      const upstream = await fetch(new URL(request.url ?? "/", originUrl), { redirect: "manual" });
      const contentType = upstream.headers.get("content-type") ?? "application/octet-stream";
      const body = Buffer.from(await upstream.arrayBuffer());
      if (!contentType.startsWith("text/html")) {
        response.writeHead(upstream.status, { "Content-Type": contentType });
        response.end(body);
        return;
      }
      // Compressed like the real server's pages, so the two transfer the same HTML bytes.
      const html = gzipSync(bareHtml(body.toString("utf8")));
      const pageHeaders: Record<string, string> = {};
      upstream.headers.forEach((value, name) => {
        if (!BODY_HEADERS.has(name)) pageHeaders[name] = value;
      });
      response.writeHead(upstream.status, { ...pageHeaders, "Content-Encoding": "gzip" });
      response.end(html);
    } catch (error) {
      response.writeHead(502, { "Content-Type": "text/plain" });
      response.end(String(error));
    }
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      resolve({
        url: `http://127.0.0.1:${port}`,
        pid: process.pid,
        stop: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
