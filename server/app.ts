// The server bundle's entry (see vite.config.ts): pages and API in one module graph.

import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import * as build from "virtual:react-router/server-build";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { restoreClassifier, type SavedClassifier } from "~/features/bot/nlu";
import { clockFrom } from "~/infra/clock.server";
import { policyOptionsFor } from "~/infra/content-security-policy.server";
import { directoryMomentFor } from "~/kept/directory.server";
import type { KeptParts } from "~/kept/kept.server";
import type { AnyRequest, AnyResponse } from "./cleartext-http2";
import { createHttpApp } from "./http-app";
import { createMemoryAnswerer } from "./memory-answers";
import { createPageHandler } from "./page-handler";
import { closeRuntime, getRuntime } from "./runtime";

export { saveClassifier } from "~/features/bot/nlu";
export { buildVoiceModel } from "~/features/voice/voice-support.server";

/** Written by `npm run build` (scripts/save-bot-classifier.mjs) beside this bundle. */
export const SAVED_CLASSIFIER_FILE = "server/bot-classifier.json";

/**
 * The whole HTTP pipeline as Node serves it: its first step answers what is already in memory
 * (server/memory-answers.ts, HTTP/1.1 only), every other request goes through the Hono app
 * (server/http-app.ts). `fetch` is the Hono app alone, for Fetch-style callers.
 *
 * The render bench (bench/render-entry.ts) gives its own `build` and keeps nothing, so that every
 * request renders.
 */
export async function createApp(options: { build?: ServerBuild; kept?: KeptParts } = {}) {
  if (import.meta.env.PROD) loadSavedClassifier();
  const runtime = await getRuntime();
  const { env, logger } = runtime;
  // In development every request makes a new app from the edited code: shared pages would hide edits.
  const kept: KeptParts = options.kept ?? {
    ...runtime.kept,
    sharedPages: env.isProduction ? runtime.kept.sharedPages : undefined,
  };
  const app = createHttpApp({
    ...runtime,
    voice: runtime.speech.support,
    kept,
    handlePage: createPageHandler(options.build ?? build, env.NODE_ENV),
    clientDirectory: env.isProduction ? `${process.env.BUILD_DIR ?? "build"}/client` : undefined,
  });
  const answerFromMemory = createMemoryAnswerer({
    sharedPages: kept.sharedPages,
    catalogue: kept.catalogue,
    catalogueMoment: directoryMomentFor(clockFrom(env), env.AGENCY_TZ),
    policy: policyOptionsFor(env),
    logger,
  });
  const appListener = getRequestListener(app.fetch);
  const listener = (request: AnyRequest, response: AnyResponse) =>
    request.httpVersionMajor === 1 && answerFromMemory(request as IncomingMessage, response as ServerResponse)
      ? undefined
      : appListener(request, response);
  return { fetch: app.fetch, listener };
}

export { closeRuntime };

/** The assistant's classifier as the build trained it, so a start does not spend its time training it. */
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
