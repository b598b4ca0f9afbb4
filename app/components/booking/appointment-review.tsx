import { Form, useNavigation } from "react-router";
import { FieldError, inputClass } from "~/components/forms/form-controls";
import { REVIEW_COMMENT_MAX_LENGTH, type ReviewState } from "~/features/reviews/review-schema";
import { formatDay } from "~/lib/dates";
import { RevealButton } from "./reveal-button";
import { Stars } from "./star-rating";

interface AppointmentReviewProps {
  appointmentId: string;
  consultantName: string;
  review: NonNullable<ReviewState>;
  /** The customer asked to change their review (?review=id). */
  editing: boolean;
  zone: string;
  failure?: { error: string; fieldErrors: Record<string, string>; values: Record<string, string> };
}

/** Under a completed appointment: the invitation to review it, or the review and a way to change it. */
export function AppointmentReview({
  appointmentId,
  consultantName,
  review,
  editing,
  zone,
  failure,
}: AppointmentReviewProps) {
  const headingId = `review-${appointmentId}`;
  return (
    <section
      aria-labelledby={headingId}
      className="w-full basis-full rounded-2xl border border-gray-200 bg-surface p-4"
    >
      <h3 id={headingId} className="font-semibold text-ink">
        {review.kind === "invited" ? `How was your consultation with ${consultantName}?` : "Your review"}
      </h3>
      {review.kind === "invited" ? (
        <ReviewForm
          appointmentId={appointmentId}
          intent="review"
          hint={`Only customers who met ${consultantName} can review them. You can write it until ${formatDay(review.until, zone)}.`}
          failure={failure}
          submitLabel="Send review"
        />
      ) : editing && review.editableUntil ? (
        <ReviewForm
          appointmentId={appointmentId}
          intent="edit-review"
          hint={`You can change it until ${formatDay(review.editableUntil, zone)}.`}
          initial={review}
          failure={failure}
          submitLabel="Save changes"
        />
      ) : (
        <div className="mt-2 text-sm">
          <Stars rating={review.rating} className="text-lg" />
          {review.comment ? <p className="mt-1 whitespace-pre-line text-ink">{review.comment}</p> : null}
          {review.hiddenReason !== null ? (
            <p className="mt-2 text-muted">Hidden by the agency: {review.hiddenReason}</p>
          ) : null}
          {review.editableUntil ? (
            <div className="mt-3">
              <RevealButton
                parameter="review"
                value={appointmentId}
                className="rounded-lg border border-gray-300 bg-white px-4 py-2 text-ink hover:border-brand-700"
              >
                Edit review<span className="sr-only"> of your consultation with {consultantName}</span>
              </RevealButton>
            </div>
          ) : null}
        </div>
      )}
    </section>
  );
}

function ReviewForm({
  appointmentId,
  intent,
  hint,
  initial,
  failure,
  submitLabel,
}: {
  appointmentId: string;
  intent: "review" | "edit-review";
  hint: string;
  initial?: { rating: number; comment: string };
  failure?: AppointmentReviewProps["failure"];
  submitLabel: string;
}) {
  const busy = useNavigation().state !== "idle";
  const ratingError = failure?.fieldErrors.rating;
  const commentError = failure?.fieldErrors.comment;
  const otherError = failure && !ratingError && !commentError ? failure.error : undefined;
  const chosen = failure?.values.rating ?? (initial ? String(initial.rating) : "");
  const ids = {
    rating: `${appointmentId}-rating-error`,
    comment: `${appointmentId}-comment`,
    hint: `${appointmentId}-review-hint`,
  };
  return (
    <Form method="post" preventScrollReset className="mt-2" noValidate>
      <p id={ids.hint} className="text-muted text-sm">
        {hint}
      </p>
      {otherError ? (
        <p role="alert" className="mt-2 text-red-700 text-sm">
          {otherError}
        </p>
      ) : null}
      <input type="hidden" name="appointmentId" value={appointmentId} />
      <fieldset className="mt-3" aria-describedby={ratingError ? ids.rating : undefined}>
        <legend className="font-medium text-ink text-sm">Rating</legend>
        <div className="mt-1.5 grid max-w-xs grid-cols-5 gap-1.5">
          {[1, 2, 3, 4, 5].map((stars) => (
            <label key={stars} className="cursor-pointer">
              <input
                type="radio"
                name="rating"
                value={stars}
                defaultChecked={chosen === String(stars)}
                aria-invalid={ratingError ? true : undefined}
                className="peer sr-only"
              />
              <span className="flex min-h-11 items-center justify-center gap-1 rounded-lg border border-gray-400 bg-white px-1 text-ink peer-checked:border-2 peer-checked:border-amber-800 peer-checked:bg-amber-100 peer-checked:font-bold peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 peer-focus-visible:ring-offset-2">
                {stars}
                <span aria-hidden="true" className="text-amber-500">
                  ★
                </span>
                <span className="sr-only">{stars === 1 ? "star" : "stars"}</span>
              </span>
            </label>
          ))}
        </div>
        <FieldError id={ids.rating} message={ratingError} />
      </fieldset>
      <label htmlFor={ids.comment} className="mt-3 block font-medium text-ink text-sm">
        Comment (optional)
      </label>
      <textarea
        id={ids.comment}
        name="comment"
        rows={3}
        maxLength={REVIEW_COMMENT_MAX_LENGTH}
        defaultValue={failure?.values.comment ?? initial?.comment ?? ""}
        aria-invalid={commentError ? true : undefined}
        aria-describedby={commentError ? `${ids.comment}-error` : undefined}
        className={inputClass}
      />
      <FieldError id={`${ids.comment}-error`} message={commentError} />
      <button
        type="submit"
        name="intent"
        value={intent}
        disabled={busy}
        className="mt-3 rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-sm text-white hover:bg-brand-800 disabled:opacity-60"
      >
        {submitLabel}
      </button>
    </Form>
  );
}
