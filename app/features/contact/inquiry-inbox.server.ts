import { type Inquiry, type InquiryNote, inquiries, inquiryNotes, inquiryStatuses, users } from "@db/schema";
import { and, asc, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import { type Actor, escapeLike, recordAudit } from "~/features/audit/audit.server";
import { enqueueEmail } from "~/features/email/outbox.server";
import { inquiryReplyEmail } from "~/features/email/templates/inquiry-reply-email";
import type { Database, Transaction } from "~/infra/db.server";
import { readPage } from "~/infra/paging.server";
import { FeatureError, parseInput } from "~/lib/errors";
import { recordIdOrNotFound } from "~/lib/record-id";

export type InquiryStatus = (typeof inquiryStatuses)[number];

const INQUIRY_PAGE_SIZE = 25;

export const STALE_RECORD_MESSAGE =
  "This record was changed by someone else while you were editing. Reload to see the latest version.";

const NOT_FOUND_MESSAGE = "This inquiry does not exist.";

const statusSchema = z.enum(inquiryStatuses, { error: "Please choose new, contacted or closed." });

const versionSchema = z.coerce
  .number({ error: "The form is out of date. Reload the page and try again." })
  .int()
  .positive("The form is out of date. Reload the page and try again.");

const noteBodySchema = (what: string) =>
  z
    .string({ error: `Please write the ${what}.` })
    .trim()
    .min(1, `Please write the ${what}.`)
    .max(5000, `Please keep the ${what} under 5,000 characters.`);

/** A status change and/or a note; the version, when given, must still be the row's. */
export const inquiryUpdateSchema = z
  .object({
    status: statusSchema.optional(),
    note: noteBodySchema("note").optional(),
    version: versionSchema.optional(),
  })
  .refine((update) => update.status !== undefined || update.note !== undefined, {
    message: "Please give a new status or a note.",
    path: ["status"],
  });

export type InquiryUpdate = z.input<typeof inquiryUpdateSchema>;

export const inquiryReplySchema = z.object({ body: noteBodySchema("reply") });

export interface InquiryListFilters {
  status?: InquiryStatus;
  /** Words to find in the sender's name, e-mail, phone or message. */
  search?: string;
}

/** Reads a status from a query string; anything else means "every status". */
export function inquiryStatusFrom(value: string | null | undefined): InquiryStatus | undefined {
  return inquiryStatuses.find((status) => status === value);
}

/** Inquiries, newest first, one page at a time, with how many there are of each status. */
export async function listInquiries(
  db: Database,
  filters: InquiryListFilters,
  page = 1,
): Promise<{ inquiries: Inquiry[]; hasMore: boolean; counts: Record<InquiryStatus, number> }> {
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(eq(inquiries.status, filters.status));
  const search = filters.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    conditions.push(
      or(
        ilike(inquiries.name, pattern),
        ilike(inquiries.email, pattern),
        ilike(inquiries.phone, pattern),
        ilike(inquiries.message, pattern),
      )!,
    );
  }
  const [listed, statusCounts] = await Promise.all([
    readPage(
      db
        .select()
        .from(inquiries)
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(desc(inquiries.createdAt), desc(inquiries.id)),
      page,
      INQUIRY_PAGE_SIZE,
    ),
    db.select({ status: inquiries.status, total: count() }).from(inquiries).groupBy(inquiries.status),
  ]);
  const counts = { new: 0, contacted: 0, closed: 0 };
  for (const row of statusCounts) counts[row.status] = row.total;
  return { inquiries: listed.rows, hasMore: listed.hasMore, counts };
}

export type InquiryNoteWithAuthor = InquiryNote & { authorName: string | null; authorEmail: string | null };

/** One inquiry with its notes and replies, oldest first. */
export async function getInquiry(
  db: Database,
  inquiryId: string,
): Promise<{ inquiry: Inquiry; notes: InquiryNoteWithAuthor[] }> {
  const id = recordIdOrNotFound(inquiryId, NOT_FOUND_MESSAGE);
  const [inquiry] = await db.select().from(inquiries).where(eq(inquiries.id, id)).limit(1);
  if (!inquiry) throw new FeatureError("not-found", NOT_FOUND_MESSAGE);
  const notes = await db
    .select({
      id: inquiryNotes.id,
      inquiryId: inquiryNotes.inquiryId,
      kind: inquiryNotes.kind,
      authorId: inquiryNotes.authorId,
      body: inquiryNotes.body,
      createdAt: inquiryNotes.createdAt,
      authorName: users.name,
      authorEmail: users.email,
    })
    .from(inquiryNotes)
    .leftJoin(users, eq(users.id, inquiryNotes.authorId))
    .where(eq(inquiryNotes.inquiryId, id))
    .orderBy(asc(inquiryNotes.createdAt), asc(inquiryNotes.id));
  return { inquiry, notes };
}

