/** Gives back a slot; calling it again does nothing. */
type ReleaseSlot = () => void;

export interface ConcurrencyLimit {
  /**
   * A slot, at once when one is free, else when a holder releases one (first come, first served).
   * Undefined when none came free within `maxWaitMs`: the caller should refuse rather than queue.
   */
  acquire(maxWaitMs: number): Promise<ReleaseSlot | undefined>;
}

/**
 * At most `size` holders at once within this process. For CPU-heavy work (decoding pictures), so a
 * burst of it cannot take every core and every libuv worker thread from the requests behind it.
 */
export function createConcurrencyLimit(size: number): ConcurrencyLimit {
  let held = 0;
  // A Set keeps insertion order, and a waiter that gave up can leave it from anywhere.
  const waiting = new Set<(release: ReleaseSlot) => void>();

  const slot = (): ReleaseSlot => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const [next] = waiting;
      if (next) {
        // Handed straight to the next in line, so a newcomer cannot slip in between.
        waiting.delete(next);
        next(slot());
      } else {
        held -= 1;
      }
    };
  };

  return {
    acquire(maxWaitMs) {
      if (held < size) {
        held += 1;
        return Promise.resolve(slot());
      }
      return new Promise((resolve) => {
        const grant = (release: ReleaseSlot) => {
          clearTimeout(timer);
          resolve(release);
        };
        const timer = setTimeout(() => {
          waiting.delete(grant);
          resolve(undefined);
        }, maxWaitMs);
        waiting.add(grant);
      });
    },
  };
}
