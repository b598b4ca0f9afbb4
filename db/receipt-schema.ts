import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { appointments, payments, users } from "./schema";

/**
 * The details a customer wants on their receipts (name, company, address, country, tax ID), sealed
 * with the encryption key as one JSON value: an address and a tax ID are personal data. A row only
 * once they have saved some; documents copy them when issued.
 */
export const billingDetails = pgTable("billing_details", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  sealed: text("sealed").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The last number given in each series and year. Taking one is an upsert that adds 1 inside the
 * transaction that issues the document, so the row's lock orders concurrent issues and a rolled-back
 * issue gives its number back: no gap, no duplicate.
 */
export const documentCounters = pgTable(
  "document_counters",
  {
    series: text("series").notNull(),
    year: integer("year").notNull(),
    last: integer("last").notNull(),
  },
  (table) => [primaryKey({ columns: [table.series, table.year] })],
);

export const receiptKinds = ["receipt", "credit_note"] as const;
export type ReceiptKind = (typeof receiptKinds)[number];

/**
 * Receipts and credit notes. What the document says (agency, customer, consultant, time, amount,
 * provider) is copied in when it is issued and sealed in `sealedContents`, so later edits change
 * nothing already issued; the plain columns are what lists, access checks and exports need.
 */
export const receipts = pgTable(
  "receipts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: receiptKinds }).notNull(),
    /** As printed, e.g. VA-2026-000042 or VA-CN-2026-000003. */
    number: text("number").notNull(),
    series: text("series").notNull(),
    year: integer("year").notNull(),
    sequence: integer("sequence").notNull(),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id),
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    /** A credit note's receipt. */
    correctsReceiptId: uuid("corrects_receipt_id"),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    sealedContents: text("sealed_contents").notNull(),
  },
  (table) => [
    uniqueIndex("receipts_number_key").on(table.number),
    uniqueIndex("receipts_sequence_key").on(table.series, table.year, table.sequence),
    // One receipt and at most one credit note per payment, whichever process issues it.
    uniqueIndex("receipts_payment_kind_key").on(table.paymentId, table.kind),
    index("receipts_user_idx").on(table.userId, table.issuedAt),
    index("receipts_issued_idx").on(table.issuedAt),
    check(
      "receipts_credit_note_corrects",
      sql`(${table.kind} = 'credit_note') = (${table.correctsReceiptId} is not null)`,
    ),
  ],
);

export type Receipt = typeof receipts.$inferSelect;
