/** Why a request could not be done; the HTTP layer turns each kind into its status code. */
export type FailureKind =
  | "invalid"
  | "unauthenticated"
  | "forbidden"
  | "not-found"
  | "conflict"
  | "too-large"
  | "unsupported-type"
  | "rate-limited"
  /** A service we depend on (a payment provider) did not answer: nobody's mistake, try again later. */
  | "provider-down";

export const statusForFailure: Record<FailureKind, 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 502> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  "too-large": 413,
  "unsupported-type": 415,
  "rate-limited": 429,
  "provider-down": 502,
};

/** An expected failure, with a sentence meant for the person who made the request. */
export class FeatureError extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    /** Field name → message, for forms that show errors beside each field. */
    readonly fieldErrors: Record<string, string> = {},
    readonly retryAfterSeconds?: number,
  ) {
    // An expected outcome, told to a person; nobody reads where it was thrown. Capturing the stack
    // was a real cost of each refused booking in a rush, where hundreds are refused.
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = stackTraceLimit;
    this.name = "FeatureError";
  }
}

/**
 * Staff saved a record that someone else saved after they opened it: every version-checked change
 * (consultants, projects, people) refuses with this one sentence.
 */
export const CHANGED_BY_SOMEONE_ELSE =
  "This record was changed by someone else while you were editing. Reload to see the latest version.";

/** The refusal of a version-checked change whose version is no longer the record's. */
export function changedBySomeoneElse(): FeatureError {
  return new FeatureError("conflict", CHANGED_BY_SOMEONE_ELSE);
}

/**
 * The database gave up one of two changes made at the same moment (a deadlock, or a serialization
 * failure): the person may simply try again, so they get a 409 with a sentence, never a 500.
 */
export function concurrentChangeRefusal(error: unknown): FeatureError | undefined {
  const code = databaseErrorCode(error);
  if (code !== "40P01" && code !== "40001") return undefined;
  return new FeatureError("conflict", "Someone else changed this at the same moment. Please try again.");
}

/** Whether the database refused a row that a unique index already holds (PostgreSQL's 23505). */
export function isUniqueViolation(error: unknown): boolean {
  return databaseErrorCode(error) === "23505";
}

/** PostgreSQL's SQLSTATE of an error, or of the error it wraps (the driver's, under drizzle's). */
function databaseErrorCode(error: unknown): string | undefined {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** The first message per field of a failed zod parse, keyed by the field's path. */
function fieldErrorsFrom(
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join(".") || "form";
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Parses input with a zod schema, or throws a FeatureError naming the first problem. */
export function parseInput<T>(
  schema: {
    safeParse(
      input: unknown,
    ):
      | { success: true; data: T }
      | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };
  },
  input: unknown,
): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fieldErrors = fieldErrorsFrom(result.error.issues);
  throw new FeatureError("invalid", Object.values(fieldErrors)[0] ?? "Please check the form.", fieldErrors);
}
