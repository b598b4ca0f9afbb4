import Sentiment from "sentiment";
import type { SentimentResponse } from "~/lib/lex-wire";

const analyzer = new Sentiment();

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

/**
 * The visitor's tone in Lex's shape, from the AFINN-165 word list (the `sentiment` package): each
 * rated word adds its weight (−5…+5) to the positive or negative side.
 *
 * The four scores add up to 1:
 * - neutral shrinks as rated words add weight: 1 / (1 + weight / 2), so a text without rated words
 *   is fully neutral and one mild word ("thanks", weight 2) makes it half neutral;
 * - what is left is split between mixed (as much as both sides are present: twice the smaller
 *   side over the total) and the two sides in proportion to their weight.
 * The label is the largest of the four (a tie goes to the side named first: positive, negative).
 */
export function analyzeSentiment(text: string): SentimentResponse {
  const result = analyzer.analyze(text);
  let positive = 0;
  let negative = 0;
  for (const entry of result.calculation) {
    for (const weight of Object.values(entry)) {
      if (weight > 0) positive += weight;
      else negative -= weight;
    }
  }
  const total = positive + negative;
  if (total === 0) {
    return {
      sentiment: "NEUTRAL",
      sentimentScore: { positive: 0, negative: 0, neutral: 1, mixed: 0 },
    };
  }
  const neutral = 1 / (1 + total / 2);
  const rest = 1 - neutral;
  const mixed = rest * ((2 * Math.min(positive, negative)) / total);
  const sides = rest - mixed;
  const scores = {
    positive: round((sides * positive) / total),
    negative: round((sides * negative) / total),
    neutral: round(neutral),
    mixed: round(mixed),
  };
  const ranked = (
    [
      ["POSITIVE", scores.positive],
      ["NEGATIVE", scores.negative],
      ["NEUTRAL", scores.neutral],
      ["MIXED", scores.mixed],
    ] as const
  ).reduce((best, entry) => (entry[1] > best[1] ? entry : best));
  return { sentiment: ranked[0], sentimentScore: scores };
}
