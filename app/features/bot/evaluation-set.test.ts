// The benchmark's labelled sentences must stay apart from what the classifier is trained on, or its
// accuracy would measure memory rather than understanding.
import { describe, expect, it } from "vitest";
import { evaluationSet } from "../../../bench/bot-evaluation-set";
import { knownIntentNames, trainingExamples } from "./catalog";
import { words } from "./text";

describe("the evaluation set of npm run bench:bot", () => {
  it("holds at least 300 sentences, each labelled with an intent the assistant has", () => {
    expect(evaluationSet.length).toBeGreaterThanOrEqual(300);
    const known = knownIntentNames();
    for (const item of evaluationSet) expect(known, item.text).toContain(item.intent);
  });

  it("shares no sentence with the training examples", () => {
    const trained = new Set(trainingExamples().map((example) => words(example.text).join(" ")));
    const shared = evaluationSet.filter((item) => trained.has(words(item.text).join(" ")));
    expect(shared.map((item) => item.text)).toEqual([]);
  });
});
