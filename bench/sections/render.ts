// Uncached server rendering against a bare renderToString of the same React tree, in one process.
//
// Method: bench/render-worker.ts runs in a process of its own with NODE_ENV=production (React's
// production build, as in the server) and an empty embedded database. It imports the production
// bundle's bench entry (build/server/bench-render.js) and builds the HTTP app as the server does.
// - app: `app.fetch(new Request(url))` and the whole body read. The worker's app keeps no page
//   (bench/render-entry.ts): the server shares /contact and /consultant among anonymous
//   visitors, and this measures the render each of them costs the first time. That is
//   everything a visitor's request costs apart from the socket: middleware (request id, log,
//   security headers, cap), session lookup, the route's loaders, React Router's request handler
//   and app/entry.server.tsx's render (to a string once the loader data is read, docs/decisions/0032).
// - bare: `renderToString(<ServerRouter context url nonce />)` with the very EntryContext the app's
//   document renderer received for that page (kept once, by wrapping the bundle's entry module in a
//   second app): the same routes, loader data and element tree, rendered to a string and nothing else.
// - bare stream (shown, no target): the same tree through renderToPipeableStream to its end, as
//   app/entry.server.tsx renders a page whose parts suspend (a lazy part's first use in a process).
// React Router streams the loader data into the page: the stream is copied once and replayed to
// each bare render, so every render writes the same document (the HTML sizes are printed).
// They take turns in rounds of ten after a warm-up, so noise from other processes falls on all.
// The figure is bare ms / app ms: 1.0× means the app adds nothing to React's own rendering; the
// target, 0.8×, allows the app a quarter more than a bare render.
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import { integer, met, ratio, table } from "../lib/format";
import type { BenchSection } from "../lib/section";
import { buildDirectory, spawnGroup, stopGroup } from "../lib/server";
import type { RenderResult } from "../render-worker";

const PATHS = (process.env.BENCH_RENDER_PATHS ?? "/contact,/consultant").split(",");
const ITERATIONS = Number(process.env.BENCH_RENDER_ITERATIONS ?? 300);
const TARGET = 0.8;

async function measure(): Promise<RenderResult[]> {
  const dataDirectory = path.resolve(".tmp", `bench-render-${process.pid}-${Date.now()}`);
  await mkdir(dataDirectory, { recursive: true });
  const child = spawnGroup(path.resolve("node_modules/.bin/tsx"), ["bench/render-worker.ts"], {
    ...process.env,
    NODE_ENV: "production",
    BUILD_DIR: buildDirectory,
    DATA_DIR: dataDirectory,
    PUBLIC_URL: "http://127.0.0.1:3000",
    LOG_LEVEL: "warn",
    RENDER_PATHS: PATHS.join(","),
    RENDER_ITERATIONS: String(ITERATIONS),
  });
  try {
    let results: RenderResult[] | undefined;
    createInterface({ input: child.stdout! }).on("line", (line) => {
      if (line.startsWith("RESULT ")) results = JSON.parse(line.slice("RESULT ".length)) as RenderResult[];
      else process.stderr.write(`${line}\n`);
    });
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    if (!results) throw new Error(`the render worker exited with code ${code} and no result`);
    return results;
  } finally {
    await stopGroup(child, 2_000);
    await rm(dataDirectory, { recursive: true, force: true });
  }
}

export const renderSection: BenchSection = {
  name: "render",
  title: `Uncached server rendering: the whole app against a bare renderToString of the same tree (${ITERATIONS} renders each, in one process)`,
  async run() {
    const results = await measure();
    console.log(
      table(
        [
          "page",
          "app ms/render",
          "bare ms/render",
          "bare/app",
          "target",
          "met?",
          "app: before entry / entry ms",
          "bare stream ms",
          "app HTML B",
          "bare HTML B",
        ],
        results.map((result) => {
          const share = result.bareMs / result.appMs;
          return [
            `GET ${result.path}`,
            result.appMs.toFixed(2),
            result.bareMs.toFixed(2),
            ratio(share),
            `≥ ${ratio(TARGET)}`,
            met(share >= TARGET),
            `${(result.appMs - result.entryMs).toFixed(2)} / ${result.entryMs.toFixed(2)}`,
            result.bareStreamMs.toFixed(2),
            integer(result.appBytes),
            integer(result.bareBytes),
          ];
        }),
      ),
    );
    console.log(
      "\napp: the HTTP app's fetch(), middleware, loaders and render included; bare: renderToString of the EntryContext" +
        "\nthe app rendered; bare stream: the same tree through renderToPipeableStream (entry.server.tsx's way when a part suspends)." +
        "\nbefore entry: middleware, loaders and React Router's handling up to app/entry.server.tsx; entry: reading the loader" +
        "\ndata, rendering and making the bytes.",
    );
  },
};
