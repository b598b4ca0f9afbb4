import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { consultants, users } from "./schema";

export const waitlistEntryStatuses = [
  "waiting",
  "offered",
  "booked",
  "missed",
  "removed",
  "expired",
] as const;
export type WaitlistEntryStatus = (typeof waitlistEntryStatuses)[number];

export const waitlistOfferStatuses = ["live", "claimed", "passed", "declined"] as const;
export type WaitlistOfferStatus = (typeof waitlistOfferStatuses)[number];

/**
 * A customer waiting for a time of one consultant's day to free up. Entries of a day are served
 * in the order they were made (created_at); an entry gets one offer (see docs/decisions/0044).
 */
export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    consultantId: uuid("consultant_id")
      .notNull()
      .references(() => consultants.id, { onDelete: "cascade" }),
    /** The calendar day in the agency's zone, YYYY-MM-DD. */
    day: text("day").notNull(),
    status: text("status", { enum: waitlistEntryStatuses }).notNull().default("waiting"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("waitlist_entries_open_key")
      .on(table.userId, table.consultantId, table.day)
      .where(sql`${table.status} in ('waiting', 'offered')`),
    index("waitlist_entries_queue_idx")
      .on(table.consultantId, table.day, table.createdAt)
      .where(sql`${table.status} = 'waiting'`),
    index("waitlist_entries_user_idx").on(table.userId, table.day),
    check(
      "waitlist_entries_status_known",
      sql`${table.status} in ('waiting', 'offered', 'booked', 'missed', 'removed', 'expired')`,
    ),
  ],
);

/**
 * A freed slot held for one entry until `expires_at`. The partial unique indexes make "one live
 * offer per slot" and "one live offer per entry" hold across every process.
 */
export const waitlistOffers = pgTable(
  "waitlist_offers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    entryId: uuid("entry_id")
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: "cascade" }),
    /** The entry's customer and consultant, so a booking's check reads one row. */
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    consultantId: uuid("consultant_id")
      .notNull()
      .references(() => consultants.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    status: text("status", { enum: waitlistOfferStatuses }).notNull().default("live"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("waitlist_offers_live_slot_key")
      .on(table.consultantId, table.startsAt)
      .where(sql`${table.status} = 'live'`),
    uniqueIndex("waitlist_offers_live_entry_key").on(table.entryId).where(sql`${table.status} = 'live'`),
    index("waitlist_offers_expiry_idx").on(table.expiresAt).where(sql`${table.status} = 'live'`),
    index("waitlist_offers_entry_idx").on(table.entryId),
    index("waitlist_offers_consultant_idx").on(table.consultantId, table.startsAt),
    check("waitlist_offers_status_known", sql`${table.status} in ('live', 'claimed', 'passed', 'declined')`),
  ],
);

export type WaitlistEntry = typeof waitlistEntries.$inferSelect;
export type WaitlistOffer = typeof waitlistOffers.$inferSelect;
