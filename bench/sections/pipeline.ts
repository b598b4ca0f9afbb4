// The request pipeline against its ceiling. Each app figure is measured beside a bare node:http
// server (its own process, like the app) that answers the very same status, headers and bytes,
// recorded from the app a moment before: whatever the app does per request beyond writing those
// bytes (routing, middleware, cache lookup, database) is the difference. The consultant slots have
// no bare twin: they are judged by their absolute figures.
import type { AutocannonOptions, AutocannonResult } from "autocannon";
import { callJson, LOAD_SECONDS, loadTest } from "../lib/api";
import { type RecordedResponse, record, startBareServer } from "../lib/bare-server";
import { integer, met, ratio, table } from "../lib/format";
import type { BenchSection } from "../lib/section";

const CONNECTIONS = 50;
/** The slots are requested for this many consultants in turn, not one. */
const SLOT_CONSULTANTS = 8;

interface Comparison {
  what: string;
  path: string;
  headers: Record<string, string>;
  /** The least share of the bare server's requests per second the app should reach. */
  targetRatio: number;
}

const comparisons: Comparison[] = [
  { what: "GET /healthz", path: "/healthz", headers: {}, targetRatio: 0.5 },
  { what: "GET / (br, cached)", path: "/", headers: { "Accept-Encoding": "br" }, targetRatio: 0.5 },
  { what: "GET / (gzip, cached)", path: "/", headers: { "Accept-Encoding": "gzip" }, targetRatio: 0.5 },
  // Kept until a consultant or a booking changes (decision 25); nothing changes during the run.
  {
    what: "GET /consultant (br, kept)",
    path: "/consultant",
    headers: { "Accept-Encoding": "br" },
    targetRatio: 0.5,
  },
  {
    what: "GET /api/doctor/list (gzip)",
    path: "/api/doctor/list",
    headers: { "Accept-Encoding": "gzip" },
    targetRatio: 0.3,
  },
];
const SLOTS_TARGET = { requestsPerSecond: 1500, p99Ms: 100 };

function load(url: string, options: Partial<AutocannonOptions> = {}): Promise<AutocannonResult> {
  return loadTest({ url, connections: CONNECTIONS, ...options });
}

/** Anything that went wrong in a run, for the lines under the table. */
function trouble(label: string, result: AutocannonResult): string | undefined {
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith("2"))
    .map(([code, stats]) => `${code}×${stats.count}`)
    .join(" ");
  if (result.non2xx === 0 && result.errors === 0 && result.timeouts === 0) return undefined;
  return `${label}: ${result.non2xx} non-2xx (${statuses || "-"}), ${result.errors} errors, ${result.timeouts} timeouts`;
}

function summary(response: RecordedResponse): string {
  const encoding = response.headers["content-encoding"] ?? "identity";
  return `${response.status}, ${integer(response.body.length)} B ${encoding}`;
}

export const pipelineSection: BenchSection = {
  name: "pipeline",
  title: `Request pipeline against bare node:http serving the same bytes (${CONNECTIONS} connections, ${LOAD_SECONDS} s after a 2 s warm-up)`,
  async run({ baseUrl }) {
    const recorded = await Promise.all(
      comparisons.map((comparison) => record(baseUrl, comparison.path, comparison.headers)),
    );
    for (const [index, response] of recorded.entries()) {
      if (response.status !== 200) throw new Error(`${comparisons[index]!.what} answered ${response.status}`);
    }

    // A revalidation of the cached page: the ETag it was sent with gets a 304 and no body.
    const page = recorded[1]!;
    const etag = page.headers.etag;
    const revalidation = etag
      ? await record(baseUrl, "/", { "Accept-Encoding": "br", "If-None-Match": etag })
      : undefined;

    const { body: list } = await callJson(baseUrl, "/api/doctor/list");
    const consultants = (list.doctors as { _id: string; available: boolean }[]).filter(
      (consultant) => consultant.available,
    );
    const slotPaths = consultants
      .slice(0, SLOT_CONSULTANTS)
      .map((consultant) => `/api/consultant/${consultant._id}/slots`);
    if (slotPaths.length === 0) throw new Error("the demo data has no available consultant");

    const rows: string[][] = [];
    const problems: string[] = [];
    const bare = await startBareServer(recorded);
    try {
      for (const [index, comparison] of comparisons.entries()) {
        const app = await load(new URL(comparison.path, baseUrl).href, { headers: comparison.headers });
        const baseline = await load(new URL(comparison.path, bare.url).href, { headers: comparison.headers });
        const share = app.requests.average / baseline.requests.average;
        rows.push([
          `${comparison.what}: ${summary(recorded[index]!)}`,
          integer(app.requests.average),
          String(app.latency.p99),
          integer(baseline.requests.average),
          ratio(share),
          `≥ ${ratio(comparison.targetRatio)}`,
          met(share >= comparison.targetRatio),
        ]);
        for (const [label, result] of [
          [`app, ${comparison.what}`, app],
          [`bare, ${comparison.what}`, baseline],
        ] as const) {
          const line = trouble(label, result);
          if (line) problems.push(line);
        }
      }
    } finally {
      await bare.stop();
    }

    const slots = await load(new URL(slotPaths[0]!, baseUrl).href, {
      requests: slotPaths.map((path) => ({ path })),
    });
    rows.push([
      `GET /api/consultant/{id}/slots (${slotPaths.length} consultants in turn)`,
      integer(slots.requests.average),
      String(slots.latency.p99),
      "-",
      "-",
      `≥ ${integer(SLOTS_TARGET.requestsPerSecond)}/s, p99 ≤ ${SLOTS_TARGET.p99Ms} ms`,
      met(
        slots.requests.average >= SLOTS_TARGET.requestsPerSecond && slots.latency.p99 <= SLOTS_TARGET.p99Ms,
      ),
    ]);
    const slotTrouble = trouble("app, slots", slots);
    if (slotTrouble) problems.push(slotTrouble);

    console.log(table(["what", "app req/s", "app p99 ms", "bare req/s", "app/bare", "target", "met?"], rows));
    console.log(
      revalidation
        ? `\nRevalidation: GET / with If-None-Match: ${etag} answered ${revalidation.status}` +
            ` with ${revalidation.body.length} body bytes (${revalidation.status === 304 ? "as it should" : "expected 304"}).`
        : "\nRevalidation: GET / sent no ETag, so a browser cannot revalidate it.",
    );
    for (const problem of problems) console.log(`Not all answers were 2xx: ${problem}`);
  },
};
