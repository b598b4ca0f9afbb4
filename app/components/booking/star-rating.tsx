import { ratingSentence } from "~/lib/ratings";

/** Five stars, the first `rating` filled; read out as "4 out of 5 stars". */
export function Stars({ rating, className = "" }: { rating: number; className?: string }) {
  return (
    <span
      className={`inline-flex text-amber-500 ${className}`}
      role="img"
      aria-label={`${rating} out of 5 stars`}
    >
      {[1, 2, 3, 4, 5].map((star) => (
        <span key={star} aria-hidden="true" className={star <= Math.round(rating) ? "" : "text-gray-300"}>
          ★
        </span>
      ))}
    </span>
  );
}

/** "★ 4.5 (12)" on a card; nothing before the first review. */
export function RatingBadge({ average, count }: { average: number | null; count: number }) {
  if (average === null || count === 0) return null;
  return (
    <p className="flex items-center gap-1 text-sm text-muted">
      <span aria-hidden="true" className="text-amber-500">
        ★
      </span>
      <span aria-hidden="true" className="font-semibold text-ink">
        {average.toFixed(1)}
      </span>
      <span aria-hidden="true">({count})</span>
      <span className="sr-only">{ratingSentence(average, count)}</span>
    </p>
  );
}
