// The render section's measuring process (bench/sections/render.ts starts it with
// NODE_ENV=production, so React and React Router run their production builds, as in the server).
// It loads the production bundle's bench entry (build/server/bench-render.js, bench/render-entry.ts), renders each page through the real HTTP
// app and, in turn, renders the same React tree with a bare renderToString, then prints one
// `RESULT {json}` line.
import path from "node:path";
import { PassThrough } from "node:stream";
import { pathToFileURL } from "node:url";
import type { createElement as CreateElement } from "react";
import type {
  renderToPipeableStream as RenderToPipeableStream,
  renderToString as RenderToString,
} from "react-dom/server";
import type { EntryContext, ServerBuild, ServerRouter as ServerRouterComponent } from "react-router";

type FetchApp = { fetch(request: Request, env?: unknown): Response | Promise<Response> };
interface Bundle {
  serverBuild: ServerBuild;
  /** The bundle's own React (a copy from node_modules would be a second React, without the page's hooks). */
  react: {
    createElement: typeof CreateElement;
    renderToString: typeof RenderToString;
    renderToPipeableStream: typeof RenderToPipeableStream;
    ServerRouter: typeof ServerRouterComponent;
  };
  createRenderingApp(pagesBuild: ServerBuild): Promise<FetchApp>;
  closeRuntime(): Promise<void>;
}

export interface RenderResult {
  path: string;
  iterations: number;
  appMs: number;
  /** Of appMs: app/entry.server.tsx (reading the loader data, rendering, making the bytes). */
  entryMs: number;
  /** renderToString: the baseline. */
  bareMs: number;
  /** renderToPipeableStream to the end (onAllReady), as app/entry.server.tsx renders when a part suspends. */
  bareStreamMs: number;
  appBytes: number;
  bareBytes: number;
  bareStreamBytes: number;
}

const paths = (process.env.RENDER_PATHS ?? "/login").split(",");
const iterations = Number(process.env.RENDER_ITERATIONS ?? 200);
const WARM_UP = 30;
/** App and bare take turns in rounds of this many, so a noisy neighbour slows both alike. */
const ROUND = 10;
const origin = process.env.PUBLIC_URL ?? "http://127.0.0.1:3000";
/** What @hono/node-server would pass: the client's address is read from it (rate limits, logs). */
const nodeBindings = {
  incoming: { socket: { remoteAddress: "127.0.0.1", remotePort: 40_000, remoteFamily: "IPv4" } },
};

const bundlePath = path.resolve(process.env.BUILD_DIR ?? "build", "server/bench-render.js");
const bundle = (await import(pathToFileURL(bundlePath).href)) as Bundle;
const build = bundle.serverBuild;
const { createElement, renderToString, renderToPipeableStream, ServerRouter } = bundle.react;

// The app as the server runs it, its document renderer (app/entry.server.tsx) timed; and a twin
// whose document renderer also keeps what it was given.
const render = build.entry.module.default;
/** Milliseconds spent in the document renderer, so the report can tell it from what comes before. */
let entryMs = 0;
/** The app as the server builds it (createApp), with its document renderer replaced by `renderer`. */
const appRenderingWith = (renderer: typeof render) =>
  bundle.createRenderingApp({
    ...build,
    entry: { ...build.entry, module: { ...build.entry.module, default: renderer } },
  });
const app = await appRenderingWith(async (...args) => {
  const started = performance.now();
  try {
    return await render(...args);
  } finally {
    entryMs += performance.now() - started;
  }
});
interface Captured {
  context: EntryContext;
  url: string;
  nonce: string;
  /** The loader data React Router streams into the page, read once and replayed for every render. */
  handoff: Uint8Array[];
}
let captured: Captured | undefined;
const capturing = await appRenderingWith((request, status, headers, context, loadContext) => {
  const handoff: Uint8Array[] = [];
  const stream = context.serverHandoffStream;
  if (stream) {
    const [forPage, kept] = stream.tee();
    context.serverHandoffStream = forPage;
    void kept.pipeTo(new WritableStream({ write: (chunk) => void handoff.push(chunk) }));
  }
  captured = { context, url: request.url, nonce: String(loadContext.cspNonce ?? ""), handoff };
  return render(request, status, headers, context, loadContext);
});

async function appRender(url: string): Promise<number> {
  const response = await app.fetch(new Request(url), nodeBindings);
  // Bytes, as the server sends them: decoding them into a string would be the bench's own cost.
  const body = await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return body.byteLength;
}

/** The captured tree, with a fresh copy of the loader-data stream (each render reads it to the end). */
function tree(entry: Captured) {
  const serverHandoffStream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of entry.handoff) controller.enqueue(chunk);
      controller.close();
    },
  });
  return createElement(ServerRouter, {
    context: { ...entry.context, serverHandoffStream },
    url: entry.url,
    nonce: entry.nonce,
  });
}

function bareRender(entry: Captured): number {
  return Buffer.byteLength(`<!DOCTYPE html>${renderToString(tree(entry))}`);
}

function bareStreamRender(entry: Captured): Promise<number> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(tree(entry), {
      nonce: entry.nonce,
      onAllReady() {
        let bytes = 0;
        const body = new PassThrough();
        body.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
        });
        body.on("end", () => resolve(bytes));
        pipe(body);
      },
      onShellError: reject,
    });
  });
}

const results: RenderResult[] = [];
for (const pagePath of paths) {
  const url = new URL(pagePath, origin).href;
  captured = undefined;
  await (await capturing.fetch(new Request(url), nodeBindings)).text();
  const entry = captured as Captured | undefined;
  if (!entry) throw new Error(`GET ${pagePath} was not rendered by React Router (cached or redirected?)`);

  let appBytes = 0;
  let bareBytes = 0;
  let bareStreamBytes = 0;
  for (let index = 0; index < WARM_UP; index += 1) {
    appBytes = await appRender(url);
    bareBytes = bareRender(entry);
    bareStreamBytes = await bareStreamRender(entry);
  }
  let appMs = 0;
  entryMs = 0;
  let bareMs = 0;
  let bareStreamMs = 0;
  for (let done = 0; done < iterations; done += ROUND) {
    const count = Math.min(ROUND, iterations - done);
    let started = performance.now();
    for (let index = 0; index < count; index += 1) await appRender(url);
    appMs += performance.now() - started;
    started = performance.now();
    for (let index = 0; index < count; index += 1) bareRender(entry);
    bareMs += performance.now() - started;
    started = performance.now();
    for (let index = 0; index < count; index += 1) await bareStreamRender(entry);
    bareStreamMs += performance.now() - started;
  }
  results.push({
    path: pagePath,
    iterations,
    appMs: appMs / iterations,
    entryMs: entryMs / iterations,
    bareMs: bareMs / iterations,
    bareStreamMs: bareStreamMs / iterations,
    appBytes,
    bareBytes,
    bareStreamBytes,
  });
}
await bundle.closeRuntime();
console.log(`RESULT ${JSON.stringify(results)}`);
process.exit(0);
