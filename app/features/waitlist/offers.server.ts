import { appointments, type Consultant, consultants, users } from "@db/schema";
import { type WaitlistOffer, waitlistEntries, waitlistOffers } from "@db/waitlist-schema";
import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import { calendarConflict } from "~/features/calendars/calendar-blocks.server";
import type { CalendarContext } from "~/features/calendars/calendar-context.server";
import { enqueueEmail } from "~/features/email/outbox.server";
import { waitlistOfferEmail } from "~/features/email/templates/waitlist-emails";
import { bookingGrid, isWorkingTime, slotProblem } from "~/features/slot-grid/slots";
import type { Database, Transaction } from "~/infra/db.server";
import { FeatureError } from "~/lib/errors";
import { rememberedZone } from "~/lib/remembered-zone";
import { WAITLIST_HELD_MESSAGE } from "./waitlist-schema";

/** What making an offer needs beyond the database (from settings: waitlistSettingsFrom). */
export interface WaitlistSettings {
  /** The agency's zone: an entry's day and the grid are read in it. */
  zone: string;
  /** WAITLIST_HOLD_SECONDS: how long a freed slot is held for one customer. */
  holdSeconds: number;
  /** PUBLIC_URL, for the claim link. */
  publicUrl: string;
}

export function waitlistSettingsFrom(env: {
  AGENCY_TZ: string;
  WAITLIST_HOLD_SECONDS: number;
  publicUrl: string;
}): WaitlistSettings {
  return { zone: env.AGENCY_TZ, holdSeconds: env.WAITLIST_HOLD_SECONDS, publicUrl: env.publicUrl };
}

/**
 * One slot's offers and bookings change one at a time: every transaction that offers, ends or
 * claims a slot's offer, or books the slot, takes this lock first (held to its commit). Row locks
 * alone cannot do it: a booking and an offer made at once would each miss the other's new row.
 */
export async function lockSlot(
  transaction: Transaction,
  consultantId: string,
  startsAt: Date,
): Promise<void> {
  await transaction.execute(sql`select pg_advisory_xact_lock(${slotLockKey(consultantId, startsAt)})`);
}

