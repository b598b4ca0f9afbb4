import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./schema";

/**
 * The first answer to a request sent with an `Idempotency-Key` (booking, rescheduling, cancelling,
 * starting a payment), kept 24 hours so a client that retries (a lost answer, a host that died)
 * gets that answer again instead of doing the thing twice. Keys are per user, as clients make them.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /**
     * `POST /api/user/book-appointment`, or `form POST /my-appointments` for the site's forms: a key
     * used on one endpoint means nothing on another.
     */
    endpoint: text("endpoint").notNull(),
    /** SHA-256 of the body: the same key with another body is refused (422). */
    requestHash: text("request_hash").notNull(),
    /** Null while the first request runs. */
    statusCode: integer("status_code"),
    responseBody: text("response_body"),
    /** The first request's hold on the key; past it (its process died) a retry may run again. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    index("idempotency_keys_created_idx").on(table.createdAt),
  ],
);
