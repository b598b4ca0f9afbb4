import { consultants, users } from "@db/schema";
import {
  type WaitlistEntryStatus,
  type WaitlistOfferStatus,
  waitlistEntries,
  waitlistOffers,
} from "@db/waitlist-schema";
import { and, asc, count, eq, gte, inArray } from "drizzle-orm";
import { type Actor, recordAudit } from "~/features/audit/audit.server";
import { bookingGrid, isWorkingTime, type WorkingTime } from "~/features/slot-grid/slots";
import type { Database } from "~/infra/db.server";
import { consumeRateLimit } from "~/infra/rate-limit.server";
import { FeatureError, isUniqueViolation, parseInput } from "~/lib/errors";
import { isUuid } from "~/lib/record-id";
import {
  dayOfStart,
  endOffer,
  lockSlot,
  offerFreedSlots,
  offersOfEntries,
  type WaitlistSettings,
} from "./offers.server";
import { joinWaitlistSchema, MAX_OPEN_ENTRIES, WAITLIST_ENTRY_NOT_FOUND } from "./waitlist-schema";

const OPEN_STATUSES: WaitlistEntryStatus[] = ["waiting", "offered"];
/** Joins a minute per customer: enough for any person, too few for a script. */
const JOINS_PER_MINUTE = 10;

/**
 * Puts the customer on a consultant's waitlist for one day of the booking window. The day must
 * still have times the consultant works; at most MAX_OPEN_ENTRIES open entries per customer, one
 * per consultant and day. Held under the customer's row lock, so the limit holds under concurrency.
 */
export async function joinWaitlist(
  db: Database,
  userId: string,
  input: unknown,
  context: { zone: string; now: Date },
) {
  const { now, zone } = context;
  await consumeRateLimit(
    db,
    { key: `waitlist:user:${userId}`, limit: JOINS_PER_MINUTE, windowSeconds: 60 },
    now,
  );
  const request = parseInput(joinWaitlistSchema, input);
  const consultant = isUuid(request.docId)
    ? (await db.select().from(consultants).where(eq(consultants.id, request.docId)))[0]
    : undefined;
  if (!consultant || consultant.archivedAt)
    throw new FeatureError("not-found", "We could not find that consultant.");
  if (!consultant.available) {
    throw new FeatureError("conflict", "This consultant is not taking bookings at the moment.");
  }
  if (!bookingGrid({ now, zone }).some((gridDay) => gridDay.date === request.day)) {
    const message = "Please choose one of the next seven days.";
    throw new FeatureError("invalid", message, { day: message });
  }
  if (!waitlistDays(consultant, { zone, now }).includes(request.day)) {
    const message = `${consultant.name} takes no appointments on that day. Please choose another day.`;
    throw new FeatureError("conflict", message, { day: message });
  }
  try {
    return await db.transaction(async (transaction) => {
      const [user] = await transaction
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, userId))
        .for("update");
      if (!user) throw new FeatureError("unauthenticated", "Not authorized. Please log in again.");
      const [open] = await transaction
        .select({ total: count() })
        .from(waitlistEntries)
        .where(
          and(
            eq(waitlistEntries.userId, userId),
            inArray(waitlistEntries.status, OPEN_STATUSES),
            gte(waitlistEntries.day, dayOfStart(now, zone)),
          ),
        );
      if ((open?.total ?? 0) >= MAX_OPEN_ENTRIES) {
        throw new FeatureError(
          "conflict",
          `You are already waiting for ${MAX_OPEN_ENTRIES} days. Please remove one in My Appointments before adding another.`,
        );
      }
      const [entry] = await transaction
        .insert(waitlistEntries)
        .values({ userId, consultantId: consultant.id, day: request.day, createdAt: now })
        .returning();
      return { entry: entry!, consultantName: consultant.name };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new FeatureError("conflict", "You are already on the waitlist for that day.");
    }
    throw error;
  }
}

/** The days of the booking window a customer may wait for: those with working time of the consultant still ahead. */
export function waitlistDays(consultant: WorkingTime, context: { zone: string; now: Date }): string[] {
  return bookingGrid(context)
    .filter((day) => day.starts.some((start) => isWorkingTime(start, consultant)))
    .map((day) => day.date);
}

export interface OwnWaitlistEntry {
  id: string;
  consultantId: string;
  consultantName: string;
  day: string;
  status: WaitlistEntryStatus;
  createdAt: Date;
  /** The time held for the customer now, if any. */
  offer: { startsAt: Date; expiresAt: Date } | null;
}

