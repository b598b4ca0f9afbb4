import type { Appointment } from "@db/schema";
import { waitlistEntries, waitlistOffers } from "@db/waitlist-schema";
import { and, eq } from "drizzle-orm";
import { WAITLIST_ENTRY_NOT_FOUND } from "~/features/waitlist/waitlist-schema";
import type { Database } from "~/infra/db.server";
import { FeatureError } from "~/lib/errors";
import { isUuid } from "~/lib/record-id";
import { type BookingContext, bookAppointment } from "./booking.server";

/**
 * The customer claims the time held for their waitlist entry: it is booked by every booking rule
 * (the unpaid limit, the rate limit, the calendar), and the booking's transaction ends the offer
 * (settleHeldSlot). `isChosenTime`, when given, must accept the held time, so a stale page or
 * client books nothing else. The kept facts are left out: they list the held time as taken, for everyone.
 */
export async function claimWaitlistOffer(
  db: Database,
  userId: string,
  entryId: unknown,
  isChosenTime: ((startsAt: Date) => boolean) | undefined,
  context: BookingContext,
): Promise<Appointment> {
  if (!isUuid(entryId)) throw new FeatureError("not-found", WAITLIST_ENTRY_NOT_FOUND);
  const [entry] = await db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.id, entryId), eq(waitlistEntries.userId, userId)));
  if (!entry) throw new FeatureError("not-found", WAITLIST_ENTRY_NOT_FOUND);
  const [offer] = await db
    .select()
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.entryId, entry.id), eq(waitlistOffers.status, "live")));
  if (!offer) {
    throw new FeatureError(
      "conflict",
      entry.status === "booked"
        ? "You have already booked the time held for you."
        : "No time is held for you on this waitlist entry just now.",
    );
  }
  if (isChosenTime && !isChosenTime(offer.startsAt)) {
    throw new FeatureError("conflict", "That is not the time held for you. Please claim the time shown.");
  }
  return bookAppointment(
    db,
    userId,
    { docId: offer.consultantId, startsAt: offer.startsAt },
    { ...context, facts: undefined },
  );
}
