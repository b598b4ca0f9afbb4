import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Small key/value facts about this database, such as which seed version it received. */
export const appMetadata = pgTable("app_metadata", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const projectTypes = pgTable("project_types", {
  type: text("type").primaryKey(),
  label: text("label").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const projects = pgTable(
  "projects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    summary: text("summary").notNull(),
    image: text("image").notNull(),
    status: text("status", { enum: ["active", "inactive"] }).notNull(),
    type: text("type")
      .notNull()
      .references(() => projectTypes.type),
    /** Return on investment in hundredths of a percent (1250 = 12.5 %), so no float rounding. */
    roiBasisPoints: integer("roi_basis_points").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("projects_type_idx").on(table.type),
    check("projects_roi_range", sql`${table.roiBasisPoints} between -10000 and 100000`),
  ],
);
