import { data } from "react-router";
import { FeatureError, statusForFailure } from "~/lib/errors";
import { HONEYPOT_MESSAGE } from "~/lib/honeypot";

export interface FormFailure {
  error: string;
  fieldErrors: Record<string, string>;
  /** What the visitor typed, so the form can show it again. */
  values: Record<string, string>;
}

/**
 * Turns an expected failure into the form's answer (status, sentence, field errors, the values to
 * show again). Anything unexpected is re-thrown for the error page.
 */
export function formFailure(error: unknown, values: Record<string, string>) {
  if (!(error instanceof FeatureError)) throw error;
  const headers = new Headers();
  if (error.retryAfterSeconds) headers.set("Retry-After", String(error.retryAfterSeconds));
  return data<FormFailure>(
    { error: error.message, fieldErrors: error.fieldErrors, values },
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

export function honeypotFailure(values: Record<string, string>) {
  return formFailure(new FeatureError("invalid", HONEYPOT_MESSAGE), values);
}
