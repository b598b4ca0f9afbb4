import { appointments, consultants, users } from "@db/schema";
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "~/infra/db.server";
import { consumeRateLimit } from "~/infra/rate-limit.server";
import { consultantOfFeedToken } from "./calendar-connections.server";
import { consultantFeed } from "./calendar-event";

/** Appointments that ended this long ago still show in the feed, so the week just past reads whole. */
const FEED_LOOK_BACK_MS = 30 * 24 * 60 * 60_000;
/**
 * Calendar apps read a feed every few minutes at most, so this leaves room for every consultant an
 * agency has behind one calendar service's address, and makes guessing addresses slow.
 */
const FEED_READS_PER_ADDRESS_PER_MINUTE = 60;

/**
 * The consultant's private feed for the address's token: their active appointments from a month
 * back on, each with the customer's name and the meeting link only. Undefined for a token that is
 * unknown or was rotated away; a `rate-limited` FeatureError past the reads one address may make.
 */
export async function consultantFeedFor(
  db: Database,
  request: { token: string; clientAddress: string },
  now = new Date(),
): Promise<string | undefined> {
  const { token, clientAddress } = request;
  await consumeRateLimit(
    db,
    { key: `calendar-feed:ip:${clientAddress}`, limit: FEED_READS_PER_ADDRESS_PER_MINUTE, windowSeconds: 60 },
    now,
  );
  const consultantId = await consultantOfFeedToken(db, token);
  if (!consultantId) return undefined;
  const [consultant] = await db
    .select({ name: consultants.name })
    .from(consultants)
    .where(eq(consultants.id, consultantId));
  const rows = await db
    .select({
      id: appointments.id,
      startsAt: appointments.startsAt,
      calendarSequence: appointments.calendarSequence,
      meetingUrl: appointments.meetingUrl,
      cancelledAt: appointments.cancelledAt,
      customerName: users.name,
    })
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.userId))
    .where(
      and(
        eq(appointments.consultantId, consultantId),
        isNull(appointments.cancelledAt),
        gt(appointments.startsAt, new Date(now.getTime() - FEED_LOOK_BACK_MS)),
      ),
    )
    .orderBy(asc(appointments.startsAt));
  return consultantFeed(consultant?.name ?? "Consultant", rows, now);
}
