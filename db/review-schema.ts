import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { appointments, consultants, users } from "./schema";

/**
 * A customer's rating of one completed appointment: verified by construction, since only the
 * customer of a completed appointment can write one, once. The comment is kept as written (and
 * escaped wherever it is shown). Staff may hide one with a reason; hidden ones leave the page and
 * the consultant's average.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    consultantId: uuid("consultant_id")
      .notNull()
      .references(() => consultants.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    comment: text("comment").notNull().default(""),
    /** The author as the page shows them ("Jane D."), fixed when written. */
    authorName: text("author_name").notNull(),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenReason: text("hidden_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("reviews_appointment_key").on(table.appointmentId),
    index("reviews_consultant_idx").on(table.consultantId, table.createdAt),
    index("reviews_created_idx").on(table.createdAt),
    check("reviews_rating_range", sql`${table.rating} between 1 and 5`),
    check("reviews_comment_length", sql`char_length(${table.comment}) <= 1000`),
  ],
);

export type Review = typeof reviews.$inferSelect;
