import { z } from "zod";

/** How long after the appointment took place its customer may review it. */
export const REVIEW_WINDOW_DAYS = 60;
/** How long after writing a review its author may change it. */
export const REVIEW_EDIT_DAYS = 7;
export const REVIEW_COMMENT_MAX_LENGTH = 1000;
/** Reviews per page on a consultant's page and in the API. */
export const REVIEWS_PAGE_SIZE = 5;

const RATING_MESSAGE = "Please choose a rating from 1 to 5 stars.";

/** Control characters other than line breaks and tabs: nobody types them, and NUL cannot be stored. */
const CONTROL_CHARACTERS = /[^\P{Cc}\n\r\t]/u;

const reviewRatingSchema = z.preprocess(
  (value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : value),
  z.number({ error: RATING_MESSAGE }).int(RATING_MESSAGE).min(1, RATING_MESSAGE).max(5, RATING_MESSAGE),
);

/** The comment as written (no trimming inside), optional. */
const reviewCommentSchema = z
  .string({ error: "Please write your comment as text." })
  .max(
    REVIEW_COMMENT_MAX_LENGTH,
    `Please keep your comment to ${REVIEW_COMMENT_MAX_LENGTH.toLocaleString("en-US")} characters or fewer.`,
  )
  .refine(
    (comment) => !CONTROL_CHARACTERS.test(comment),
    "Please remove the control characters from your comment.",
  )
  .optional()
  .transform((comment) => (comment?.trim() === "" ? "" : (comment ?? "")));

export const reviewRequestSchema = z.object({
  appointmentId: z
    .string({ error: "Please name the appointment you are reviewing." })
    .trim()
    .min(1, "Please name the appointment you are reviewing."),
  rating: reviewRatingSchema,
  comment: reviewCommentSchema,
});

export const reviewEditSchema = reviewRequestSchema.omit({ appointmentId: true });

/** Staff hiding or showing a review say why; the customer is told. */
export const reviewVisibilitySchema = z.object({
  reason: z
    .string({ error: "Please give a reason the customer can read." })
    .trim()
    .min(3, "Please give a reason the customer can read.")
    .max(500, "Please keep the reason to 500 characters or fewer."),
});

/** "Jane D." from "Jane Doe": the author as a review shows them; one name stays as it is. */
export function reviewAuthorName(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return "A customer";
  const [first, ...rest] = parts;
  const last = rest.at(-1);
  return last ? `${first} ${Array.from(last)[0]!.toUpperCase()}.` : first!;
}

/** What My Appointments offers for one appointment: an invitation, the review and whether it can change, or nothing. */
export type ReviewState =
  | { kind: "invited"; until: Date }
  | {
      kind: "written";
      rating: number;
      comment: string;
      /** Staff's reason when they hid it; null while it shows. */
      hiddenReason: string | null;
      editableUntil: Date | null;
    }
  | null;
