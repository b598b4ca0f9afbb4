// Vitest's global setup: trains the assistant's classifier once for the whole run, as `npm run build`
// does for production, instead of once in each of the many test files whose app includes the
// assistant (a costly step in each). restore-classifier.ts hands it to every test file.
// app/features/bot/saved-classifier.test.ts checks that a restored classifier answers as a trained one.
import type { TestProject } from "vitest/node";
import { saveClassifier } from "~/features/bot/nlu";
import { writeRunFile } from "./run-file";

declare module "vitest" {
  export interface ProvidedContext {
    savedClassifierFile: string;
  }
}

export default async function setup(project: TestProject) {
  const { file, remove } = writeRunFile("bot-classifier.json", JSON.stringify(await saveClassifier()));
  project.provide("savedClassifierFile", file);
  return remove;
}
