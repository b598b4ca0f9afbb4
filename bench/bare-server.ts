// A bare node:http server answering one fixed HTML page of BODY_BYTES bytes: the ceiling the real
// server is compared with. Started as its own process by the throughput section.
import { createServer } from "node:http";

const size = Number(process.env.BODY_BYTES ?? 10_000);
const head = '<!doctype html><html lang="en"><head><title>bare</title></head><body>';
const tail = "</body></html>";
const body = Buffer.from(head + "x".repeat(Math.max(0, size - head.length - tail.length)) + tail);

const server = createServer((_request, response) => {
  response.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": body.length });
  response.end(body);
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  if (typeof address === "object" && address) console.log(`LISTENING ${address.port}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
