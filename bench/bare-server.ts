// A bare node:http server answering fixed responses recorded from the real server: the ceiling the
// real server is compared with. Started as its own process (bench/lib/bare-server.ts), like the
// real one. BARE_RESPONSES names a JSON file of responses, each for one path and one
// Accept-Encoding header value; the only work per request is one Map lookup and one write.

import { readFileSync } from "node:fs";
import { createServer } from "node:http";

interface Recorded {
  path: string;
  acceptEncoding: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

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
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  if (typeof address === "object" && address) console.log(`LISTENING ${address.port}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
