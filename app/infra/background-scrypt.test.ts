import { scryptSync } from "node:crypto";
import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "~/features/accounts/password.server";
import { backgroundScrypt, backgroundScryptLanes } from "./background-scrypt.server";

const OPTIONS = { N: 2 ** 10, r: 8, p: 1 };

describe("scrypt in the background", () => {
  it("gives the same key as scrypt itself", async () => {
    const salt = Buffer.from("0123456789abcdef");
    expect(await backgroundScrypt("pass phrase", salt, 32, OPTIONS)).toEqual(
      scryptSync("pass phrase", salt, 32, OPTIONS),
    );
  });

  // Twelve hashes, one at a time on a two-core machine, on a thread at the lowest priority: while the
  // other test files keep the cores busy that thread waits, so a slow machine needs a long timeout.
  it("runs at most one hash fewer than the cores at once, but at least one, and each still verifies", {
    timeout: 60_000,
  }, async () => {
    expect(backgroundScryptLanes().lanes).toBe(Math.max(1, availableParallelism() - 1));
    let mostAtOnce = 0;
    const watcher = setInterval(() => {
      mostAtOnce = Math.max(mostAtOnce, backgroundScryptLanes().underWay);
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
      expect(mostAtOnce).toBeLessThanOrEqual(backgroundScryptLanes().lanes);
      for (const [index, hash] of hashes.entries()) {
        expect(await verifyPassword(passwords[index]!, hash)).toBe(true);
        expect(await verifyPassword(passwords[(index + 1) % passwords.length]!, hash)).toBe(false);
      }
    } finally {
      clearInterval(watcher);
    }
  });

  it("refuses what scrypt refuses, and goes on hashing afterwards", async () => {
    const salt = Buffer.from("salt");
    await expect(backgroundScrypt("x", salt, 32, { N: 3, r: 8, p: 1 })).rejects.toThrow();
    expect(await backgroundScrypt("x", salt, 32, OPTIONS)).toHaveLength(32);
  });
});
