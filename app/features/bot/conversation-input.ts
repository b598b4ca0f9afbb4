/**
 * The client's side of a conversation, read one event ahead: the conversation can ask whether an
 * event is already waiting (so a barge-in stops an answer being sent), and a wait for the next
 * event gives up after a quiet stretch (so the assistant can send a heartbeat) or when the
 * conversation is stopped from outside (so a closed response does not wait for the client).
 */

/** One event of the client's stream: its `:event-type` and its JSON members. */
export interface ConversationInput {
  type: string;
  body: Record<string, unknown>;
}

type NextInput =
  | { kind: "event"; event: ConversationInput }
  /** Nothing from the client for the quiet interval. */
  | { kind: "quiet" }
  /** The client ended its stream. */
  | { kind: "end" }
  /** The conversation was stopped from outside (its response was closed). */
  | { kind: "stopped" };

type Settled =
  | { kind: "event"; event: ConversationInput }
  | { kind: "end" }
  | { kind: "error"; error: unknown };

export interface InputReader {
  /** An event (or the stream's end, or its error) has arrived and not been taken yet. */
  ready(): boolean;
  next(): Promise<NextInput>;
  /** Lets go of the client's stream (without waiting for it). */
  close(): void;
}

export function readAhead(
  events: AsyncIterable<ConversationInput>,
  options: { quietMs: number; signal?: AbortSignal },
): InputReader {
  const iterator = events[Symbol.asyncIterator]();
  let pending: Promise<void> | undefined;
  let settled: Settled | undefined;
  let ended = false;

  function pull(): Promise<void> {
    // Settled into a value, never rejected: an error read ahead waits until its turn to be thrown.
    pending ??= iterator.next().then(
      (result) => {
        settled = result.done ? { kind: "end" } : { kind: "event", event: result.value };
      },
      (error: unknown) => {
        settled = { kind: "error", error };
      },
    );
    return pending;
  }

  async function settledOrQuiet(): Promise<void> {
    const { signal, quietMs } = options;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let onAbort: (() => void) | undefined;
    try {
      await Promise.race([
        pull(),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, quietMs);
          onAbort = resolve;
          signal?.addEventListener("abort", onAbort, { once: true });
        }),
      ]);
    } finally {
      clearTimeout(timer);
      if (onAbort) signal?.removeEventListener("abort", onAbort);
    }
  }

  return {
    ready: () => settled !== undefined,

    async next() {
      if (options.signal?.aborted) return { kind: "stopped" };
      if (ended) return { kind: "end" };
      if (!settled) await settledOrQuiet();
      if (options.signal?.aborted) return { kind: "stopped" };
      const taken = settled;
      if (!taken) return { kind: "quiet" };
      settled = undefined;
      pending = undefined;
      if (taken.kind === "error") {
        ended = true;
        throw taken.error;
      }
      if (taken.kind === "end") {
        ended = true;
        return taken;
      }
      void pull();
      return taken;
    },

    close() {
      if (ended) return;
      ended = true;
      // Queued behind a read in flight; that read ends when the client's stream does.
      iterator.return?.(undefined).catch(() => undefined);
    },
  };
}
