// The one place that reads React Router's internals: how its ServerRouter streams the loader data
// into the page. loader-data-ahead.test.ts pins them to the installed version: an upgrade that
// renames them fails that test, not the pages.
import type { EntryContext } from "react-router";

/**
 * React Router streams the loader data into the page through StreamTransfer, which suspends on each
 * read of the stream and keeps what it read in `renderMeta.streamCache`. Reading the stream to its
 * end first, and filing each read where StreamTransfer looks, lets the page render without
 * suspending. The reads are those StreamTransfer would make (one TextDecoder, streaming).
 */
export async function readLoaderDataAhead(context: EntryContext): Promise<void> {
  const stream = context.serverHandoffStream;
  if (!stream || !context.renderMeta) return;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const streamCache: NonNullable<NonNullable<EntryContext["renderMeta"]>["streamCache"]> = {};
  for (let identifier = 0; ; identifier += 1) {
    const { done, value } = await reader.read();
    streamCache[identifier] = Object.assign(Promise.resolve(), {
      result: { done, value: decoder.decode(value, { stream: true }) },
    });
    if (done) break;
  }
  context.renderMeta.streamCache = streamCache;
  emptyHandoffStream(context);
}

/**
 * ServerRouter takes a reader of the stream each time it renders, which a locked stream refuses.
 * Every read it needs is in the cache, so it gets a stream with nothing left to give (cheaper than
 * releasing a lock, which makes an error with its stack).
 */
export function emptyHandoffStream(context: EntryContext): void {
  if (context.serverHandoffStream) {
    context.serverHandoffStream = new ReadableStream({ start: (controller) => controller.close() });
  }
}
