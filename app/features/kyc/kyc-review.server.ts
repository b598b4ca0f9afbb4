import { kycStatuses, kycSubmissions, users } from "@db/schema";
import { and, asc, count, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { type Actor, recordAudit } from "~/features/audit/audit.server";
import { enqueueEmail } from "~/features/email/outbox.server";
import { kycApprovedEmail, kycRejectedEmail } from "~/features/email/templates/kyc-decision-emails";
import type { Database } from "~/infra/db.server";
import { readPage } from "~/infra/paging.server";
import { FeatureError, parseInput } from "~/lib/errors";
import { recordIdOrNotFound } from "~/lib/record-id";

export type KycStatus = (typeof kycStatuses)[number];

const KYC_PAGE_SIZE = 25;

const NOT_FOUND_MESSAGE = "This KYC submission does not exist.";

/**
 * A decision. The `submittedAt` the reviewer saw, when sent, must still be the submission's: a
 * customer who resubmitted meanwhile has new details to look at.
 */
export const kycDecisionSchema = z
  .object({
    decision: z.enum(["approved", "rejected"], { error: "Please choose approve or reject." }),
    reason: z
      .string({ error: "Please write the reason as text." })
      .trim()
      .max(1000, "Please keep the reason under 1,000 characters.")
      .optional()
      .transform((reason) => reason || undefined),
    submittedAt: z.iso
      .datetime({ error: "The form is out of date. Reload the page and try again." })
      .optional(),
  })
  .refine((input) => input.decision === "approved" || input.reason !== undefined, {
    message: "Please give the reason for the rejection; the customer will read it.",
    path: ["reason"],
  });

export type KycDecisionInput = z.input<typeof kycDecisionSchema>;

/** What staff see of a submission: never the ID number, only its last four characters. */
export interface KycReviewItem {
  id: string;
  user: { id: string; name: string; email: string };
  status: KycStatus;
  idNumberLast4: string;
  submittedAt: Date;
  decidedAt: Date | null;
  rejectionReason: string | null;
}

/** Reads a status from a query string; anything else means the pending queue. */
export function kycStatusFrom(value: string | null | undefined): KycStatus {
  return kycStatuses.find((status) => status === value) ?? "pending";
}

/**
 * Submissions of one status: the pending queue oldest first (first come, first served), decided
 * ones newest decision first. With how many there are of each status.
 */
export async function listKycSubmissions(
  db: Database,
  status: KycStatus,
  page = 1,
): Promise<{ submissions: KycReviewItem[]; hasMore: boolean; counts: Record<KycStatus, number> }> {
  const order =
    status === "pending"
      ? [asc(kycSubmissions.submittedAt), asc(kycSubmissions.id)]
      : [desc(kycSubmissions.decidedAt), desc(kycSubmissions.id)];
  const [listed, statusCounts] = await Promise.all([
    readPage(
      db
        .select({
          id: kycSubmissions.id,
          user: { id: users.id, name: users.name, email: users.email },
          status: kycSubmissions.status,
          idNumberLast4: kycSubmissions.idNumberLast4,
          submittedAt: kycSubmissions.submittedAt,
          decidedAt: kycSubmissions.decidedAt,
          rejectionReason: kycSubmissions.rejectionReason,
        })
        .from(kycSubmissions)
        .innerJoin(users, eq(users.id, kycSubmissions.userId))
        .where(eq(kycSubmissions.status, status))
        .orderBy(...order),
      page,
      KYC_PAGE_SIZE,
    ),
    db
      .select({ status: kycSubmissions.status, total: count() })
      .from(kycSubmissions)
      .groupBy(kycSubmissions.status),
  ]);
  const counts = { pending: 0, approved: 0, rejected: 0 };
  for (const row of statusCounts) counts[row.status] = row.total;
  return { submissions: listed.rows, hasMore: listed.hasMore, counts };
}

/**
 * Approves or rejects a pending submission, records who and when (and why, for a rejection),
 * e-mails the customer and writes the audit entry, in one transaction. A submission that is no
 * longer pending, or was resubmitted since the reviewer looked, is refused.
 */
export async function decideKyc(
  db: Database,
  actor: Actor,
  submissionId: string,
  input: KycDecisionInput | unknown,
  context: { publicUrl: string; now: Date },
): Promise<{ status: KycStatus }> {
  const id = recordIdOrNotFound(submissionId, NOT_FOUND_MESSAGE);
  const decision = parseInput(kycDecisionSchema, input);
  const { now } = context;
  return db.transaction(async (transaction) => {
    const [current] = await transaction
      .select({ submission: kycSubmissions, user: { name: users.name, email: users.email } })
      .from(kycSubmissions)
      .innerJoin(users, eq(users.id, kycSubmissions.userId))
      .where(eq(kycSubmissions.id, id))
      .limit(1)
      .for("update", { of: kycSubmissions });
    if (!current) throw new FeatureError("not-found", NOT_FOUND_MESSAGE);
    const { submission, user } = current;
    if (submission.status !== "pending") {
      throw new FeatureError("conflict", `This submission was already ${submission.status}.`);
    }
    if (
      decision.submittedAt &&
      new Date(decision.submittedAt).getTime() !== submission.submittedAt.getTime()
    ) {
      throw new FeatureError(
        "conflict",
        "The customer sent new details while you were reviewing. Reload to see the latest version.",
      );
    }
    const rejectionReason = decision.decision === "rejected" ? decision.reason! : null;
    await transaction
      .update(kycSubmissions)
      .set({
        status: decision.decision,
        decidedAt: now,
        decidedBy: actor.id,
        rejectionReason,
        updatedAt: now,
      })
      .where(and(eq(kycSubmissions.id, id), eq(kycSubmissions.status, "pending")));
    const customer = { name: user.name, email: user.email };
    await enqueueEmail(
      transaction,
      decision.decision === "approved"
        ? kycApprovedEmail({ customer, publicUrl: context.publicUrl })
        : kycRejectedEmail({ customer, publicUrl: context.publicUrl, reason: rejectionReason! }),
    );
    await recordAudit(
      transaction,
      actor,
      {
        action: decision.decision === "approved" ? "kyc.approve" : "kyc.reject",
        targetType: "kyc_submission",
        targetId: id,
        summary:
          decision.decision === "approved"
            ? `Approved the identity of ${user.email}`
            : `Rejected the identity of ${user.email}: ${rejectionReason}`,
        before: { status: "pending" },
        after: { status: decision.decision, ...(rejectionReason ? { rejectionReason } : {}) },
      },
      now,
    );
    return { status: decision.decision };
  });
}
