import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { appointments, consultants } from "./schema";

/**
 * The one calendar a consultant connected: CalDAV (busy times in, bookings out) or a read-only
 * ICS address (busy times in). Its secret (the CalDAV password, or the ICS address, which often
 * holds a private token) is sealed like KYC details and never shown back.
 */
export const consultantCalendars = pgTable(
  "consultant_calendars",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    consultantId: uuid("consultant_id")
      .notNull()
      .references(() => consultants.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["caldav", "ics"] }).notNull(),
    /** What the consultant may see of the address: the CalDAV address, or an ICS address's origin. */
    shownUrl: text("shown_url").notNull(),
    /** The CalDAV collection found by discovery (where events are read and written). */
    collectionUrl: text("collection_url"),
    username: text("username"),
    /** `{password}` for CalDAV, `{icsUrl}` for ICS, as JSON sealed with the encryption key. */
    sealedSecret: text("sealed_secret").notNull(),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    /** The last sync that succeeded. */
    lastSyncedAt: timestamp("last_synced_at", { withTimezone: true }),
    /**
     * The last good sync plus CALENDAR_STALE_MINUTES: after it (or before any good sync) the
     * consultant's slots are withheld, so nobody books against a calendar that cannot be read.
     */
    trustedUntil: timestamp("trusted_until", { withTimezone: true }),
    /** The last failure in words for a person, cleared by a success. */
    lastError: text("last_error"),
    /** When the syncs began to fail (the first failure after a success), for telling people once. */
    failingSince: timestamp("failing_since", { withTimezone: true }),
    /** When the consultant was e-mailed that their slots are withheld; cleared by a good sync. */
    withheldNoticeAt: timestamp("withheld_notice_at", { withTimezone: true }),
    busyCount: integer("busy_count").notNull().default(0),
    /** A digest of the busy times read, so a sync that changes nothing tells no process to forget. */
    busyFingerprint: text("busy_fingerprint"),
    /** When the next periodic sync is due; a process claims one by moving it forward. */
    nextSyncAt: timestamp("next_sync_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("consultant_calendars_consultant_idx").on(table.consultantId),
    index("consultant_calendars_next_sync_idx").on(table.nextSyncAt),
  ],
);

export type ConsultantCalendar = typeof consultantCalendars.$inferSelect;

/** The times a connected calendar says the consultant is busy, as read by its last good sync. */
export const calendarBusyTimes = pgTable(
  "calendar_busy_times",
  {
    calendarId: uuid("calendar_id")
      .notNull()
      .references(() => consultantCalendars.id, { onDelete: "cascade" }),
    consultantId: uuid("consultant_id").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("calendar_busy_times_consultant_idx").on(table.consultantId, table.startsAt)],
);

/**
 * An appointment to be written to a consultant's CalDAV calendar as it now stands (booked, moved
 * or cancelled). One row per calendar and appointment: a newer change replaces a pending one, so
 * retries never write an older state over a newer one.
 */
export const calendarWrites = pgTable(
  "calendar_writes",
  {
    calendarId: uuid("calendar_id")
      .notNull()
      .references(() => consultantCalendars.id, { onDelete: "cascade" }),
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    /** Null once written; otherwise when the next attempt may run (back-off after a failure). */
    dueAt: timestamp("due_at", { withTimezone: true }),
    /** Bumped by every change queued: a write finishes only the revision it read. */
    revision: integer("revision").notNull().default(0),
    /** While a process writes it (a lease: a process that died lets go when it passes). */
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    writtenAt: timestamp("written_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.calendarId, table.appointmentId] }),
    index("calendar_writes_due_idx").on(table.dueAt),
  ],
);

/**
 * The consultant's private feed of their own appointments (/calendar/{token}.ics). The token is
 * kept sealed (staff and the consultant see the address again) and as a digest (found by it).
 */
export const calendarFeeds = pgTable("calendar_feeds", {
  consultantId: uuid("consultant_id")
    .primaryKey()
    .references(() => consultants.id, { onDelete: "cascade" }),
  tokenDigest: text("token_digest").notNull().unique(),
  sealedToken: text("sealed_token").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
