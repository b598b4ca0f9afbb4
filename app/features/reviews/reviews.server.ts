import { type Review, reviews } from "@db/review-schema";
import { type Appointment, appointments, consultants, users } from "@db/schema";
import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { enqueueEmail } from "~/features/email/outbox.server";
import { reviewInvitationEmail } from "~/features/email/templates/review-emails";
import type { Database, Transaction } from "~/infra/db.server";
import { readPage } from "~/infra/paging.server";
import { FeatureError, parseInput } from "~/lib/errors";
import { averageRating } from "~/lib/ratings";
import { isUuid } from "~/lib/record-id";
import {
  REVIEW_EDIT_DAYS,
  REVIEW_WINDOW_DAYS,
  REVIEWS_PAGE_SIZE,
  type ReviewState,
  reviewAuthorName,
  reviewEditSchema,
  reviewRequestSchema,
} from "./review-schema";

const DAY_MS = 24 * 60 * 60 * 1000;
const NOT_FOUND = "We could not find that appointment.";

/** Until when an appointment completed at `completedAt` may be reviewed. */
function reviewableUntil(completedAt: Date): Date {
  return new Date(completedAt.getTime() + REVIEW_WINDOW_DAYS * DAY_MS);
}

/** Until when a review written at `createdAt` may be changed. */
function editableUntil(createdAt: Date): Date {
  return new Date(createdAt.getTime() + REVIEW_EDIT_DAYS * DAY_MS);
}

export function reviewState(
  appointment: Pick<Appointment, "completedAt">,
  review: Review | undefined,
  now: Date,
): ReviewState {
  if (review) {
    const until = editableUntil(review.createdAt);
    return {
      kind: "written",
      rating: review.rating,
      comment: review.comment,
      hiddenReason: review.hiddenAt ? (review.hiddenReason ?? "") : null,
      editableUntil: until > now ? until : null,
    };
  }
  if (!appointment.completedAt) return null;
  const until = reviewableUntil(appointment.completedAt);
  return until > now ? { kind: "invited", until } : null;
}

/** The customer's reviews of the given appointments, by appointment id. */
export async function reviewsOfAppointments(
  db: Database,
  userId: string,
  appointmentIds: readonly string[],
): Promise<Map<string, Review>> {
  if (appointmentIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.userId, userId), inArray(reviews.appointmentId, [...appointmentIds])));
  return new Map(rows.map((review) => [review.appointmentId, review]));
}

/**
 * The customer reviews their own completed appointment: once, within REVIEW_WINDOW_DAYS of it. The
 * consultant's count and average move in the same transaction.
 */
export async function writeReview(
  db: Database,
  userId: string,
  input: unknown,
  options: { now: Date },
): Promise<Review> {
  const request = parseInput(reviewRequestSchema, input);
  if (!isUuid(request.appointmentId)) throw new FeatureError("not-found", NOT_FOUND);
  return db.transaction(async (transaction) => {
    const [row] = await transaction
      .select({ appointment: appointments, customerName: users.name })
      .from(appointments)
      .innerJoin(users, eq(users.id, appointments.userId))
      .where(and(eq(appointments.id, request.appointmentId), eq(appointments.userId, userId)));
    if (!row) throw new FeatureError("not-found", NOT_FOUND);
    const { appointment } = row;
    if (!appointment.completedAt) {
      throw new FeatureError("conflict", "You can review an appointment once it has taken place.");
    }
    if (reviewableUntil(appointment.completedAt) <= options.now) {
      throw new FeatureError(
        "conflict",
        `Reviews can be written within ${REVIEW_WINDOW_DAYS} days of the appointment, and that time has passed.`,
      );
    }
    await lockConsultant(transaction, appointment.consultantId);
    const [created] = await transaction
      .insert(reviews)
      .values({
        appointmentId: appointment.id,
        consultantId: appointment.consultantId,
        userId,
        rating: request.rating,
        comment: request.comment,
        authorName: reviewAuthorName(row.customerName),
        createdAt: options.now,
        updatedAt: options.now,
      })
      .onConflictDoNothing({ target: reviews.appointmentId })
      .returning();
    if (!created) throw new FeatureError("conflict", "You have already reviewed this appointment.");
    await recountRating(transaction, appointment.consultantId);
    return created;
  });
}

