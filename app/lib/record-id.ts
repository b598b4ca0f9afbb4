import { z } from "zod";
import { FeatureError } from "./errors";

const uuidSchema = z.uuid();

/**
 * A record's id from a URL or a body: a malformed one names no record, so it is "not found" (and
 * never reaches the database, where a uuid column would refuse it with an error).
 */
export function recordIdOrNotFound(value: unknown, notFoundMessage: string): string {
  const parsed = uuidSchema.safeParse(value);
  if (!parsed.success) throw new FeatureError("not-found", notFoundMessage);
  return parsed.data;
}