async function lockedInquiry(transaction: Transaction, id: string): Promise<Inquiry> {
  const [inquiry] = await transaction
    .select()
    .from(inquiries)
    .where(eq(inquiries.id, id))
    .limit(1)
    .for("update");
  if (!inquiry) throw new FeatureError("not-found", NOT_FOUND_MESSAGE);
  return inquiry;
}

/**
 * Moves an inquiry to another status and/or adds an internal note, in one transaction with its
 * audit entry. A status change sent with an old `version` is refused rather than overwriting
 * someone else's change.
 */
export async function updateInquiry(
  db: Database,
  actor: Actor,
  inquiryId: string,
  input: InquiryUpdate | unknown,
  now: Date,
): Promise<Inquiry> {
  const id = recordIdOrNotFound(inquiryId, NOT_FOUND_MESSAGE);
  const update = parseInput(inquiryUpdateSchema, input);
  return db.transaction(async (transaction) => {
    const current = await lockedInquiry(transaction, id);
    if (update.version !== undefined && update.version !== current.version) {
      throw new FeatureError("conflict", STALE_RECORD_MESSAGE);
    }
    let result = current;
    if (update.status !== undefined && update.status !== current.status) {
      const [changed] = await transaction
        .update(inquiries)
        .set({ status: update.status, version: current.version + 1, updatedAt: now })
        .where(and(eq(inquiries.id, id), eq(inquiries.version, current.version)))
        .returning();
      if (!changed) throw new FeatureError("conflict", STALE_RECORD_MESSAGE);
      result = changed;
      await recordAudit(
        transaction,
        actor,
        {
          action: "inquiry.status",
          targetType: "inquiry",
          targetId: id,
          summary: `Status ${current.status} → ${update.status}`,
          before: { status: current.status },
          after: { status: update.status },
        },
        now,
      );
    }
    if (update.note !== undefined) {
      await transaction
        .insert(inquiryNotes)
        .values({ inquiryId: id, kind: "note", authorId: actor.id, body: update.note, createdAt: now });
      await recordAudit(
        transaction,
        actor,
        { action: "inquiry.note", targetType: "inquiry", targetId: id, summary: "Added an internal note" },
        now,
      );
    }
    return result;
  });
}

/**
 * E-mails the sender staff's reply through the outbox, keeps its text as a 'reply' note and writes
 * the audit entry, all in one transaction. A new inquiry becomes contacted.
 */
export async function replyToInquiry(
  db: Database,
  actor: Actor,
  inquiryId: string,
  input: unknown,
  context: { agencyEmail: string; now: Date },
): Promise<Inquiry> {
  const id = recordIdOrNotFound(inquiryId, NOT_FOUND_MESSAGE);
  const { body } = parseInput(inquiryReplySchema, input);
  const { now } = context;
  return db.transaction(async (transaction) => {
    const current = await lockedInquiry(transaction, id);
    await transaction
      .insert(inquiryNotes)
      .values({ inquiryId: id, kind: "reply", authorId: actor.id, body, createdAt: now });
    await enqueueEmail(
      transaction,
      inquiryReplyEmail({ agencyEmail: context.agencyEmail, inquiry: current, body }),
    );
    let result = current;
    if (current.status === "new") {
      const [changed] = await transaction
        .update(inquiries)
        .set({ status: "contacted", version: current.version + 1, updatedAt: now })
        .where(eq(inquiries.id, id))
        .returning();
      result = changed!;
    }
    await recordAudit(
      transaction,
      actor,
      {
        action: "inquiry.reply",
        targetType: "inquiry",
        targetId: id,
        summary: `Replied by e-mail to ${current.email}`,
        ...(result.status === current.status
          ? {}
          : { before: { status: current.status }, after: { status: result.status } }),
      },
      now,
    );
    return result;
  });
}
