/**
 * The checks every bot operation makes of its request before it touches a session: the session's
 * address, the body against its schema, and the sizes Lex allows, each failing in Lex's wording.
 */
import { FeatureError } from "~/lib/errors";
import { LIMITS, type SessionKey, sessionKeyProblem } from "~/lib/lex-wire";

/** Lex's wording for a request that breaks a rule: "1 validation error detected: Value at …". */
export function validationError(path: string, message: string): FeatureError {
  return new FeatureError(
    "invalid",
    `1 validation error detected: Value at '${path}' failed to satisfy constraint: ${message}`,
  );
}

/** Checks the four ids of a session's address (and that the built-in assistant speaks the locale). */
export function checkSessionKey(key: SessionKey): void {
  const problem = sessionKeyProblem(key);
  if (problem) throw new FeatureError("invalid", `1 validation error detected: ${problem}`);
  if (!key.localeId.startsWith("en_")) {
    throw new FeatureError(
      "not-found",
      `Locale '${key.localeId}' is not available for bot '${key.botId}'. The built-in assistant speaks English (en_US, en_GB and other en_ locales).`,
    );
  }
}

/** Parses a request body with a schema, turning the first problem into Lex's validation wording. */
export function parseBody<T>(
  schema: {
    safeParse(
      input: unknown,
    ):
      | { success: true; data: T }
      | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };
  },
  body: unknown,
): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue?.path.map(String).join(".") || "body";
  throw validationError(path, issue?.message ?? "The request is not valid.");
}

export function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value ?? null), "utf8");
}

export function checkSizes(sessionState: unknown, requestAttributes: unknown): void {
  if (jsonBytes(sessionState) > LIMITS.sessionStateBytes) {
    throw validationError(
      "sessionState",
      `Member must be at most ${LIMITS.sessionStateBytes} bytes as JSON.`,
    );
  }
  if (jsonBytes(requestAttributes) > LIMITS.requestAttributesBytes) {
    throw validationError(
      "requestAttributes",
      `Member must be at most ${LIMITS.requestAttributesBytes} bytes as JSON.`,
    );
  }
}
