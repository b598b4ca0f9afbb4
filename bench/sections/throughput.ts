import path from "node:path";
import { createInterface } from "node:readline";
import autocannon, { type AutocannonResult } from "autocannon";
import { integer, ratio, table } from "../lib/format";
import { getRaw } from "../lib/http";
import type { BenchSection } from "../lib/section";
import { spawnGroup, stopGroup } from "../lib/server";

const CONNECTIONS = 50;
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const WARM_UP_SECONDS = 2;

/** Starts bench/bare-server.ts in its own process and resolves with its URL once it listens. */
async function startBareServer(bodyBytes: number) {
  const child = spawnGroup(path.resolve("node_modules/.bin/tsx"), ["bench/bare-server.ts"], {
    ...process.env,
    BODY_BYTES: String(bodyBytes),
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the bare server did not start within 20 s")), 20_000);
    child.once("exit", (code) => reject(new Error(`the bare server exited with code ${code}`)));
    createInterface({ input: child.stdout! }).on("line", (line) => {
      const match = /^LISTENING (\d+)$/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
  });
  return { url: `http://127.0.0.1:${port}/`, stop: () => stopGroup(child, 5_000) };
}

async function load(url: string): Promise<AutocannonResult> {
  await autocannon({ url, connections: CONNECTIONS, duration: WARM_UP_SECONDS });
  return autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS });
}

function row(name: string, result: AutocannonResult): string[] {
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith("2"))
    .map(([code, stats]) => `${code}×${stats.count}`)
    .join(" ");
  return [
    name,
    integer(result.requests.average),
    `${result.latency.p50}`,
    `${result.latency.p99}`,
    integer(result.requests.total),
    String(result.non2xx) + (statuses ? ` (${statuses})` : ""),
    String(result.errors),
    String(result.timeouts),
  ];
}

export const throughputSection: BenchSection = {
  name: "throughput",
  title: `GET / under load (${CONNECTIONS} connections, ${DURATION_SECONDS} s after a ${WARM_UP_SECONDS} s warm-up, no compression)`,
  async run({ baseUrl }) {
    const homeUrl = new URL("/", baseUrl).href;
    const home = await getRaw(homeUrl);
    if (home.status !== 200) throw new Error(`GET / answered ${home.status}`);

    const app = await load(homeUrl);
    const bare = await startBareServer(home.body.length);
    let baseline: AutocannonResult;
    try {
      baseline = await load(bare.url);
    } finally {
      await bare.stop();
    }

    console.log(
      table(
        ["server", "req/s", "p50 ms", "p99 ms", "requests", "non-2xx", "errors", "timeouts"],
        [row("app (GET /)", app), row(`bare node:http (${home.body.length} B page)`, baseline)],
      ),
    );
    console.log(
      `\napp / bare: ${ratio(app.requests.average / baseline.requests.average)} the requests per second, ` +
        `${ratio(app.latency.p99 / baseline.latency.p99)} the p99 latency.`,
    );
  },
};
