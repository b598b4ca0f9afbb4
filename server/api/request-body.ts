import type { Context } from "hono";
import { FeatureError } from "~/lib/errors";

/**
 * The JSON body as an object. A body sent as another type answers 415; one that is missing,
 * malformed, not an object, or holds a NUL character anywhere (PostgreSQL cannot store it) 400,
 * each with a sentence.
 */
export async function readJsonObject(context: Context): Promise<Record<string, unknown>> {
  const contentType = context.req.header("Content-Type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (contentType !== "application/json") {
    throw new FeatureError(
      "unsupported-type",
      "Please send the request body as JSON (Content-Type: application/json).",
    );
  }
  let body: unknown;
  try {
    body = await context.req.json();
  } catch {
    throw new FeatureError("invalid", "The request body must be valid JSON.");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new FeatureError("invalid", "The request body must be a JSON object.");
  }
  refuseNulCharacters(body as Record<string, unknown>);
  return body as Record<string, unknown>;
}

/** A 400 naming the first field that holds a NUL character anywhere inside it. */
function refuseNulCharacters(fields: Record<string, unknown>): void {
  const field = Object.keys(fields).find((key) => key.includes("\0") || holdsNul(fields[key]));
  if (field === undefined) return;
  const message = "This field holds a control character we cannot accept.";
  throw new FeatureError("invalid", message, { [field]: message });
}

function holdsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\0");
  if (Array.isArray(value)) return value.some(holdsNul);
  if (typeof value === "object" && value !== null) {
    return Object.entries(value).some(([key, entry]) => key.includes("\0") || holdsNul(entry));
  }
  return false;
}

/** Form fields of a multipart or url-encoded body; files stay File objects. */
export async function readFormBody(context: Context): Promise<Record<string, string | File>> {
  let fields: Record<string, string | File>;
  try {
    fields = (await context.req.parseBody()) as Record<string, string | File>;
  } catch {
    throw new FeatureError("invalid", "The form data could not be read.");
  }
  refuseNulCharacters(fields);
  return fields;
}
