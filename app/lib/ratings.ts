/**
 * A consultant's rating as every list shows it, from the count and sum of visible reviews kept on
 * the consultant's row (features/reviews keeps them).
 */

/** The average of visible ratings to one decimal ("4.5"), or null when there are none. */
export function averageRating(summary: { reviewCount: number; ratingTotal: number }): number | null {
  if (summary.reviewCount === 0) return null;
  return Math.round((summary.ratingTotal / summary.reviewCount) * 10) / 10;
}

/** "4.5 out of 5 from 12 reviews": what a card's stars say to a screen reader. */
export function ratingSentence(average: number, count: number): string {
  return `Rated ${average.toFixed(1)} out of 5 from ${count} ${count === 1 ? "review" : "reviews"}`;
}
