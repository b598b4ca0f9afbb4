import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import { emptyHandoffStream, readLoaderDataAhead } from "./loader-data-ahead.server";

/** The built code of the installed react-router, where ServerRouter and StreamTransfer live. */
function reactRouterSources(): string {
  const entry = createRequire(import.meta.url).resolve("react-router");
  const folder = path.dirname(entry);
  return readdirSync(folder)
    .filter((name) => name.endsWith(".mjs") || name.endsWith(".js"))
    .map((name) => readFileSync(path.join(folder, name), "utf8"))
    .join("\n");
}

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

describe("reading the loader data ahead of the render", () => {
  it("relies on internals the installed React Router still has", () => {
    const sources = reactRouterSources();
    expect(sources).toContain("renderMeta.streamCache");
    expect(sources).toContain("serverHandoffStream");
  });

  it("files every read of the stream where StreamTransfer looks, and leaves an empty stream", async () => {
    const context = {
      serverHandoffStream: streamOf(["[1,", '"a"]']),
      renderMeta: {},
    } as unknown as EntryContext;
    await readLoaderDataAhead(context);
    const cache = context.renderMeta!.streamCache!;
    const reads = Object.keys(cache).map(
      (identifier) => (cache[Number(identifier)] as { result: unknown }).result,
    );
    expect(reads).toEqual([
      { done: false, value: "[1," },
      { done: false, value: '"a"]' },
      { done: true, value: "" },
    ]);
    const left = await context.serverHandoffStream!.getReader().read();
    expect(left.done).toBe(true);
  });

  it("leaves a context without a stream as it was", async () => {
    const context = { renderMeta: {} } as unknown as EntryContext;
    await readLoaderDataAhead(context);
    emptyHandoffStream(context);
    expect(context).toEqual({ renderMeta: {} });
  });
});
