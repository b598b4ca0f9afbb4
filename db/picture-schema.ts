import { customType, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Binary data: node-postgres reads `bytea` as a Buffer, PGlite as a Uint8Array; both become a Buffer. */
const bytes = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Uploaded pictures (profile, consultant and project pictures), kept in the database every host
 * shares, so a picture uploaded through one machine is served by all of them. Each is stored once
 * under a generated name and never changes: a new picture gets a new name.
 */
export const storedPictures = pgTable("stored_pictures", {
  /** The file name in its public path, `/uploads/{name}`: a UUID and the format's extension. */
  name: text("name").primaryKey(),
  contentType: text("content_type").notNull(),
  bytes: bytes("bytes").notNull(),
  /** A hash of the bytes, sent as the ETag. */
  contentHash: text("content_hash").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export type StoredPicture = typeof storedPictures.$inferSelect;
