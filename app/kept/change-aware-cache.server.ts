import type { DatabaseHandle } from "~/infra/db.server";
import type { NoticeHandlers } from "~/infra/postgres-listener.server";

export interface ChangeAwareCacheOptions<Value> {
  /** Longest a value is kept even if nothing changes: it may depend on the time (past slots). */
  ttlMs: number;
  maxEntries: number;
  /**
   * The entries a notice's payload says have changed (by key, or by what was kept), or undefined
   * when it could be anything (then everything is forgotten). Without it, every notice forgets
   * everything.
   */
  keysChangedBy?(payload: string): ((key: string, value: Value) => boolean) | undefined;
}

interface Entry<Value> {
  value: Value;
  storedAt: number;
}

/**
 * Values computed from the database, kept until the database says what they were made from has
 * changed (a NOTIFY from a trigger, so a change made by any process counts) or `ttlMs` passes.
 * While the notices cannot be heard (the listening connection is lost), nothing is kept: a
 * missed notice must not leave a stale value behind.
 */
/** Enough to cover the forgets that arrive while one value is computed, even under a rush of bookings. */
const REMEMBERED_FORGETS = 64;

export class ChangeAwareCache<Value> {
  private readonly entries = new Map<string, Entry<Value>>();
  /** Computations under way, shared by the requests that arrive meanwhile. */
  private readonly pending = new Map<string, { generation: number; value: Promise<Value | undefined> }>();
  /** Counts what was forgotten, so a value computed across a change it covers is not stored afterwards. */
  private generation = 0;
  /** The latest forgets (undefined: everything), so a computation across other keys' changes still counts. */
  private readonly recentForgets: { generation: number; changed?: (key: string, value: Value) => boolean }[] =
    [];
  private hearing = false;

  constructor(private readonly options: ChangeAwareCacheOptions<Value>) {}

  /** Starts hearing `channel`; resolves with the function that stops. */
  hear(database: Pick<DatabaseHandle, "listen">, channel: string): Promise<() => Promise<void>> {
    return hearTogether(database, channel, [this]);
  }

  /** What this cache does with the database's notices (see hearTogether). */
  noticeHandlers(): NoticeHandlers {
    return {
      onNotice: (payload) => {
        const changed = this.options.keysChangedBy?.(payload);
        if (changed) this.forget(changed);
        else this.forgetAll();
      },
      onListening: () => {
        this.forgetAll();
        this.hearing = true;
      },
      onGap: () => {
        this.hearing = false;
        this.forgetAll();
      },
    };
  }

  forgetAll(): void {
    this.rememberForget(undefined);
    this.entries.clear();
  }

  /** Forgets the entries that match, and any value being computed meanwhile that would match. */
  forget(changed: (key: string, value: Value) => boolean): void {
    this.rememberForget(changed);
    for (const [key, entry] of this.entries) if (changed(key, entry.value)) this.entries.delete(key);
  }

  private rememberForget(changed: ((key: string, value: Value) => boolean) | undefined): void {
    this.generation += 1;
    this.recentForgets.push({ generation: this.generation, changed });
    if (this.recentForgets.length > REMEMBERED_FORGETS) this.recentForgets.shift();
  }

  /**
   * Whether something forgotten since `generation` covers this value. Under frequent bookings a
   * computation often spans another consultant's change; storing nothing then made most slots
   * answers miss. Past the remembered forgets it cannot tell, and says yes.
   */
  private changedSince(generation: number, key: string, value: Value): boolean {
    if (generation === this.generation) return false;
    const oldest = this.recentForgets[0];
    if (!oldest || oldest.generation > generation + 1) return true;
    return this.recentForgets.some(
      (forgotten) =>
        forgotten.generation > generation && (!forgotten.changed || forgotten.changed(key, value)),
    );
  }

  /** The value kept for `key` while it is still fresh, without computing anything. */
  peek(key: string, now = Date.now()): Value | undefined {
    const entry = this.entries.get(key);
    return entry && now - entry.storedAt < this.options.ttlMs ? entry.value : undefined;
  }

  /** The kept value, or the computed one; `compute` may find nothing (undefined), which is not kept. */
  async get<Computed extends Value | undefined = Value>(
    key: string,
    compute: () => Promise<Computed>,
    now = Date.now(),
  ): Promise<Value | Computed> {
    const kept = this.peek(key, now);
    if (kept !== undefined) return kept;
    const generation = this.generation;
    const underWay = this.pending.get(key);
    if (underWay?.generation === generation) return underWay.value as Promise<Value | Computed>;
    const value = compute();
    this.pending.set(key, { generation, value });
    try {
      const computed = await value;
      // Nothing is kept about what was not found: it may appear without a notice saying so.
      if (computed !== undefined && this.hearing && !this.changedSince(generation, key, computed)) {
        this.store(key, computed, now);
      }
      return computed;
    } finally {
      if (this.pending.get(key)?.value === value) this.pending.delete(key);
    }
  }

  private store(key: string, value: Value, now: number): void {
    if (!this.entries.has(key) && this.entries.size >= this.options.maxEntries) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
    this.entries.set(key, { value, storedAt: now });
  }
}

/**
 * Several caches hearing one channel over one listening connection (on PostgreSQL each listen
 * holds a connection of its own).
 */
export function hearTogether(
  database: Pick<DatabaseHandle, "listen">,
  channel: string,
  caches: readonly { noticeHandlers(): NoticeHandlers }[],
): Promise<() => Promise<void>> {
  const handlers = caches.map((cache) => cache.noticeHandlers());
  return database.listen(channel, {
    onNotice: (payload) => {
      for (const handler of handlers) handler.onNotice(payload);
    },
    onListening: () => {
      for (const handler of handlers) handler.onListening();
    },
    onGap: () => {
      for (const handler of handlers) handler.onGap();
    },
  });
}