/** The slot's lock if nobody holds it (another process is passing it on: let it). */
async function tryLockSlot(transaction: Transaction, consultantId: string, startsAt: Date): Promise<boolean> {
  const result = await transaction.execute(
    sql`select pg_try_advisory_xact_lock(${slotLockKey(consultantId, startsAt)}) as locked`,
  );
  return (result as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked === true;
}

function slotLockKey(consultantId: string, startsAt: Date) {
  return sql`hashtextextended(${`waitlist-slot ${consultantId.toLowerCase()} ${startsAt.toISOString()}`}, 0)`;
}

/** A freed slot is only offered while there is time to claim it. */
const SHORTEST_HOLD_MS = 60_000;

/** The calendar day (agency zone, YYYY-MM-DD) a slot start belongs to. */
export function dayOfStart(startsAt: Date, zone: string): string {
  return DateTime.fromJSDate(startsAt, { zone: rememberedZone(zone) }).toISODate()!;
}

/**
 * Offers each freed start of a consultant to the first customer waiting for its day, inside the
 * transaction that freed it (a cancellation, a move away, a calendar sync), so the offer and its
 * e-mail commit with the change and nobody else can book the slot in between. A start is offered
 * only if it is still bookable by every rule (on the grid, ahead, the consultant working and
 * available then, no appointment, the calendar allowing it). The queue's first entry is taken
 * with SKIP LOCKED, so concurrent freeings pick different customers; the live-offer index settles
 * two processes offering the same start. Returns the offers made.
 */
export async function offerFreedSlots(
  transaction: Transaction,
  consultantId: string,
  starts: readonly (Date | number)[],
  settings: WaitlistSettings,
  now: Date,
): Promise<WaitlistOffer[]> {
  const made: WaitlistOffer[] = [];
  if (starts.length === 0) return made;
  const [consultant] = await transaction.select().from(consultants).where(eq(consultants.id, consultantId));
  if (!consultant?.available || consultant.archivedAt) return made;
  for (const start of starts) {
    const startsAt = new Date(start);
    if (startsAt.getTime() - now.getTime() < SHORTEST_HOLD_MS) continue;
    if (slotProblem(startsAt, { now, zone: settings.zone })) continue;
    const wallClock = DateTime.fromJSDate(startsAt, { zone: rememberedZone(settings.zone) });
    if (!isWorkingTime(wallClock, consultant)) continue;
    await lockSlot(transaction, consultantId, startsAt);
    if (!(await slotIsFree(transaction, consultantId, startsAt, now))) continue;
    const [entry] = await transaction
      .select()
      .from(waitlistEntries)
      .where(
        and(
          eq(waitlistEntries.consultantId, consultantId),
          eq(waitlistEntries.day, wallClock.toISODate()!),
          eq(waitlistEntries.status, "waiting"),
        ),
      )
      .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!entry) continue;
    const expiresAt = new Date(Math.min(now.getTime() + settings.holdSeconds * 1000, startsAt.getTime()));
    const [offer] = await transaction
      .insert(waitlistOffers)
      .values({
        entryId: entry.id,
        userId: entry.userId,
        consultantId,
        startsAt,
        expiresAt,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    // Another process offered this start a moment ago: the entry stays first in the queue.
    if (!offer) continue;
    await transaction
      .update(waitlistEntries)
      .set({ status: "offered" })
      .where(eq(waitlistEntries.id, entry.id));
    const [customer] = await transaction.select().from(users).where(eq(users.id, entry.userId));
    await enqueueEmail(
      transaction,
      waitlistOfferEmail({
        customer: customer!,
        consultantName: consultant.name,
        startsAt,
        expiresAt,
        zone: settings.zone,
        claimUrl: `${settings.publicUrl}/my-appointments#waitlist`,
      }),
    );
    made.push(offer);
  }
  return made;
}

/**
 * A change of the consultant's schedule (working hours, days off, bookings switched back on, a
 * restore) that opens times on days customers wait for offers them as freed ones, inside the
 * change's transaction; `before` and `after` are the consultant's row either side of it.
 */
export async function offerTimesOpenedBySchedule(
  transaction: Transaction,
  before: Consultant,
  after: Consultant,
  settings: WaitlistSettings,
  now: Date,
): Promise<WaitlistOffer[]> {
  if (!after.available || after.archivedAt) return [];
  const waited = await transaction
    .selectDistinct({ day: waitlistEntries.day })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.consultantId, after.id), eq(waitlistEntries.status, "waiting")));
  if (waited.length === 0) return [];
  const waitedDays = new Set(waited.map(({ day }) => day));
  const wasOpen = (start: DateTime) => before.available && !before.archivedAt && isWorkingTime(start, before);
  const opened = bookingGrid({ now, zone: settings.zone })
    .filter((day) => waitedDays.has(day.date))
    .flatMap((day) => day.starts)
    .filter((start) => !wasOpen(start) && isWorkingTime(start, after))
    .map((start) => start.toMillis());
  return offerFreedSlots(transaction, after.id, opened, settings, now);
}

/** No active appointment, no live offer, and the consultant's calendar allows it. */
async function slotIsFree(
  transaction: Transaction,
  consultantId: string,
  startsAt: Date,
  now: Date,
): Promise<boolean> {
  const [booked] = await transaction
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.consultantId, consultantId),
        eq(appointments.startsAt, startsAt),
        isNull(appointments.cancelledAt),
      ),
    )
    .limit(1);
  if (booked) return false;
  if (await liveOfferAt(transaction, consultantId, startsAt)) return false;
  return (await calendarConflict(transaction, consultantId, startsAt, now)) === undefined;
}

/** The live offer holding one slot, if any (the partial unique index allows one). */
async function liveOfferAt(
  transaction: Transaction,
  consultantId: string,
  startsAt: Date,
): Promise<WaitlistOffer | undefined> {
  const [offer] = await transaction
    .select()
    .from(waitlistOffers)
    .where(
      and(
        eq(waitlistOffers.consultantId, consultantId),
        eq(waitlistOffers.startsAt, startsAt),
        eq(waitlistOffers.status, "live"),
      ),
    );
  return offer;
}

/** The offers made to these entries, newest first; the live ones only when asked. */
export async function offersOfEntries(
  db: Database,
  entryIds: readonly string[],
  options: { liveOnly?: boolean } = {},
): Promise<WaitlistOffer[]> {
  if (entryIds.length === 0) return [];
  return db
    .select()
    .from(waitlistOffers)
    .where(
      and(
        inArray(waitlistOffers.entryId, [...entryIds]),
        options.liveOnly ? eq(waitlistOffers.status, "live") : undefined,
      ),
    )
    .orderBy(desc(waitlistOffers.createdAt));
}

/**
 * Inside a booking's (or a move's) transaction: a slot held for another customer is refused (409);
 * the holder's own booking claims it, ending the offer and their entry. Nothing held: nothing to do.
 */
