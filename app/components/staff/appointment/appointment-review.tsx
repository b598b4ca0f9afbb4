import { href, Link } from "react-router";
import { Stars } from "~/components/booking/star-rating";
import { Badge } from "~/components/staff/badge";
import { Section } from "./section";

/** What staff see of the appointment's review: the review itself, or why there is none. */
export type StaffReviewFacts =
  | { kind: "written"; rating: number; comment: string; written: string; hiddenReason: string | null }
  | { kind: "invited"; until: string }
  | { kind: "closed" }
  | { kind: "not-completed" };

/** The customer's review of this appointment, with the way to hide or show it. */
export function AppointmentReview({
  review,
  consultantId,
}: {
  review: StaffReviewFacts;
  consultantId: string;
}) {
  return (
    <Section title="Review" id="review-heading" className="mt-6">
      {review.kind === "written" ? (
        <div className="text-sm">
          <div className="flex flex-wrap items-center gap-3">
            <Stars rating={review.rating} className="text-lg" />
            <Badge tone={review.hiddenReason === null ? "green" : "grey"}>
              {review.hiddenReason === null ? "Shown" : "Hidden"}
            </Badge>
            <span className="text-muted">written {review.written}</span>
          </div>
          {review.comment ? (
            <p className="mt-2 wrap-anywhere whitespace-pre-line text-ink">{review.comment}</p>
          ) : (
            <p className="mt-2 text-muted">No comment.</p>
          )}
          {review.hiddenReason ? (
            <p className="mt-2 text-muted">Hidden because: {review.hiddenReason}</p>
          ) : null}
          <p className="mt-3">
            <Link
              to={`${href("/admin/reviews")}?consultantId=${consultantId}`}
              className="font-semibold text-brand-800 hover:underline"
            >
              Hide or show it on the Reviews page
            </Link>
          </p>
        </div>
      ) : (
        <p className="text-muted text-sm">{reasonForNoReview(review)}</p>
      )}
    </Section>
  );
}

function reasonForNoReview(review: Exclude<StaffReviewFacts, { kind: "written" }>): string {
  switch (review.kind) {
    case "invited":
      return `No review yet: the customer may write one until ${review.until}.`;
    case "closed":
      return "No review: the time to write one has passed.";
    case "not-completed":
      return "No review: a customer can review an appointment once it is marked completed.";
  }
}
