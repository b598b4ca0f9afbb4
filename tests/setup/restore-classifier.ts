// Each test file's setup: the classifier trained once by train-classifier-once.ts, restored.
import { readFileSync } from "node:fs";
import { inject } from "vitest";
import { restoreClassifier } from "~/features/bot/nlu";

const saved = JSON.parse(readFileSync(inject("savedClassifierFile"), "utf8"));
if (!restoreClassifier(saved)) {
  throw new Error("The classifier trained for this run was refused: it was trained from other examples.");
}
