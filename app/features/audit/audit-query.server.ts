import { auditLog } from "@db/schema";
import { asc } from "drizzle-orm";
import { DateTime } from "luxon";
import type { Database } from "~/infra/db.server";
import { parseInput } from "~/lib/errors";
import type { AuditFilters } from "./audit.server";
import { type AuditFilterInput, auditFilterSchema } from "./audit-filter-schema";

/**
 * The filters of the page or the API as listAuditEntries takes them: calendar days in the agency's
 * zone become the instants they start and end.
 */
export function auditQueryFrom(
  input: unknown,
  zone: string,
): { filter: AuditFilterInput; filters: AuditFilters; page: number } {
  const filter = parseInput(auditFilterSchema, input);
  const dayStart = (day: string) => DateTime.fromISO(day, { zone }).startOf("day");
  return {
    filter,
    page: filter.page,
    filters: {
      action: filter.action,
      targetType: filter.targetType,
      targetId: filter.targetId,
      actor: filter.actor,
      from: filter.from ? dayStart(filter.from).toJSDate() : undefined,
      to: filter.to ? dayStart(filter.to).plus({ days: 1 }).toJSDate() : undefined,
    },
  };
}

/** The actions and kinds of record the log holds, for the filter's choices. */
export async function auditFilterChoices(
  db: Database,
): Promise<{ actions: string[]; targetTypes: string[] }> {
  const [actions, targetTypes] = await Promise.all([
    db.selectDistinct({ value: auditLog.action }).from(auditLog).orderBy(asc(auditLog.action)),
    db.selectDistinct({ value: auditLog.targetType }).from(auditLog).orderBy(asc(auditLog.targetType)),
  ]);
  return { actions: actions.map((row) => row.value), targetTypes: targetTypes.map((row) => row.value) };
}
