import { rateLimitBuckets } from "@db/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/setup/test-database";
import type { DatabaseHandle } from "./db.server";
import {
  consumeRateLimit,
  isRateLimited,
  pruneRateLimits,
  recordRateLimitedEvent,
} from "./rate-limit.server";

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const minute = (key: string) => ({ key, limit: 3, windowSeconds: 60 });
const at = (iso: string) => new Date(iso);

async function attempts(key: string, count: number, now: Date): Promise<string[]> {
  const outcomes: string[] = [];
  for (let attempt = 0; attempt < count; attempt++) {
    outcomes.push(
      await consumeRateLimit(database.db, minute(key), now).then(
        () => "allowed",
        (error: { kind?: string; retryAfterSeconds?: number }) => `${error.kind} ${error.retryAfterSeconds}`,
      ),
    );
  }
  return outcomes;
}

describe("rate limits", () => {
  it("allows the limit in a window, then refuses with the seconds left in it", async () => {
    expect(await attempts("booking:user:a", 4, at("2027-03-05T10:00:20Z"))).toEqual([
      "allowed",
      "allowed",
      "allowed",
      "rate-limited 40",
    ]);
  });

  it("counts each key on its own, and a new window afresh", async () => {
    expect(await attempts("booking:user:b", 3, at("2027-03-05T10:00:20Z"))).toEqual([
      "allowed",
      "allowed",
      "allowed",
    ]);
    expect(await attempts("booking:user:b", 1, at("2027-03-05T10:00:59Z"))).toEqual(["rate-limited 1"]);
    expect(await attempts("booking:user:b", 3, at("2027-03-05T10:01:00Z"))).toEqual([
      "allowed",
      "allowed",
      "allowed",
    ]);
  });

  it("counts events recorded after the fact, and only those, for the check that does not count", async () => {
    const rule = minute("login:account:c");
    const now = at("2027-03-05T11:00:00Z");
    for (let failure = 0; failure < 2; failure++) await recordRateLimitedEvent(database.db, rule, now);
    expect(await isRateLimited(database.db, rule, now)).toBe(false);
    expect(await isRateLimited(database.db, rule, now)).toBe(false);
    await recordRateLimitedEvent(database.db, rule, now);
    expect(await isRateLimited(database.db, rule, now)).toBe(true);
  });

  it("keeps counting a window after pruning, which drops only windows that have ended", async () => {
    const now = at("2027-03-05T12:00:10Z");
    await attempts("contact:ip:d", 3, now);
    await pruneRateLimits(database.db, at("2027-03-06T12:00:30Z"));
    // Pruned a day later: the old window is gone, so it starts afresh if the clock went back.
    expect(await attempts("contact:ip:d", 1, now)).toEqual(["allowed"]);
    await attempts("contact:ip:e", 3, now);
    await pruneRateLimits(database.db, at("2027-03-05T12:00:30Z"));
    expect(await attempts("contact:ip:e", 1, now)).toEqual(["rate-limited 50"]);
  });

  it("counts in memory on the embedded database, which no other process can reach, and in the table on PostgreSQL", async () => {
    await attempts("kyc:ip:f", 2, at("2027-03-05T13:00:00Z"));
    const rows = await database.db.select().from(rateLimitBuckets);
    if (database.driver === "pglite") expect(rows).toEqual([]);
    else expect(rows.find((row) => row.key === "kyc:ip:f")?.count).toBe(2);
  });
});
