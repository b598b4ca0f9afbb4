import { data } from "react-router";
import { FeatureError, statusForFailure } from "~/lib/errors";

/** In a loader: an expected failure shows the error page with its status (404, 403 …), not a 500. */
export function asErrorPage(error: unknown): never {
  if (error instanceof FeatureError) throw data(null, { status: statusForFailure[error.kind] });
  throw error;
}
