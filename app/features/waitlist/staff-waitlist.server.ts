import { consultants, users } from "@db/schema";
import { type WaitlistEntry, type WaitlistOffer, waitlistEntries } from "@db/waitlist-schema";
import { and, asc, eq, gte } from "drizzle-orm";
import type { Actor } from "~/features/audit/audit.server";
import type { Database } from "~/infra/db.server";
import { parseInput } from "~/lib/errors";
import { dayOfStart, offersOfEntries, type WaitlistSettings } from "./offers.server";
import { removeEntry } from "./waitlist.server";
import { staffRemovalSchema, staffWaitlistFilterSchema } from "./waitlist-schema";

/** Days shown when staff name none: from yesterday on, so a day just gone still shows its fates. */
const DAYS_BACK_BY_DEFAULT = 1;
const MAX_ROWS = 500;

export interface StaffWaitlistEntry extends WaitlistEntry {
  consultantName: string;
  customerName: string;
  customerEmail: string;
  /** Every offer made to this entry, newest first, with what became of it. */
  offers: WaitlistOffer[];
}

/**
 * The waitlist as staff see it: each entry, in queue order per consultant and day, with its
 * customer and every offer's fate. Narrowed to one consultant and one day when asked.
 */
export async function listStaffWaitlist(
  db: Database,
  query: unknown,
  context: { zone: string; now: Date },
): Promise<StaffWaitlistEntry[]> {
  const filter = staffWaitlistFilterSchema.parse(query ?? {});
  const since = dayOfStart(new Date(context.now.getTime() - DAYS_BACK_BY_DEFAULT * 86_400_000), context.zone);
  const rows = await db
    .select({
      entry: waitlistEntries,
      consultantName: consultants.name,
      customerName: users.name,
      customerEmail: users.email,
    })
    .from(waitlistEntries)
    .innerJoin(consultants, eq(consultants.id, waitlistEntries.consultantId))
    .innerJoin(users, eq(users.id, waitlistEntries.userId))
    .where(
      and(
        filter.consultantId ? eq(waitlistEntries.consultantId, filter.consultantId) : undefined,
        filter.day ? eq(waitlistEntries.day, filter.day) : gte(waitlistEntries.day, since),
      ),
    )
    .orderBy(asc(waitlistEntries.day), asc(consultants.name), asc(waitlistEntries.createdAt))
    .limit(MAX_ROWS);
  const offers = await offersOfEntries(
    db,
    rows.map((row) => row.entry.id),
  );
  const offersByEntry = new Map<string, WaitlistOffer[]>();
  for (const offer of offers)
    offersByEntry.set(offer.entryId, [...(offersByEntry.get(offer.entryId) ?? []), offer]);
  return rows.map((row) => ({
    ...row.entry,
    consultantName: row.consultantName,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    offers: offersByEntry.get(row.entry.id) ?? [],
  }));
}

/** Staff take someone off a waitlist with a reason (audited); a time held for them passes on. */
export async function staffRemoveWaitlistEntry(
  db: Database,
  entryId: unknown,
  input: unknown,
  staff: Actor,
  settings: WaitlistSettings,
  now: Date,
): Promise<void> {
  const { reason } = parseInput(staffRemovalSchema, input);
  await removeEntry(db, entryId, { kind: "staff", staff, reason }, settings, now);
}
