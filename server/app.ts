// The server bundle's entry (see vite.config.ts): pages and API in one module graph.

import { readFileSync } from "node:fs";
import path from "node:path";
import * as build from "virtual:react-router/server-build";
import { createElement } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { type ServerBuild, ServerRouter } from "react-router";
import { restoreClassifier, type SavedClassifier } from "~/features/bot/nlu";
import { policyOptionsFor } from "~/infra/content-security-policy.server";
import { catalogueMomentFor, createHttpApp, PAGE_STORE_OPTIONS } from "./http-app";
import { createMemoryAnswerer } from "./memory-answers";
import { PageStore } from "./page-cache";
import { createPageHandler } from "./page-handler";
import { closeRuntime, getRuntime } from "./runtime";

/** The pages' build inside this bundle, for the render bench (bench/render-worker.ts). */
export const serverBuild: ServerBuild = build;
/** React and React Router as bundled here, for the same bench's bare renders of the same tree. */
export const react = { createElement, renderToString, renderToPipeableStream, ServerRouter };

export { saveClassifier } from "~/features/bot/nlu";

/** Written by `npm run build` (scripts/save-bot-classifier.mjs) beside this bundle. */
export const SAVED_CLASSIFIER_FILE = "server/bot-classifier.json";

/**
 * The HTTP app, and the lane that answers from memory before it (server/main.ts tries that first).
 * For the render bench, which measures every render: `options.build` stands in for the pages'
 * build, and `keepPages: false` renders every page for every visitor.
 */
export async function createApp(options: { build?: ServerBuild; keepPages?: boolean } = {}) {
  if (import.meta.env.PROD) loadSavedClassifier();
  const runtime = await getRuntime();
  const { env, logger, catalogueAnswers } = runtime;
  const pageStore = new PageStore(PAGE_STORE_OPTIONS);
  const keptDirectoryPages = options.keepPages === false ? undefined : runtime.cataloguePages;
  const app = createHttpApp({
    ...runtime,
    cataloguePages: keptDirectoryPages,
    pageStore,
    keepPages: options.keepPages,
    handlePage: createPageHandler(options.build ?? build, env.NODE_ENV),
    clientDirectory: env.isProduction ? `${process.env.BUILD_DIR ?? "build"}/client` : undefined,
  });
  const answerFromMemory = createMemoryAnswerer({
    pages: pageStore,
    catalogue: keptDirectoryPages && { pages: keptDirectoryPages, moment: catalogueMomentFor(env) },
    catalogueAnswers,
    policy: policyOptionsFor(env),
    logger,
  });
  return { fetch: app.fetch, answerFromMemory };
}

export { closeRuntime };

/** The assistant's classifier as the build trained it, so a start does not spend a second training it. */
function loadSavedClassifier(): void {
  let saved: SavedClassifier;
  try {
    saved = JSON.parse(
      readFileSync(path.resolve(process.env.BUILD_DIR ?? "build", SAVED_CLASSIFIER_FILE), "utf8"),
    );
  } catch {
    return; // Not built with one (or unreadable): the classifier is trained at start instead.
  }
  restoreClassifier(saved);
}
