import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import path from "node:path";

const folder = path.resolve("tests/e2e/support/foreign-client");
const axiosBundle = path.resolve("node_modules/axios/dist/axios.min.js");

export interface ForeignClient {
  origin: string;
  close(): Promise<void>;
}

/**
 * Serves the old front end's stand-in from another origin on loopback (its own port, listed in
 * the e2e servers' CORS_ORIGINS): every path answers the one page, as a single-page app's host
 * does, so the Stripe return to /verify lands on it.
 */
export async function startForeignClient(port: number, backendUrl: string): Promise<ForeignClient> {
  const [page, script, axios] = await Promise.all([
    readFile(path.join(folder, "index.html"), "utf8"),
    readFile(path.join(folder, "old-client.js"), "utf8"),
    readFile(axiosBundle, "utf8"),
  ]);
  const configured = `const backendUrl = ${JSON.stringify(backendUrl)};\n${script}`;
  const server: Server = createServer((request, response) => {
    const pathname = new URL(request.url ?? "/", "http://localhost").pathname;
    const [type, body] =
      pathname === "/vendor/axios.min.js"
        ? ["text/javascript", axios]
        : pathname === "/old-client.js"
          ? ["text/javascript", configured]
          : pathname === "/favicon.ico"
            ? ["image/x-icon", ""]
            : ["text/html; charset=utf-8", page];
    response.writeHead(200, { "Content-Type": type, "Cache-Control": "no-store" });
    response.end(body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
