// Scaling from one worker to two on PostgreSQL. The server runs `WORKERS` processes (node:cluster)
// when DATABASE_URL is set; this section starts the production server twice on one fresh database,
// with WORKERS=1 and WORKERS=2, and measures the same requests on each. A server that ignores
// WORKERS shows about 1×. The load generator runs on the same machine: with N cores, the server
// gets at most what the generator leaves, so the core count printed at the top matters here. wrk
// (Debian's package) is used when installed: on two cores autocannon itself took most of a core
// at these rates, and two workers could not show more than about 1.2-1.7× beside it.
// Beside each figure: bare node:http answering the very bytes the app sent, from one process and
// then from two (node:cluster, as the app): what the machine allows any server, the generator
// included.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { createServerDatabase } from "../../tests/setup/test-database";
import { LOAD_SECONDS, loadTest } from "../lib/api";
import { type RecordedResponse, record, startBareServer } from "../lib/bare-server";
import { integer, met, ratio, table } from "../lib/format";
import type { BenchSection } from "../lib/section";
import { startProductionServer } from "../lib/server";
import { type LoadFigures, wrkInstalled, wrkLoad } from "../lib/wrk";

const CONNECTIONS = 50;
const DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/postgres";
const TARGET = 1.7;
const REQUESTS = [
  { what: "GET / (br)", path: "/", headers: { "Accept-Encoding": "br" } },
  { what: "GET /api/doctor/list (gzip)", path: "/api/doctor/list", headers: { "Accept-Encoding": "gzip" } },
];

/** Why the PostgreSQL server cannot be used, or undefined when it answers. */
async function unreachable(serverUrl: string): Promise<string | undefined> {
  const probe = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2_000 });
  try {
    await probe.connect();
    await probe.query("select 1");
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message || error.name : String(error);
  } finally {
    await probe.end().catch(() => undefined);
  }
}

/** One set of secrets for every process on the database, as several app processes need. */
const secrets = {
  SESSION_SECRET: randomBytes(32).toString("hex"),
  ENCRYPTION_KEY: randomBytes(32).toString("hex"),
};

/** One request shape under load, by wrk when installed, else by autocannon. */
async function load(url: string, headers: Record<string, string>, useWrk: boolean): Promise<LoadFigures> {
  if (useWrk) return wrkLoad({ url, headers, connections: CONNECTIONS, seconds: LOAD_SECONDS });
  const result = await loadTest({ url, headers, connections: CONNECTIONS });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    faults: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * The requests under load with `workers` processes. `answers`, when given, receives each request's
 * answer byte for byte, for the bare server to repeat.
 */
async function measure(
  databaseUrl: string,
  workers: number,
  useWrk: boolean,
  answers?: RecordedResponse[],
): Promise<LoadFigures[]> {
  const server = await startProductionServer({
    env: { DATABASE_URL: databaseUrl, WORKERS: String(workers), ...secrets },
  });
  try {
    const figures: LoadFigures[] = [];
    for (const request of REQUESTS) {
      answers?.push(await record(server.url, request.path, request.headers));
      figures.push(await load(new URL(request.path, server.url).href, request.headers, useWrk));
    }
    return figures;
  } finally {
    await server.stop();
  }
}

/** The same requests against bare node:http repeating the app's answers, from `workers` processes. */
async function measureBare(answers: RecordedResponse[], workers: number, useWrk: boolean) {
  const bare = await startBareServer(answers, { workers });
  try {
    const figures: LoadFigures[] = [];
    for (const request of REQUESTS) {
      figures.push(await load(new URL(request.path, bare.url).href, request.headers, useWrk));
    }
    return figures;
  } finally {
    await bare.stop();
  }
}

export const clusterSection: BenchSection = {
  name: "cluster",
  title: `Cluster: WORKERS=1 against WORKERS=2 on PostgreSQL (${CONNECTIONS} connections, ${LOAD_SECONDS} s after a 2 s warm-up)`,
  async run() {
    const serverUrl = process.env.BENCH_POSTGRES_URL || process.env.DATABASE_URL || DEFAULT_POSTGRES_URL;
    const reason = await unreachable(serverUrl);
    if (reason) {
      console.log(
        `SKIPPED: no PostgreSQL at ${serverUrl} (${reason}). Set BENCH_POSTGRES_URL or DATABASE_URL.`,
      );
      return;
    }
    const useWrk = wrkInstalled();
    console.log(
      useWrk
        ? "Load by wrk, one thread."
        : "Load by autocannon: wrk is not installed (apt-get install wrk), and autocannon needs much of a core itself.",
    );
    const database = await createServerDatabase(serverUrl);
    const answers: RecordedResponse[] = [];
    let one: LoadFigures[];
    let two: LoadFigures[];
    try {
      one = await measure(database.url, 1, useWrk, answers);
      two = await measure(database.url, 2, useWrk);
    } finally {
      await database.drop();
    }
    const bareOne = await measureBare(answers, 1, useWrk);
    const bareTwo = await measureBare(answers, 2, useWrk);
    console.log(
      table(
        [
          "what",
          "1 worker req/s",
          "p99 ms",
          "2 workers req/s",
          "p99 ms",
          "scaling",
          "target",
          "met?",
          "non-2xx/errors",
          "bare 1 → 2 req/s",
          "bare scaling",
        ],
        REQUESTS.map((request, index) => {
          const single = one[index]!;
          const double = two[index]!;
          const scaling = double.requestsPerSecond / single.requestsPerSecond;
          const bareSingle = bareOne[index]!.requestsPerSecond;
          const bareDouble = bareTwo[index]!.requestsPerSecond;
          return [
            request.what,
            integer(single.requestsPerSecond),
            single.p99Ms.toFixed(1),
            integer(double.requestsPerSecond),
            double.p99Ms.toFixed(1),
            ratio(scaling),
            `≥ ${ratio(TARGET)}`,
            met(scaling >= TARGET),
            `${single.faults} / ${double.faults}`,
            `${integer(bareSingle)} → ${integer(bareDouble)}`,
            ratio(bareDouble / bareSingle),
          ];
        }),
      ),
    );
    console.log(
      "\nOne fresh database for both runs (seeded by the first, dropped at the end). About 1× means WORKERS was ignored or the cores are taken." +
        "\nbare: node:http repeating the app's answers byte for byte, from one process and from two (node:cluster): the most" +
        "\ntwo processes gain on this machine with the load generator beside them.",
    );
  },
};
