import { describe, expect, it } from "vitest";
import type { NoticeHandlers } from "~/infra/postgres-listener.server";
import { ChangeAwareCache } from "./change-aware-cache.server";

interface Owned {
  owner: string;
  computedAt: number;
}

/** A cache hearing notices the test sends: `owner:<name>` changes that owner's values, anything else all. */
async function cacheWithNotices() {
  let handlers: NoticeHandlers | undefined;
  const cache = new ChangeAwareCache<Owned>({
    ttlMs: 60_000,
    maxEntries: 100,
    keysChangedBy: (payload) => {
      const owner = /^owner:(\w+)$/.exec(payload)?.[1];
      return owner ? (_key, value) => value.owner === owner : undefined;
    },
  });
  await cache.hear(
    {
      listen: async (_channel, given) => {
        handlers = given;
        given.onListening();
        return async () => {};
      },
    },
    "changes",
  );
  return { cache, notice: (payload: string) => handlers!.onNotice(payload) };
}

let clock = 0;

/** Computes `owner`'s value while `during` runs, as a query would while notices arrive. */
function computing(owner: string, during: () => void): () => Promise<Owned> {
  return async () => {
    await Promise.resolve();
    during();
    clock += 1;
    return { owner, computedAt: clock };
  };
}

const fresh = (owner: string) => computing(owner, () => {});

describe("a change-aware cache", () => {
  it("keeps a value computed while another value changed", async () => {
    const { cache, notice } = await cacheWithNotices();
    const first = await cache.get(
      "a",
      computing("alice", () => notice("owner:bob")),
    );
    expect(await cache.get("a", fresh("alice"))).toEqual(first);
  });

  it("does not keep a value computed while its own change arrived", async () => {
    const { cache, notice } = await cacheWithNotices();
    const first = await cache.get(
      "a",
      computing("alice", () => notice("owner:alice")),
    );
    const second = await cache.get("a", fresh("alice"));
    expect(second).not.toEqual(first);
    expect(await cache.get("a", fresh("alice"))).toEqual(second);
  });

  it("does not keep a value computed while everything was forgotten, or while too much changed to tell", async () => {
    const { cache, notice } = await cacheWithNotices();
    const acrossEverything = await cache.get(
      "a",
      computing("alice", () => notice("all")),
    );
    expect(await cache.get("a", fresh("alice"))).not.toEqual(acrossEverything);

    const acrossMany = await cache.get(
      "b",
      computing("alice", () => {
        for (let change = 0; change < 100; change++) notice("owner:bob");
      }),
    );
    expect(await cache.get("b", fresh("alice"))).not.toEqual(acrossMany);
  });

  it("forgets kept values by what they hold", async () => {
    const { cache, notice } = await cacheWithNotices();
    const alices = await cache.get("a", fresh("alice"));
    const bobs = await cache.get("b", fresh("bob"));
    notice("owner:bob");
    expect(await cache.get("a", fresh("alice"))).toEqual(alices);
    expect(await cache.get("b", fresh("bob"))).not.toEqual(bobs);
  });
});
