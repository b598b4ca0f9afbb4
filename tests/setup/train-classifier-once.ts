// Vitest's global setup: trains the assistant's classifier once for the whole run, as `npm run build`
// does for production, instead of once in each of the forty-odd test files whose app includes the
// assistant (about a second of CPU each). restore-classifier.ts hands it to every test file.
// app/features/bot/saved-classifier.test.ts checks that a restored classifier answers as a trained one.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { saveClassifier } from "~/features/bot/nlu";

declare module "vitest" {
  export interface ProvidedContext {
    savedClassifierFile: string;
  }
}

export default async function setup(project: TestProject) {
  const directory = mkdtempSync(path.join(tmpdir(), "va-hub-classifier-"));
  const file = path.join(directory, "bot-classifier.json");
  writeFileSync(file, JSON.stringify(await saveClassifier()));
  project.provide("savedClassifierFile", file);
  return () => rmSync(directory, { recursive: true, force: true });
}