/** The author changes their review's rating or comment, within REVIEW_EDIT_DAYS of writing it. */
export async function editReview(
  db: Database,
  userId: string,
  appointmentId: unknown,
  input: unknown,
  options: { now: Date },
): Promise<Review> {
  const request = parseInput(reviewEditSchema, input);
  if (!isUuid(appointmentId)) throw new FeatureError("not-found", "We could not find that review.");
  return db.transaction(async (transaction) => {
    const [current] = await transaction
      .select()
      .from(reviews)
      .where(and(eq(reviews.appointmentId, appointmentId), eq(reviews.userId, userId)));
    if (!current) throw new FeatureError("not-found", "We could not find that review.");
    if (editableUntil(current.createdAt) <= options.now) {
      throw new FeatureError(
        "conflict",
        `A review can be changed for ${REVIEW_EDIT_DAYS} days after it is written, and that time has passed.`,
      );
    }
    await lockConsultant(transaction, current.consultantId);
    const [updated] = await transaction
      .update(reviews)
      .set({ rating: request.rating, comment: request.comment, updatedAt: options.now })
      .where(eq(reviews.id, current.id))
      .returning();
    await recountRating(transaction, current.consultantId);
    return updated!;
  });
}

/**
 * Holds the consultant's row until the transaction ends, so two reviews of one consultant are
 * counted one after the other and the recount that follows (a new statement, so a fresh snapshot)
 * sees every committed review.
 */
export async function lockConsultant(transaction: Transaction, consultantId: string): Promise<void> {
  await transaction
    .select({ id: consultants.id })
    .from(consultants)
    .where(eq(consultants.id, consultantId))
    .for("update");
}

/** Recounts the consultant's visible reviews onto their row (call after lockConsultant). */
export async function recountRating(transaction: Transaction, consultantId: string): Promise<void> {
  const visible = and(eq(reviews.consultantId, consultantId), isNull(reviews.hiddenAt));
  const [totals] = await transaction
    .select({ reviewCount: count(), ratingTotal: sql<number>`coalesce(sum(${reviews.rating}), 0)::int` })
    .from(reviews)
    .where(visible);
  await transaction
    .update(consultants)
    .set({ reviewCount: totals?.reviewCount ?? 0, ratingTotal: totals?.ratingTotal ?? 0 })
    .where(eq(consultants.id, consultantId));
}

/** A review as the public sees it: first name and initial, the month it was written. */
interface PublicReview {
  id: string;
  rating: number;
  comment: string;
  author: string;
  createdAt: Date;
}

export interface ConsultantReviews {
  average: number | null;
  count: number;
  /** How many visible reviews gave 5, 4, 3, 2 and 1 stars, in that order. */
  distribution: { stars: number; count: number }[];
  reviews: PublicReview[];
  page: number;
  hasMore: boolean;
}

/** A consultant's visible reviews, newest first, one page of them, with the summary above them. */
export async function consultantReviews(
  db: Database,
  consultant: { id: string; reviewCount: number; ratingTotal: number },
  page: number,
): Promise<ConsultantReviews> {
  const visible = and(eq(reviews.consultantId, consultant.id), isNull(reviews.hiddenAt));
  const [counts, { rows, hasMore }] = await Promise.all([
    db.select({ stars: reviews.rating, count: count() }).from(reviews).where(visible).groupBy(reviews.rating),
    readPage(
      db
        .select({
          id: reviews.id,
          rating: reviews.rating,
          comment: reviews.comment,
          author: reviews.authorName,
          createdAt: reviews.createdAt,
        })
        .from(reviews)
        .where(visible)
        .orderBy(desc(reviews.createdAt), desc(reviews.id)),
      page,
      REVIEWS_PAGE_SIZE,
    ),
  ]);
  const byStars = new Map(counts.map((row) => [row.stars, row.count]));
  return {
    average: averageRating(consultant),
    count: consultant.reviewCount,
    distribution: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: byStars.get(stars) ?? 0 })),
    reviews: rows,
    page: Math.max(1, page),
    hasMore,
  };
}

/**
 * Invites the customer of a just-completed appointment to review it: one e-mail, queued in the
 * transaction that marks it completed, so it goes once however many processes run.
 */
export async function queueReviewInvitation(
  transaction: Transaction,
  appointment: Appointment,
  publicUrl: string,
): Promise<void> {
  const [customer] = await transaction
    .select({ name: users.name, email: users.email, timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, appointment.userId));
  if (!customer || !appointment.completedAt) return;
  await enqueueEmail(
    transaction,
    reviewInvitationEmail({
      customer,
      consultantName: appointment.consultantSnapshot.name,
      reviewUrl: `${publicUrl}/my-appointments#review-${appointment.id}`,
      until: reviewableUntil(appointment.completedAt),
      windowDays: REVIEW_WINDOW_DAYS,
    }),
  );
}
