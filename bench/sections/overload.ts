import { execFile } from "node:child_process";
import { request } from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import type { AutocannonResult } from "autocannon";
import { loadEnvironment } from "~/infra/env.server";
import { integer, table } from "../lib/format";
import type { BenchSection } from "../lib/section";
import { startProductionServer } from "../lib/server";

const CONNECTIONS = 1000;
const PROBES = 15;
/** The consultants page: rendered for everyone (no page cache) and read from the database. */
const LOADED_PATH = "/consultant";
/** The cap as the server will have it: the default, or MAX_REQUESTS_IN_FLIGHT when set. */
const cap = loadEnvironment({
  MAX_REQUESTS_IN_FLIGHT: process.env.MAX_REQUESTS_IN_FLIGHT,
}).MAX_REQUESTS_IN_FLIGHT;

/** One GET on a fresh connection; resolves with its status and time, or 0 when it failed or took > 10 s. */
function probe(url: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const outgoing = request(url, { agent: false }, (incoming) => {
      incoming.resume();
      incoming.on("end", () =>
        resolve({ status: incoming.statusCode ?? 0, ms: performance.now() - started }),
      );
    });
    outgoing.setTimeout(10_000, () => outgoing.destroy());
    outgoing.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
    outgoing.end();
  });
}

/**
 * Far more clients than the server can serve at once: the cap on requests in flight
 * (MAX_REQUESTS_IN_FLIGHT) should answer the excess with a quick 503 while health checks,
 * which come before the cap, keep answering quickly.
 */
export const overloadSection: BenchSection = {
  name: "overload",
  title: `Overload: ${integer(CONNECTIONS)} connections on GET ${LOADED_PATH} (at most ${integer(cap)} requests in flight), /healthz probed ${PROBES} times meanwhile`,
  async run() {
    // A server of its own: the shared one runs without the cap, for the other load sections.
    const server = await startProductionServer({ env: { MAX_REQUESTS_IN_FLIGHT: String(cap) } });
    try {
      await overload(server.url);
    } finally {
      await server.stop();
    }
  },
};

async function overload(baseUrl: string): Promise<void> {
  const duration = PROBES + 2;
  // In a process of its own: a thousand connections keep a process busy, and the probes below
  // must measure the server's answer, not a crowded event loop here.
  const load = promisify(execFile)(
    path.resolve("node_modules/.bin/autocannon"),
    ["--json", "-c", String(CONNECTIONS), "-d", String(duration), new URL(LOADED_PATH, baseUrl).href],
    { maxBuffer: 16 * 1024 * 1024 },
  ).then(({ stdout }) => JSON.parse(stdout) as AutocannonResult);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const probes: Array<{ status: number; ms: number }> = [];
  for (let index = 0; index < PROBES; index += 1) {
    probes.push(await probe(new URL("/healthz", baseUrl).href));
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const result = await load;

  const times = probes.map((answer) => answer.ms).sort((a, b) => a - b);
  const slow = probes.filter((answer) => answer.status !== 200 || answer.ms > 2000).length;
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([code, stats]) => `${code}×${integer(stats.count)}`)
    .join(" ");
  console.log(
    table(
      ["", "value"],
      [
        [`GET ${LOADED_PATH}: requests answered`, integer(result.requests.total)],
        [`GET ${LOADED_PATH}: by status`, statuses || "none"],
        [`GET ${LOADED_PATH}: p50 / p99 latency, ms`, `${result.latency.p50} / ${result.latency.p99}`],
        [`GET ${LOADED_PATH}: errors / timeouts`, `${result.errors} / ${result.timeouts}`],
        [
          "/healthz: median / slowest probe, ms",
          `${integer(times[Math.floor(times.length / 2)] ?? 0)} / ${integer(times.at(-1) ?? 0)}`,
        ],
        ["/healthz: probes failed or slower than 2 s", `${slow} of ${PROBES}`],
        [
          "/healthz: each probe in order, ms",
          probes.map((answer) => (answer.status === 200 ? Math.round(answer.ms) : "failed")).join(" "),
        ],
      ],
    ),
  );
}
