/**
 * The Drizzle database over this schema, on either driver. Declared here, beside the schema, so
 * the seed data can name it without reaching up into app/infra (which opens it and re-exports it).
 */
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open transaction of `Database`: what `db.transaction(async (transaction) => …)` hands in. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
