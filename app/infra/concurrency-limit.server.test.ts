import { afterEach, describe, expect, it, vi } from "vitest";
import { createConcurrencyLimit } from "./concurrency-limit.server";

afterEach(() => {
  vi.useRealTimers();
});

describe("createConcurrencyLimit", () => {
  it("grants at most its size at once and hands each released slot to the next in line", async () => {
    const limit = createConcurrencyLimit(2);
    const first = await limit.acquire(1000);
    const second = await limit.acquire(1000);
    const granted: string[] = [];
    const third = limit.acquire(1000).then((release) => {
      granted.push("third");
      return release;
    });
    const fourth = limit.acquire(1000).then((release) => {
      granted.push("fourth");
      return release;
    });
    await Promise.resolve();
    expect(granted).toEqual([]);

    first!();
    // Releasing twice frees one slot, not two.
    first!();
    expect(await third).toBeTypeOf("function");
    await Promise.resolve();
    expect(granted).toEqual(["third"]);

    second!();
    expect(await fourth).toBeTypeOf("function");
    expect(granted).toEqual(["third", "fourth"]);
  });

  it("gives up on a waiter after its wait, without it taking a slot later", async () => {
    vi.useFakeTimers();
    const limit = createConcurrencyLimit(1);
    const holder = await limit.acquire(1000);
    const impatient = limit.acquire(500);
    const patient = limit.acquire(5000);
    await vi.advanceTimersByTimeAsync(600);
    expect(await impatient).toBeUndefined();

    holder!();
    const next = await patient;
    expect(next).toBeTypeOf("function");
    // The slot went to the patient waiter: nothing is free until it is released.
    const meanwhile = limit.acquire(100);
    await vi.advanceTimersByTimeAsync(200);
    expect(await meanwhile).toBeUndefined();
    next!();
    expect(await limit.acquire(0)).toBeTypeOf("function");
  });
});
