import { describe, expect, it } from "vitest";
import { BoundedMemo } from "./bounded-memo";

describe("BoundedMemo", () => {
  it("works an answer out once per key, undefined included", () => {
    const memo = new BoundedMemo<string, number | undefined>(10);
    let asked = 0;
    const length = (key: string) => {
      asked += 1;
      return key === "none" ? undefined : key.length;
    };
    expect(memo.get("abc", length)).toBe(3);
    expect(memo.get("abc", length)).toBe(3);
    expect(memo.get("none", length)).toBeUndefined();
    expect(memo.get("none", length)).toBeUndefined();
    expect(asked).toBe(2);
  });

  it("keeps at most its capacity, forgetting the oldest first", () => {
    const memo = new BoundedMemo<number, number>(3);
    for (const key of [1, 2, 3, 4]) memo.get(key, (value) => value * 10);
    expect(memo.size).toBe(3);
    expect([...memo.keys()]).toEqual([2, 3, 4]);
    let asked = 0;
    expect(memo.get(1, () => ++asked)).toBe(1);
    expect([...memo.keys()]).toEqual([3, 4, 1]);
  });
});
