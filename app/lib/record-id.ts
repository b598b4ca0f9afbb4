import { z } from "zod";
import { FeatureError } from "./errors";

const uuidSchema = z.uuid();

/** Any id written as a UUID (8-4-4-4-12 hex digits, whatever its version): what a uuid column takes. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a value from outside can name a record at all: lookups ask this before querying, so a
 * malformed id finds nothing instead of making the database refuse the query.
 */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/**
 * A record's id from a URL or a body: a malformed one names no record, so it is "not found" (and
 * never reaches the database, where a uuid column would refuse it with an error).
 */
export function recordIdOrNotFound(value: unknown, notFoundMessage: string): string {
  const parsed = uuidSchema.safeParse(value);
  if (!parsed.success) throw new FeatureError("not-found", notFoundMessage);
  return parsed.data;
}
