import { type Review, reviews } from "@db/review-schema";
import { type Appointment, consultants, users } from "@db/schema";
import { and, desc, eq, isNotNull, isNull, type SQL } from "drizzle-orm";
import { type Actor, recordAudit } from "~/features/audit/audit.server";
import { enqueueEmail } from "~/features/email/outbox.server";
import { reviewVisibilityEmail } from "~/features/email/templates/review-emails";
import type { Database } from "~/infra/db.server";
import { readPage } from "~/infra/paging.server";
import { FeatureError, parseInput } from "~/lib/errors";
import { isUuid } from "~/lib/record-id";
import { reviewVisibilitySchema } from "./review-schema";
import { lockConsultant, recountRating, reviewState, reviewsOfAppointments } from "./reviews.server";

const STAFF_REVIEWS_PAGE_SIZE = 25;

export interface StaffReviewFilter {
  consultantId?: string;
  /** true: hidden only; false: shown only; undefined: both. */
  hidden?: boolean;
  page?: number;
}

export interface StaffReview extends Review {
  consultantName: string;
  customerName: string;
  customerEmail: string;
}

/** Reviews with the consultant's and the author's names, as staff see them. */
function selectWithNames(executor: Pick<Database, "select">) {
  return executor
    .select({
      review: reviews,
      consultantName: consultants.name,
      customerName: users.name,
      customerEmail: users.email,
    })
    .from(reviews)
    .innerJoin(consultants, eq(consultants.id, reviews.consultantId))
    .innerJoin(users, eq(users.id, reviews.userId));
}

/** An appointment's review as staff see it, or why there is none. */
export type AppointmentReviewForStaff =
  | { kind: "written"; rating: number; comment: string; writtenAt: Date; hiddenReason: string | null }
  | { kind: "invited"; until: Date }
  | { kind: "closed" }
  | { kind: "not-completed" };

export async function reviewOfAppointmentForStaff(
  db: Database,
  appointment: Pick<Appointment, "id" | "userId" | "completedAt">,
  now: Date,
): Promise<AppointmentReviewForStaff> {
  const review = (await reviewsOfAppointments(db, appointment.userId, [appointment.id])).get(appointment.id);
  const state = reviewState(appointment, review, now);
  if (review && state?.kind === "written") {
    const { rating, comment, hiddenReason } = state;
    return { kind: "written", rating, comment, hiddenReason, writtenAt: review.createdAt };
  }
  if (state?.kind === "invited") return state;
  return { kind: appointment.completedAt ? "closed" : "not-completed" };
}

/** Every review, newest first, filtered by consultant and visibility, one page. */
export async function listStaffReviews(
  db: Database,
  filter: StaffReviewFilter,
): Promise<{ reviews: StaffReview[]; hasMore: boolean }> {
  const conditions: SQL[] = [];
  if (filter.consultantId && isUuid(filter.consultantId)) {
    conditions.push(eq(reviews.consultantId, filter.consultantId));
  }
  if (filter.hidden === true) conditions.push(isNotNull(reviews.hiddenAt));
  if (filter.hidden === false) conditions.push(isNull(reviews.hiddenAt));
  const { rows, hasMore } = await readPage(
    selectWithNames(db)
      .where(and(...conditions))
      .orderBy(desc(reviews.createdAt), desc(reviews.id)),
    filter.page ?? 1,
    STAFF_REVIEWS_PAGE_SIZE,
  );
  return {
    reviews: rows.map((row) => ({
      ...row.review,
      consultantName: row.consultantName,
      customerName: row.customerName,
      customerEmail: row.customerEmail,
    })),
    hasMore,
  };
}

/**
 * Staff hide a review (it leaves the page and the average) or show it again, with a reason the
 * author is e-mailed; audited, in one transaction with the recount.
 */
export async function setReviewHidden(
  db: Database,
  reviewId: unknown,
  hidden: boolean,
  input: unknown,
  actor: Actor,
  options: { now: Date; publicUrl: string },
): Promise<Review> {
  const { reason } = parseInput(reviewVisibilitySchema, input);
  if (!isUuid(reviewId)) throw new FeatureError("not-found", "We could not find that review.");
  return db.transaction(async (transaction) => {
    // The consultant's row lock first, as every review change takes it, so a second member of
    // staff acting at once waits here and then finds the review already changed.
    const [found] = await transaction
      .select({ consultantId: reviews.consultantId })
      .from(reviews)
      .where(eq(reviews.id, reviewId));
    if (!found) throw new FeatureError("not-found", "We could not find that review.");
    await lockConsultant(transaction, found.consultantId);
    const [current] = await selectWithNames(transaction).where(eq(reviews.id, reviewId));
    if (!current) throw new FeatureError("not-found", "We could not find that review.");
    if ((current.review.hiddenAt !== null) === hidden) {
      throw new FeatureError(
        "conflict",
        hidden ? "This review is already hidden." : "This review is already shown.",
      );
    }
    const [updated] = await transaction
      .update(reviews)
      .set(hidden ? { hiddenAt: options.now, hiddenReason: reason } : { hiddenAt: null, hiddenReason: null })
      .where(eq(reviews.id, current.review.id))
      .returning();
    await recountRating(transaction, current.review.consultantId);
    await recordAudit(
      transaction,
      actor,
      {
        action: hidden ? "review.hide" : "review.show",
        targetType: "review",
        targetId: current.review.id,
        summary: `${hidden ? "Hidden" : "Shown"}: ${reason}`,
        before: { hidden: !hidden },
        after: { hidden },
      },
      options.now,
    );
    await enqueueEmail(
      transaction,
      reviewVisibilityEmail({
        customer: { name: current.customerName, email: current.customerEmail },
        consultantName: current.consultantName,
        hidden,
        reason,
        publicUrl: options.publicUrl,
      }),
    );
    return updated!;
  });
}
