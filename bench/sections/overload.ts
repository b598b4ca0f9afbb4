import { execFile } from "node:child_process";
import { request } from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import type { AutocannonResult } from "autocannon";
import { loadEnvironment } from "~/infra/env.server";
import { integer, table } from "../lib/format";
import type { BenchSection } from "../lib/section";
import { freePort, startProductionServer } from "../lib/server";

const CONNECTIONS = 1000;
const PROBES = 15;
/** The consultants page: rendered for everyone (no page cache) and read from the database. */
const LOADED_PATH = "/consultant";
/** The cap as the server will have it: the default, or MAX_REQUESTS_IN_FLIGHT when set. */
const cap = loadEnvironment({
  MAX_REQUESTS_IN_FLIGHT: process.env.MAX_REQUESTS_IN_FLIGHT,
}).MAX_REQUESTS_IN_FLIGHT;

type Probe = { status: number; ms: number };

/** One GET on a fresh connection; resolves with its status and time, or 0 when it failed or took > 10 s. */
function probe(url: string): Promise<Probe> {
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
 * (MAX_REQUESTS_IN_FLIGHT) should answer the excess with a quick 503. Health checks come before the
 * cap; they are probed on the main port and on HEALTH_PORT, a listener of their own: on the main
 * port a probe's new connection waits in the kernel's queue behind the crowd's (Node accepts one
 * connection per turn of its event loop, and under the flood a turn renders up to the cap's pages).
 */
export const overloadSection: BenchSection = {
  name: "overload",
  title: `Overload: ${integer(CONNECTIONS)} connections on GET ${LOADED_PATH} (at most ${integer(cap)} requests in flight), /healthz probed ${PROBES} times meanwhile on the main port and on HEALTH_PORT`,
  async run() {
    // A server of its own: the shared one runs without the cap, for the other load sections.
    const healthPort = await freePort();
    const server = await startProductionServer({
      env: { MAX_REQUESTS_IN_FLIGHT: String(cap), HEALTH_PORT: String(healthPort) },
    });
    try {
      await overload(server.url, `http://127.0.0.1:${healthPort}`);
    } finally {
      await server.stop();
    }
  },
};

async function overload(baseUrl: string, healthUrl: string): Promise<void> {
  // Long enough for the last probe's 10 s to end within the flood.
  const duration = PROBES + 12;
  // In a process of its own: a thousand connections keep a process busy, and the probes below
  // must measure the server's answer, not a crowded event loop here.
  const load = promisify(execFile)(
    path.resolve("node_modules/.bin/autocannon"),
    ["--json", "-c", String(CONNECTIONS), "-d", String(duration), new URL(LOADED_PATH, baseUrl).href],
    { maxBuffer: 16 * 1024 * 1024 },
  ).then(({ stdout }) => JSON.parse(stdout) as AutocannonResult);
  // On a fixed schedule, one pair a second whatever the earlier probes are still waiting for, so
  // every probe falls within the flood; both of a pair start together and see the same moment.
  const pairs = await Promise.all(
    Array.from({ length: PROBES }, async (_, index) => {
      await new Promise((resolve) => setTimeout(resolve, 1500 + index * 1000));
      return Promise.all([
        probe(new URL("/healthz", baseUrl).href),
        probe(new URL("/healthz", healthUrl).href),
      ]);
    }),
  );
  const mainProbes = pairs.map(([main]) => main);
  const healthPortProbes = pairs.map(([, healthPort]) => healthPort);
  const result = await load;

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
        ...probeRows("main port", mainProbes),
        ...probeRows("HEALTH_PORT", healthPortProbes),
      ],
    ),
  );
}

function probeRows(listener: string, probes: Probe[]): string[][] {
  const times = probes.map((answer) => answer.ms).sort((a, b) => a - b);
  const slow = probes.filter((answer) => answer.status !== 200 || answer.ms > 2000).length;
  return [
    [
      `/healthz on the ${listener}: median / slowest probe, ms`,
      `${integer(times[Math.floor(times.length / 2)] ?? 0)} / ${integer(times.at(-1) ?? 0)}`,
    ],
    [`/healthz on the ${listener}: probes failed or slower than 2 s`, `${slow} of ${PROBES}`],
    [
      `/healthz on the ${listener}: each probe in order, ms`,
      probes.map((answer) => (answer.status === 200 ? Math.round(answer.ms) : "failed")).join(" "),
    ],
  ];
}
