import { describe, expect, it } from "vitest";
import { analyzeSentiment } from "./sentiment";

function total(scores: { [key: string]: number } | object): number {
  return (Object.values(scores) as number[]).reduce((sum, value) => sum + value, 0);
}

describe("analyzeSentiment", () => {
  it("is neutral without rated words", () => {
    expect(analyzeSentiment("What is the setup fee?")).toEqual({
      sentiment: "NEUTRAL",
      sentimentScore: { positive: 0, negative: 0, neutral: 1, mixed: 0 },
    });
  });

  it.each([
    ["This is great, thanks a lot!", "POSITIVE"],
    ["This is terrible and useless", "NEGATIVE"],
    ["The team is lovely but I hate waiting", "MIXED"],
  ])("reads %j as %s, with scores that add up to 1", (text, label) => {
    const result = analyzeSentiment(text);
    expect(result.sentiment).toBe(label);
    expect(total(result.sentimentScore)).toBeCloseTo(1, 3);
    const { sentimentScore } = result;
    const largest = Math.max(...Object.values(sentimentScore));
    expect(sentimentScore[label.toLowerCase() as keyof typeof sentimentScore]).toBe(largest);
  });

  it("grows more certain as stronger words pile up", () => {
    const mild = analyzeSentiment("good").sentimentScore.positive;
    const strong = analyzeSentiment("good, great, excellent, amazing").sentimentScore.positive;
    expect(strong).toBeGreaterThan(mild);
  });
});
