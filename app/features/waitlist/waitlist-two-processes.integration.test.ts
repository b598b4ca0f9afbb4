/**
 * "Exactly one live offer per freed slot, whatever the number of processes": two real Node
 * processes (tests/setup/waitlist-offer-process.ts) on one PostgreSQL database offer the same
 * freed start, and pass the same expired hold on, at the same moment. The partial unique index on
 * live offers and SKIP LOCKED leave one offer each time, to one customer.
 *
 * PostgreSQL only (the embedded database is one process by design): runs when DATABASE_URL names a
 * server that answers, as in `npm run test:postgres`, and is skipped with the reason otherwise.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { waitlistEntries, waitlistOffers } from "@db/waitlist-schema";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/infra/db.server";
import { createConsultant, createUsersWithSessions } from "../../../tests/setup/factories";
import { inNewYork, NOW } from "../../../tests/setup/frozen-suite";
import { mailsOfKind } from "../../../tests/setup/payments";
import { createServerDatabase, whyNoPostgres } from "../../../tests/setup/test-database";

const run = promisify(execFile);

const postgresUrl = process.env.DATABASE_URL;
const skipReason = await whyNoPostgres(postgresUrl);
if (skipReason) console.warn(`waitlist two-process tests skipped: ${skipReason}`);

let database: { url: string; drop(): Promise<void> } | undefined;
let handle: DatabaseHandle | undefined;

beforeAll(async () => {
  if (skipReason) return;
  database = await createServerDatabase(postgresUrl!);
  handle = await openDatabase({ databaseUrl: database.url });
});
afterAll(async () => {
  await handle?.close();
  await database?.drop();
});

/** Runs both processes, each starting its work at the same moment; what each reports it did. */
async function bothAtOnce(work: "offer" | "pass-on", settings: Record<string, string>, now: Date) {
  const goAt = Date.now() + 2_500;
  const env = {
    ...process.env,
    DATABASE_URL: database!.url,
    GO_AT: String(goAt),
    NOW: String(now.getTime()),
    ...settings,
  };
  const outputs = await Promise.all(
    [1, 2].map(() =>
      run(process.execPath, ["--import", "tsx", "tests/setup/waitlist-offer-process.ts", work], { env }),
    ),
  );
  return outputs.map((output) => (JSON.parse(output.stdout) as { done: number }).done);
}

describe.skipIf(skipReason !== undefined)("two processes on PostgreSQL", () => {
  it("offer one freed slot once, and pass one expired hold on once", async () => {
    const db = handle!.db;
    const consultant = await createConsultant(db);
    const waiters = await createUsersWithSessions(db, 3, "two-process-waiter");
    for (const [index, waiter] of waiters.entries()) {
      await db.insert(waitlistEntries).values({
        userId: waiter.id,
        consultantId: consultant.id,
        day: "2027-05-04",
        createdAt: new Date(NOW.getTime() - (10 - index) * 1000),
      });
    }
    const startsAt = inNewYork("2027-05-04T15:00");

    const offered = await bothAtOnce(
      "offer",
      { CONSULTANT_ID: consultant.id, STARTS_AT: String(startsAt.getTime()) },
      NOW,
    );
    expect(offered.sort()).toEqual([0, 1]);
    const live = () =>
      db
        .select()
        .from(waitlistOffers)
        .where(and(eq(waitlistOffers.consultantId, consultant.id), eq(waitlistOffers.status, "live")));
    const [first] = await live();
    expect(first?.userId).toBe(waiters[0]!.id);
    expect(await mailsOfKind(db, waiters[0]!.email, "waitlist-offer")).toHaveLength(1);

    const afterHold = new Date(first!.expiresAt.getTime() + 1000);
    const passed = await bothAtOnce("pass-on", {}, afterHold);
    expect(passed.sort()).toEqual([0, 1]);
    const offers = await live();
    expect(offers.map((offer) => offer.userId)).toEqual([waiters[1]!.id]);
    expect(await mailsOfKind(db, waiters[1]!.email, "waitlist-offer")).toHaveLength(1);
    expect(await mailsOfKind(db, waiters[2]!.email, "waitlist-offer")).toHaveLength(0);
  }, 60_000);
});
