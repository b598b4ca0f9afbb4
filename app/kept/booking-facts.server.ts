import type { Appointment } from "@db/schema";
import { type BookingFacts, SLOT_TAKEN_MESSAGE } from "~/features/booking/booking.server";
import { findConsultant, takenStarts } from "~/features/consultants/consultants.server";
import type { Database } from "~/infra/db.server";
import { FeatureError } from "~/lib/errors";
import { catalogueKeys, type KeptCatalogue } from "./catalogue.server";

/**
 * Booking attempts' facts from the kept catalogue (forgotten whenever a consultant or an
 * appointment changes), and attempts at one slot in this process one at a time: while one is under
 * way the others wait for its outcome, and if it booked the slot they are told so without asking
 * the database. Before, in a rush for a few slots, each loser queried twice and, on PostgreSQL,
 * queued on the unique index behind the winner's transaction. The index still settles races
 * between processes.
 */
export function keptBookingFacts(
  catalogue: Pick<KeptCatalogue, "consultants" | "takenStarts">,
  db: Database,
): BookingFacts {
  const attemptsUnderWay = new Map<string, Promise<Appointment>>();
  return {
    consultant: (consultantId) =>
      catalogue.consultants.get(catalogueKeys.consultant(consultantId), () =>
        findConsultant(db, consultantId),
      ),
    takenStarts: (consultantId, now) =>
      catalogue.takenStarts.get(catalogueKeys.consultant(consultantId), () =>
        takenStarts(db, consultantId, now),
      ),
    async oneAtATime(slot, attempt) {
      for (let ahead = attemptsUnderWay.get(slot); ahead; ahead = attemptsUnderWay.get(slot)) {
        const booked = await ahead.then(
          () => true,
          () => false,
        );
        if (booked) throw new FeatureError("conflict", SLOT_TAKEN_MESSAGE, { startsAt: SLOT_TAKEN_MESSAGE });
      }
      const underWay = attempt();
      attemptsUnderWay.set(slot, underWay);
      try {
        return await underWay;
      } finally {
        if (attemptsUnderWay.get(slot) === underWay) attemptsUnderWay.delete(slot);
      }
    },
  };
}
