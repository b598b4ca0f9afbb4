// A bare node:http server answering fixed responses recorded from the real server: the ceiling the
// real server is compared with. Started as its own process (bench/lib/bare-server.ts), like the
// real one. BARE_RESPONSES names a JSON file of responses, each for one path and one
// Accept-Encoding header value; the only work per request is one Map lookup and one write.
// BARE_WORKERS=N (default 1) answers from N processes sharing one port through node:cluster, as
// the real server does with WORKERS: the ceiling of the cluster section's scaling.

import cluster from "node:cluster";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { freePort } from "./lib/server";

interface Recorded {
  path: string;
  acceptEncoding: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

const workers = Math.max(1, Number(process.env.BARE_WORKERS ?? 1));

function serve(port: number, onListening: (port: number) => void) {
  const recorded = JSON.parse(readFileSync(process.env.BARE_RESPONSES!, "utf8")) as Recorded[];
  const answers = new Map(
    recorded.map((response) => [
      `${response.path}\n${response.acceptEncoding}`,
      { ...response, bytes: Buffer.from(response.body, "base64") },
    ]),
  );
  const server = createServer((request, response) => {
    const answer = answers.get(`${request.url}\n${request.headers["accept-encoding"] ?? ""}`);
    if (!answer) {
      response.writeHead(404, { "Content-Length": 0 });
      response.end();
      return;
    }
    response.writeHead(answer.status, { ...answer.headers, "Content-Length": answer.bytes.length });
    response.end(answer.bytes);
  });
  server.listen(port, "127.0.0.1", () => {
    const address = server.address();
    if (typeof address === "object" && address) onListening(address.port);
  });
  process.on("SIGTERM", () => server.close(() => process.exit(0)));
}

if (workers === 1) {
  serve(0, (port) => console.log(`LISTENING ${port}`));
} else if (cluster.isPrimary) {
  // The workers share one port, picked here.
  const port = await freePort();
  let listening = 0;
  for (let index = 0; index < workers; index += 1) {
    cluster.fork({ BARE_PORT: String(port) }).once("listening", () => {
      listening += 1;
      if (listening === workers) console.log(`LISTENING ${port}`);
    });
  }
  process.on("SIGTERM", () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill("SIGTERM");
    process.exit(0);
  });
} else {
  serve(Number(process.env.BARE_PORT), () => undefined);
}