export async function settleHeldSlot(
  transaction: Transaction,
  consultantId: string,
  startsAt: Date,
  userId: string,
  now: Date,
): Promise<void> {
  await lockSlot(transaction, consultantId, startsAt);
  const offer = await liveOfferAt(transaction, consultantId, startsAt);
  if (!offer) return;
  if (offer.userId !== userId) {
    throw new FeatureError("conflict", WAITLIST_HELD_MESSAGE, { startsAt: WAITLIST_HELD_MESSAGE });
  }
  if (offer.expiresAt <= now) {
    throw new FeatureError(
      "conflict",
      "Your hold on this time has ended, so it has gone to the next person on the waitlist.",
    );
  }
  await transaction
    .update(waitlistOffers)
    .set({ status: "claimed", endedAt: now })
    .where(eq(waitlistOffers.id, offer.id));
  await transaction
    .update(waitlistEntries)
    .set({ status: "booked", endedAt: now })
    .where(eq(waitlistEntries.id, offer.entryId));
}

/** Starts (ms) after `now` held by live offers, by consultant id: nobody else may book them. */
export async function heldStarts(
  db: Database,
  consultantIds: readonly string[] | "all",
  now: Date,
): Promise<Map<string, Set<number>>> {
  const rows = await db
    .select({ consultantId: waitlistOffers.consultantId, startsAt: waitlistOffers.startsAt })
    .from(waitlistOffers)
    .where(
      and(
        eq(waitlistOffers.status, "live"),
        gt(waitlistOffers.startsAt, now),
        consultantIds === "all" ? undefined : inArray(waitlistOffers.consultantId, [...consultantIds]),
      ),
    );
  const byConsultant = new Map<string, Set<number>>();
  for (const row of rows) {
    const starts = byConsultant.get(row.consultantId) ?? new Set<number>();
    starts.add(row.startsAt.getTime());
    byConsultant.set(row.consultantId, starts);
  }
  return byConsultant;
}

/** Offers handled per round of the pass-on worker; the rest wait for the next round. */
const PASS_ON_BATCH = 50;

/**
 * Ends the holds that ran out unclaimed (the entry has had its one chance) and offers each slot to
 * the next customer waiting for its day, one transaction per slot under the slot's lock, so every
 * process may run it and each hold is passed on once. Also closes entries whose day has gone by. Returns how many offers it passed on.
 */
export async function passOnExpiredOffers(
  db: Database,
  settings: WaitlistSettings,
  now: Date,
): Promise<number> {
  const today = dayOfStart(now, settings.zone);
  await db
    .update(waitlistEntries)
    .set({ status: "expired", endedAt: now })
    .where(and(eq(waitlistEntries.status, "waiting"), lt(waitlistEntries.day, today)));
  const expired = await db
    .select()
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.status, "live"), lte(waitlistOffers.expiresAt, now)))
    .orderBy(asc(waitlistOffers.expiresAt))
    .limit(PASS_ON_BATCH);
  let passed = 0;
  // One transaction per slot, under its lock: a slot another process is passing on is left to it.
  for (const candidate of expired) {
    passed += await db.transaction(async (transaction) => {
      if (!(await tryLockSlot(transaction, candidate.consultantId, candidate.startsAt))) return 0;
      const [offer] = await transaction
        .select()
        .from(waitlistOffers)
        .where(and(eq(waitlistOffers.id, candidate.id), eq(waitlistOffers.status, "live")));
      if (!offer) return 0;
      await endOffer(transaction, offer, "passed", "missed", now);
      await offerFreedSlots(transaction, offer.consultantId, [offer.startsAt], settings, now);
      return 1;
    });
  }
  return passed;
}

/** Ends a live offer and its entry as one change. */
export async function endOffer(
  transaction: Transaction,
  offer: Pick<WaitlistOffer, "id" | "entryId">,
  offerStatus: "passed" | "declined",
  entryStatus: "missed" | "removed",
  now: Date,
): Promise<void> {
  await transaction
    .update(waitlistOffers)
    .set({ status: offerStatus, endedAt: now })
    .where(eq(waitlistOffers.id, offer.id));
  await transaction
    .update(waitlistEntries)
    .set({ status: entryStatus, endedAt: now })
    .where(eq(waitlistEntries.id, offer.entryId));
}

/** What a calendar sync is handed so the slots it frees are offered to the waitlist. */
export function offerTimesFreedByCalendar(settings: WaitlistSettings): CalendarContext["onBusyTimesFreed"] {
  return async (transaction, consultantId, starts, now) => {
    await offerFreedSlots(transaction, consultantId, starts, settings, now);
  };
}
