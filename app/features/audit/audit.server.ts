import { type AuditEntry, auditLog } from "@db/schema";
import { and, desc, eq, gte, ilike, lt, type SQL } from "drizzle-orm";
import type { Database, Transaction } from "~/infra/db.server";
import { readPage } from "~/infra/paging.server";

/** The member of staff (or consultant) acting, as the audit log records them. */
export interface Actor {
  id: string;
  email: string;
}

export interface AuditRecord {
  action: string;
  targetType: string;
  targetId: string;
  summary?: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

/** Writes one entry; call it with the transaction of the change it records. */
export async function recordAudit(
  executor: Pick<Database | Transaction, "insert">,
  actor: Actor,
  record: AuditRecord,
  at = new Date(),
): Promise<void> {
  await executor.insert(auditLog).values({
    at,
    actorId: actor.id,
    actorEmail: actor.email,
    action: record.action,
    targetType: record.targetType,
    targetId: record.targetId,
    summary: record.summary ?? "",
    before: record.before ?? null,
    after: record.after ?? null,
  });
}

/**
 * The fields whose values differ between two versions of a record, as `before` and `after`
 * objects holding only those fields (what the audit log shows).
 */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const changed = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
  for (const [key, value] of Object.entries(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(value)) {
      changed.before[key] = before[key];
      changed.after[key] = value;
    }
  }
  return changed;
}

export interface AuditFilters {
  action?: string;
  targetType?: string;
  targetId?: string;
  actor?: string;
  from?: Date;
  to?: Date;
}

const AUDIT_PAGE_SIZE = 50;

/** Entries, newest first, one page at a time. */
export async function listAuditEntries(
  db: Database,
  filters: AuditFilters,
  page = 1,
): Promise<{ entries: AuditEntry[]; hasMore: boolean }> {
  const conditions: SQL[] = [];
  if (filters.action) conditions.push(eq(auditLog.action, filters.action));
  if (filters.targetType) conditions.push(eq(auditLog.targetType, filters.targetType));
  if (filters.targetId) conditions.push(eq(auditLog.targetId, filters.targetId));
  if (filters.actor) conditions.push(ilike(auditLog.actorEmail, `%${escapeLike(filters.actor)}%`));
  if (filters.from) conditions.push(gte(auditLog.at, filters.from));
  if (filters.to) conditions.push(lt(auditLog.at, filters.to));
  const { rows, hasMore } = await readPage(
    db
      .select()
      .from(auditLog)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(desc(auditLog.at), desc(auditLog.id)),
    page,
    AUDIT_PAGE_SIZE,
  );
  return { entries: rows, hasMore };
}

/** `%` and `_` typed by a person are meant literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
