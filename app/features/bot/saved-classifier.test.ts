import { describe, expect, it, vi } from "vitest";
import { evaluationSet } from "../../../bench/bot-evaluation-set";
import { faqIntentName } from "./catalog";

type Nlu = typeof import("./nlu");

/** A fresh copy of the module: its classifier is trained (or restored) once per copy. */
async function freshNlu(): Promise<Nlu> {
  vi.resetModules();
  return import("./nlu");
}

describe("a saved classifier", () => {
  it("understands every message of the evaluation set exactly as the one it was saved from", async () => {
    const trained = await freshNlu();
    const saved = JSON.parse(JSON.stringify(await trained.saveClassifier()));
    const restored = await freshNlu();
    expect(restored.restoreClassifier(saved)).toBe(true);
    for (const { text } of evaluationSet) {
      expect(await restored.understand(text), text).toEqual(await trained.understand(text));
    }
  });

  it("is not used when it was trained from other examples, and the classifier is trained instead", async () => {
    const saved = await (await freshNlu()).saveClassifier();
    const restored = await freshNlu();
    expect(restored.restoreClassifier({ ...saved, trainedFrom: "other examples" })).toBe(false);
    expect((await restored.understand("Do you have a referral program?")).top.intent).toBe(
      faqIntentName("referral"),
    );
  });
});
