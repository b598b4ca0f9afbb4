// Each test file's setup: the classifier trained once by train-classifier-once.ts, restored. Test
// files share their worker's modules (vitest.config.ts), so a worker restores it for its first file only.
import { readFileSync } from "node:fs";
import { inject } from "vitest";
import { restoreClassifier } from "~/features/bot/nlu";

const restoredKey = Symbol.for("va-agency.test-classifier-restored");
const worker = globalThis as { [restoredKey]?: boolean };
if (!worker[restoredKey]) {
  const saved = JSON.parse(readFileSync(inject("savedClassifierFile"), "utf8"));
  if (!restoreClassifier(saved)) {
    throw new Error("The classifier trained for this run was refused: it was trained from other examples.");
  }
  worker[restoredKey] = true;
}
