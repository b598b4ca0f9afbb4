import { outbox } from "@db/schema";
import { waitlistOffers } from "@db/waitlist-schema";
import { and, eq } from "drizzle-orm";
import { bookAppointment } from "~/features/booking/booking.server";
import { cancelAppointment } from "~/features/booking/cancellation.server";
import { bookingGrid } from "~/features/slot-grid/slots";
import { joinWaitlist } from "~/features/waitlist/waitlist.server";
import { type Database, openDatabase } from "~/infra/db.server";
import { createConsultant, createUsersWithSessions, type DirectUser } from "../../tests/setup/factories";
import { createServerDatabase } from "../../tests/setup/test-database";
import { benchBookingContext } from "../lib/booking-context";
import { integer, met, percentile, table } from "../lib/format";
import type { BenchSection } from "../lib/section";

const ZONE = "America/New_York";
const ROUNDS = 60;
const WAITING = 200;
const CANCELLATIONS = 20;

/** The grid's starts of the window's third day (22 half hours), and that day. */
function dayAhead(): { day: string; starts: Date[] } {
  const grid = bookingGrid({ now: new Date(), zone: ZONE })[2]!;
  return { day: grid.date, starts: grid.starts.map((start) => start.toJSDate()) };
}

async function offerMailsTo(db: Database, email: string): Promise<number> {
  const rows = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.recipient, email), eq(outbox.kind, "waitlist-offer")));
  return rows.length;
}

/** Cancellation to the offer's e-mail in the outbox, one waiting customer per freed slot, ROUNDS times. */
async function cancellationToOffer(db: Database): Promise<number[]> {
  const { day, starts } = dayAhead();
  const bookers = await createUsersWithSessions(db, ROUNDS, "bench-waitlist-booker");
  const waiters = await createUsersWithSessions(db, ROUNDS, "bench-waitlist-waiter");
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // A consultant per round, so each round frees a slot with exactly one customer waiting.
    const consultant = await createConsultant(db);
    const booked = await bookAppointment(
      db,
      bookers[round]!.id,
      { docId: consultant.id, startsAt: starts[round % starts.length]! },
      benchBookingContext(ZONE),
    );
    await joinWaitlist(
      db,
      waiters[round]!.id,
      { docId: consultant.id, day },
      { zone: ZONE, now: new Date() },
    );
    const started = performance.now();
    await cancelAppointment(db, bookers[round]!.id, { appointmentId: booked.id }, benchBookingContext(ZONE));
    while ((await offerMailsTo(db, waiters[round]!.email)) === 0) {
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    times.push(performance.now() - started);
  }
  return times.sort((first, second) => first - second);
}

/** WAITING customers on one day, CANCELLATIONS of that day at once: who is offered what. */
async function rush(db: Database) {
  const { day, starts } = dayAhead();
  const consultant = await createConsultant(db);
  const waiters = await createUsersWithSessions(db, WAITING, "bench-waitlist-rush");
  for (const waiter of waiters) {
    await joinWaitlist(db, waiter.id, { docId: consultant.id, day }, { zone: ZONE, now: new Date() });
  }
  const bookers = await createUsersWithSessions(db, CANCELLATIONS, "bench-waitlist-rush-booker");
  const booked = await Promise.all(
    bookers.map((booker, index) =>
      bookAppointment(
        db,
        booker.id,
        { docId: consultant.id, startsAt: starts[index]! },
        benchBookingContext(ZONE),
      ),
    ),
  );
  const started = performance.now();
  await Promise.all(
    booked.map((appointment, index) =>
      cancelAppointment(db, bookers[index]!.id, { appointmentId: appointment.id }, benchBookingContext(ZONE)),
    ),
  );
  const elapsed = performance.now() - started;
  const offers = await db
    .select()
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.consultantId, consultant.id), eq(waitlistOffers.status, "live")));
  const mailsPerWaiter = await Promise.all(
    waiters.map((waiter: DirectUser) => offerMailsTo(db, waiter.email)),
  );
  const firstInLine = new Set(waiters.slice(0, CANCELLATIONS).map((waiter) => waiter.id));
  return {
    elapsed,
    offers: offers.length,
    distinctCustomers: new Set(offers.map((offer) => offer.userId)).size,
    distinctSlots: new Set(offers.map((offer) => offer.startsAt.getTime())).size,
    firstInLine: offers.filter((offer) => firstInLine.has(offer.userId)).length,
    mailed: mailsPerWaiter.filter((count) => count > 0).length,
    mailedTwice: mailsPerWaiter.filter((count) => count > 1).length,
  };
}

export const waitlistSection: BenchSection = {
  name: "waitlist",
  title: "Waitlist: from a cancellation to the offer's e-mail, and a rush of cancellations on one day",
  async run() {
    // An embedded database in memory, migrated on opening; or a fresh one on DATABASE_URL's server.
    const created = process.env.DATABASE_URL
      ? await createServerDatabase(process.env.DATABASE_URL)
      : undefined;
    const database = await openDatabase({ databaseUrl: created?.url });
    try {
      console.log(
        `On ${created ? "PostgreSQL (DATABASE_URL)" : "the embedded database"}; the features called directly, each cancellation one transaction with its offer and e-mail.\n`,
      );
      const times = await cancellationToOffer(database.db);
      console.log(
        table(
          ["cancellation → offer e-mail in the outbox", "runs", "p50 ms", "p95 ms", "max ms"],
          [
            [
              "one customer waiting",
              integer(times.length),
              percentile(times, 0.5).toFixed(1),
              percentile(times, 0.95).toFixed(1),
              times.at(-1)!.toFixed(1),
            ],
          ],
        ),
      );
      const outcome = await rush(database.db);
      console.log("");
      console.log(
        table(
          [`${WAITING} waiting, ${CANCELLATIONS} cancellations at once`, "figure", "target", "met"],
          [
            [
              "live offers",
              integer(outcome.offers),
              integer(CANCELLATIONS),
              met(outcome.offers === CANCELLATIONS),
            ],
            [
              "different customers",
              integer(outcome.distinctCustomers),
              integer(CANCELLATIONS),
              met(outcome.distinctCustomers === CANCELLATIONS),
            ],
            [
              "different slots",
              integer(outcome.distinctSlots),
              integer(CANCELLATIONS),
              met(outcome.distinctSlots === CANCELLATIONS),
            ],
            [
              "offers to the first in line",
              integer(outcome.firstInLine),
              integer(CANCELLATIONS),
              met(outcome.firstInLine === CANCELLATIONS),
            ],
            [
              "customers e-mailed",
              integer(outcome.mailed),
              integer(CANCELLATIONS),
              met(outcome.mailed === CANCELLATIONS),
            ],
            ["customers e-mailed twice", integer(outcome.mailedTwice), "0", met(outcome.mailedTwice === 0)],
            [`time for all ${CANCELLATIONS} (ms)`, integer(outcome.elapsed), "", ""],
          ],
        ),
      );
    } finally {
      await database.close();
      await created?.drop();
    }
  },
};
