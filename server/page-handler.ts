import { createRequestHandler, type HandleErrorFunction, type ServerBuild } from "react-router";
import { isDatabaseUnavailable } from "~/infra/db.server";
import type { PageHandler } from "./http-app";

/**
 * React Router's request handler for pages, except that a page whose loader or action could not
 * reach the database is not rendered as a 500: the error goes on to the HTTP app's `onError`, which
 * answers 503 with Retry-After and a sentence, as the API does. (React Router turns every thrown
 * error into a 500 after sanitizing it, so the outage is noticed in its `handleError` hook, which
 * receives the request's load context.)
 */
export function createPageHandler(build: ServerBuild, mode: string): PageHandler {
  const outages = new WeakMap<object, unknown>();
  const logError = build.entry.module.handleError;
  const handleError: HandleErrorFunction = (error, args) => {
    // Logged once, by onError, with the answer it led to.
    if (isDatabaseUnavailable(error)) outages.set(args.context, error);
    else logError?.(error, args);
  };
  const handleRequest = createRequestHandler(
    { ...build, entry: { ...build.entry, module: { ...build.entry.module, handleError } } },
    mode,
  );
  return async (request, context) => {
    const response = await handleRequest(request, context);
    const outage = outages.get(context);
    if (outage === undefined) return response;
    await response.body?.cancel();
    throw outage;
  };
}
