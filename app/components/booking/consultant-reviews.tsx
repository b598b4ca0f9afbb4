import { Link } from "react-router";
import { formatMonth } from "~/lib/dates";
import { ratingSentence } from "~/lib/ratings";
import { Stars } from "./star-rating";

export interface ConsultantReviewsData {
  average: number | null;
  count: number;
  distribution: { stars: number; count: number }[];
  reviews: { id: string; rating: number; comment: string; author: string; createdAt: Date }[];
  page: number;
  hasMore: boolean;
}

/**
 * A consultant's reviews on their page: the average, the count and how the stars fall, then the
 * newest reviews a page at a time. Comments are text (React escapes them), line breaks kept.
 */
export function ConsultantReviews({
  name,
  reviews,
  zone,
  you = false,
}: {
  name: string;
  reviews: ConsultantReviewsData;
  zone: string;
  /** The consultant reading their own (on their schedule): addressed as "you". */
  you?: boolean;
}) {
  const pageHref = (page: number) => (page === 1 ? "?#reviews-heading" : `?reviews=${page}#reviews-heading`);
  return (
    <section aria-labelledby="reviews-heading" className={you ? "" : "mt-12 sm:ml-72"}>
      <h2 id="reviews-heading" className="font-semibold text-ink text-xl">
        {you ? "Your reviews" : "Reviews"}
      </h2>
      {reviews.average === null ? (
        <p className="mt-3 text-muted">
          No reviews of {you ? "you" : name} yet. Only customers who have met a consultant can review them.
        </p>
      ) : (
        <>
          <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-start sm:gap-10">
            <div>
              <p className="font-bold text-4xl text-ink">{reviews.average.toFixed(1)}</p>
              <Stars rating={reviews.average} className="text-xl" />
              <p className="mt-1 text-muted text-sm">{ratingSentence(reviews.average, reviews.count)}</p>
            </div>
            <ul aria-label="How the ratings fall" className="w-full max-w-sm space-y-1 text-sm">
              {reviews.distribution.map((row) => (
                <li key={row.stars} className="flex items-center gap-2">
                  <span className="w-14 text-muted">
                    {row.stars} {row.stars === 1 ? "star" : "stars"}
                  </span>
                  <span aria-hidden="true" className="h-2 flex-1 overflow-hidden rounded-full bg-gray-200">
                    <span
                      className="block h-full rounded-full bg-amber-500"
                      style={{
                        width: `${reviews.count ? Math.round((row.count / reviews.count) * 100) : 0}%`,
                      }}
                    />
                  </span>
                  <span className="w-8 text-right text-ink">{row.count}</span>
                </li>
              ))}
            </ul>
          </div>
          <ul className="mt-6 divide-y divide-gray-200 border-gray-200 border-y">
            {reviews.reviews.map((review) => (
              <li key={review.id} className="py-4">
                <Stars rating={review.rating} />
                {review.comment ? (
                  <p className="mt-1 whitespace-pre-line text-ink">{review.comment}</p>
                ) : null}
                <p className="mt-1 text-muted text-sm">
                  {review.author}, {formatMonth(review.createdAt, zone)}
                </p>
              </li>
            ))}
          </ul>
          {reviews.page > 1 || reviews.hasMore ? (
            <nav aria-label="Review pages" className="mt-4 flex gap-4 text-sm">
              {reviews.page > 1 ? (
                <Link
                  to={pageHref(reviews.page - 1)}
                  preventScrollReset
                  className="font-semibold text-brand-700 underline-offset-4 hover:underline"
                >
                  Newer reviews
                </Link>
              ) : null}
              {reviews.hasMore ? (
                <Link
                  to={pageHref(reviews.page + 1)}
                  preventScrollReset
                  className="font-semibold text-brand-700 underline-offset-4 hover:underline"
                >
                  Older reviews
                </Link>
              ) : null}
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}
