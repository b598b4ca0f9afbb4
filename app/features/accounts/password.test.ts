import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { hashPassword, passwordHashing, verifyPassword } from "./password.server";

describe("password hashing", () => {
  it("runs at most one hash per core but one at once, and each still verifies", async () => {
    expect(passwordHashing().lanes).toBe(Math.max(1, availableParallelism() - 1));
    let mostAtOnce = 0;
    const watcher = setInterval(() => {
      mostAtOnce = Math.max(mostAtOnce, passwordHashing().underWay);
    }, 5);
    try {
      const passwords = [
        "first pass phrase",
        "second pass phrase",
        "third pass phrase",
        "fourth pass phrase",
      ];
      const hashes = await Promise.all(passwords.map((password) => hashPassword(password)));
      expect(mostAtOnce).toBeGreaterThan(0);
      expect(mostAtOnce).toBeLessThanOrEqual(passwordHashing().lanes);
      for (const [index, hash] of hashes.entries()) {
        expect(await verifyPassword(passwords[index]!, hash)).toBe(true);
        expect(await verifyPassword(passwords[(index + 1) % passwords.length]!, hash)).toBe(false);
      }
    } finally {
      clearInterval(watcher);
    }
  });
});