/** The customer's entries for today and the days ahead, open ones first, each day in order. */
export async function listOwnWaitlist(
  db: Database,
  userId: string,
  context: { zone: string; now: Date },
): Promise<OwnWaitlistEntry[]> {
  const rows = await db
    .select({
      id: waitlistEntries.id,
      consultantId: waitlistEntries.consultantId,
      consultantName: consultants.name,
      day: waitlistEntries.day,
      status: waitlistEntries.status,
      createdAt: waitlistEntries.createdAt,
    })
    .from(waitlistEntries)
    .innerJoin(consultants, eq(consultants.id, waitlistEntries.consultantId))
    .where(
      and(
        eq(waitlistEntries.userId, userId),
        gte(waitlistEntries.day, dayOfStart(context.now, context.zone)),
      ),
    )
    .orderBy(asc(waitlistEntries.day), asc(waitlistEntries.createdAt));
  const offers = await offersOfEntries(
    db,
    rows.map((row) => row.id),
    { liveOnly: true },
  );
  const liveByEntry = new Map(offers.map((offer) => [offer.entryId, offer]));
  const isOpen = (status: WaitlistEntryStatus) => OPEN_STATUSES.includes(status);
  return rows
    .map((row) => {
      const live = liveByEntry.get(row.id);
      return { ...row, offer: live ? { startsAt: live.startsAt, expiresAt: live.expiresAt } : null };
    })
    .sort((first, second) => Number(isOpen(second.status)) - Number(isOpen(first.status)));
}

/**
 * The customer leaves a waitlist. A time held for them goes to the next customer at once, in the
 * same transaction. Someone else's entry is "not found"; one already ended cannot be removed.
 */
export function leaveWaitlist(
  db: Database,
  userId: string,
  entryId: unknown,
  settings: WaitlistSettings,
  now: Date,
): Promise<void> {
  return removeEntry(db, entryId, { kind: "customer", userId }, settings, now);
}

/** Who removes an entry: its customer, or staff (audited, with a reason). */
export type EntryRemover =
  | { kind: "customer"; userId: string }
  | { kind: "staff"; staff: Actor; reason: string };

/** Ends an open entry; a live offer of it is declined and offered to the next customer waiting. */
export async function removeEntry(
  db: Database,
  entryId: unknown,
  remover: EntryRemover,
  settings: WaitlistSettings,
  now: Date,
): Promise<void> {
  if (!isUuid(entryId)) throw new FeatureError("not-found", WAITLIST_ENTRY_NOT_FOUND);
  await db.transaction(async (transaction) => {
    const ownEntry = and(
      eq(waitlistEntries.id, entryId),
      remover.kind === "customer" ? eq(waitlistEntries.userId, remover.userId) : undefined,
    );
    const liveOfferOf = (id: string) =>
      transaction
        .select()
        .from(waitlistOffers)
        .where(
          and(
            eq(waitlistOffers.entryId, id),
            eq(waitlistOffers.status, "live"),
            remover.kind === "customer" ? eq(waitlistOffers.userId, remover.userId) : undefined,
          ),
        );
    // The slot's lock before the entry's row, in the order every other change of an offer takes them.
    const [held] = await liveOfferOf(entryId);
    if (held) await lockSlot(transaction, held.consultantId, held.startsAt);
    const [entry] = await transaction.select().from(waitlistEntries).where(ownEntry).for("update");
    if (!entry) throw new FeatureError("not-found", WAITLIST_ENTRY_NOT_FOUND);
    if (!OPEN_STATUSES.includes(entry.status)) {
      throw new FeatureError("conflict", "This waitlist entry has already ended.");
    }
    const [offer] = await liveOfferOf(entry.id);
    if (offer && offer.id !== held?.id) {
      // Offered a moment ago, under a lock this transaction does not hold.
      throw new FeatureError(
        "conflict",
        "A time was just offered to you. Please reload the page and try again.",
      );
    }
    if (offer) {
      await endOffer(transaction, offer, "declined", "removed", now);
      await offerFreedSlots(transaction, offer.consultantId, [offer.startsAt], settings, now);
    } else {
      await transaction
        .update(waitlistEntries)
        .set({ status: "removed", endedAt: now })
        .where(eq(waitlistEntries.id, entry.id));
    }
    if (remover.kind === "staff") {
      await recordAudit(
        transaction,
        remover.staff,
        {
          action: "waitlist.remove",
          targetType: "waitlist_entry",
          targetId: entry.id,
          summary: `Removed from the waitlist for ${entry.day}: ${remover.reason}`,
          before: { status: entry.status },
          after: { status: "removed", reason: remover.reason },
        },
        now,
      );
    }
  });
}

/** What an entry's status means to the customer. */
export const entryStatusLabels: Record<WaitlistEntryStatus, string> = {
  waiting: "Waiting",
  offered: "A time is held for you",
  booked: "Booked",
  missed: "The held time passed to the next person",
  removed: "Removed",
  expired: "The day has passed",
};

/** What became of an offer, as staff read it. */
export const offerStatusLabels: Record<WaitlistOfferStatus, string> = {
  live: "Held",
  claimed: "Claimed (booked)",
  passed: "Not claimed in time: passed on",
  declined: "Declined by the customer",
};
