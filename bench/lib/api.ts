import { request } from "node:http";
import { createRequire } from "node:module";
import autocannon, { type AutocannonOptions, type AutocannonResult } from "autocannon";
import { integer } from "./format";

// autocannon appends every response body to a string (for body checks, which no section uses):
// decoding brotli or gzip bytes as UTF-8 cost it more than the server's answer, so both the app
// and a bare server measured about 2,000 requests a second, the client's ceiling, for a 20 KB
// compressed page. Bodies are still read and counted in bytes; they are just not kept.
const pipelinedRequestsQueue = createRequire(import.meta.url)("autocannon/lib/pipelinedRequestsQueue.js") as {
  prototype: { addBody(data: Buffer): void };
};
pipelinedRequestsQueue.prototype.addBody = () => {};

/** A JSON request to the server; the answer's status and parsed body. */
export async function callJson(
  baseUrl: string,
  path: string,
  options: { method?: string; body?: unknown; token?: string } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(new URL(path, baseUrl), {
    method: options.method ?? (options.body === undefined ? "GET" : "POST"),
    headers: {
      "Content-Type": "application/json",
      ...(options.token ? { token: options.token } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/**
 * POSTs JSON on a connection of its own (node:http, no keep-alive) and reads the answer to its end;
 * resolves with the status. A storm's client: fetch's Request, Response and web streams cost this
 * two-core machine's client about as much CPU as the server spends answering, and every attempt's
 * latency then measured the client as much as the server.
 */
export function postJsonForStatus(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
  body: string,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      new URL(path, baseUrl),
      {
        method: "POST",
        agent: false,
        headers: {
          "Content-Type": "application/json",
          "Content-Length": String(Buffer.byteLength(body)),
          // What fetch asks for: the answers stay the bytes a browser-like client gets.
          "Accept-Encoding": "gzip, deflate",
          ...headers,
        },
      },
      (incoming) => {
        incoming.on("error", reject);
        incoming.on("end", () => resolve(incoming.statusCode ?? 0));
        incoming.resume();
      },
    );
    outgoing.setTimeout(30_000, () => outgoing.destroy(new Error(`timed out posting to ${path}`)));
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** Registers a throwaway account and returns its token. */
export async function registerAccount(
  baseUrl: string,
  label: string,
  password: string,
): Promise<{ email: string; token: string }> {
  const email = `bench.${label}.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`;
  const { status, body } = await callJson(baseUrl, "/api/user/register", {
    body: { name: `Bench ${label}`, email, password },
  });
  if (status !== 201) throw new Error(`sign-up answered ${status}: ${JSON.stringify(body)}`);
  return { email, token: String(body.token) };
}

export const LOAD_SECONDS = Number(process.env.BENCH_DURATION ?? 10);

/** autocannon against one request shape after a short warm-up. */
export async function loadTest(options: AutocannonOptions): Promise<AutocannonResult> {
  await autocannon({ ...options, duration: 2 });
  return autocannon({ ...options, duration: options.duration ?? LOAD_SECONDS });
}

/** A table row: requests per second, p50, p99, and anything that was not a 2xx. */
export function loadRow(name: string, result: AutocannonResult): string[] {
  return [
    name,
    integer(result.requests.average),
    `${result.latency.p50}`,
    `${result.latency.p99}`,
    integer(result.requests.total),
    String(result.non2xx),
    String(result.errors + result.timeouts),
  ];
}

export const loadHeaders = ["request", "req/s", "p50 ms", "p99 ms", "requests", "non-2xx", "errors"];
