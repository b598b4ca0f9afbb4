/**
 * One process of app/features/waitlist/waitlist-two-processes.integration.test.ts: opens the
 * PostgreSQL database named by DATABASE_URL, waits for the moment GO_AT (ms), then either offers
 * the freed start STARTS_AT of CONSULTANT_ID (`offer`) or passes expired holds on (`pass-on`), as
 * every server process may at once, at the moment NOW. Prints how many it did, as JSON.
 */

import { offerFreedSlots, passOnExpiredOffers } from "~/features/waitlist/offers.server";
import { openDatabase } from "~/infra/db.server";
import { testWaitlist } from "./waitlist";

const zone = "America/New_York";
const settings = testWaitlist(zone, 600);
const now = new Date(Number(process.env.NOW));
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(process.env.GO_AT) - Date.now())));
const done =
  process.argv[2] === "offer"
    ? (
        await database.db.transaction((transaction) =>
          offerFreedSlots(
            transaction,
            process.env.CONSULTANT_ID!,
            [new Date(Number(process.env.STARTS_AT))],
            settings,
            now,
          ),
        )
      ).length
    : await passOnExpiredOffers(database.db, settings, now);
process.stdout.write(JSON.stringify({ done }));
await database.close();
