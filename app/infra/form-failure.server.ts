import { data } from "react-router";
import { concurrentChangeRefusal, FeatureError, statusForFailure } from "~/lib/errors";

export interface FormFailure<Values extends Record<string, string> = Record<string, string>> {
  error: string;
  fieldErrors: Record<string, string>;
  /** What the visitor typed, so the form can show it again. */
  values: Values;
}

/**
 * The one way a form's route turns an expected failure (a FeatureError: a feature's rule, a
 * schema's field errors, a filled honeypot, a rate limit) into its answer: status, sentence, field
 * errors, the values to show again, and whatever else the page needs to draw itself (`extra`, e.g.
 * the step of a multi-step form). Anything unexpected is re-thrown for the error page.
 */
export function formFailure<
  Values extends Record<string, string>,
  Extra extends object = Record<never, never>,
>(thrown: unknown, values: Values, extra?: Extra) {
  const error = thrown instanceof FeatureError ? thrown : concurrentChangeRefusal(thrown);
  if (!error) throw thrown;
  const headers = new Headers();
  if (error.retryAfterSeconds) headers.set("Retry-After", String(error.retryAfterSeconds));
  return data<FormFailure<Values> & Extra>(
    { ...(extra as Extra), error: error.message, fieldErrors: error.fieldErrors, values },
    { status: statusForFailure[error.kind], headers },
  );
}

/** The text fields of a submitted form (files and the given secrets left out). */
export function textValues(form: FormData, omit: string[] = []): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) {
    if (typeof value === "string" && !omit.includes(key)) values[key] = value;
  }
  return values;
}
