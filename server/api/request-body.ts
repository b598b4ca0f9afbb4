import type { Context } from "hono";
import { FeatureError } from "~/lib/errors";

/**
 * The JSON body as an object. A body sent as another type answers 415; one that is missing,
 * malformed, not an object, nested too deeply, or holds a NUL character anywhere (PostgreSQL
 * cannot store it) 400, each with a sentence.
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
  refuseUnsafeFields(body as Record<string, unknown>);
  return body as Record<string, unknown>;
}

/**
 * Deeper than any request of ours needs (the deepest, a consultant's working hours, nests three
 * levels); a deeper body is refused before anything walks it.
 */
const MAX_DEPTH = 16;

/**
 * A 400 naming the first field that holds a NUL character anywhere inside it, or that nests too
 * deeply. The walk keeps its own list rather than recursing, so no body can exhaust the stack.
 */
function refuseUnsafeFields(fields: Record<string, unknown>): void {
  for (const [field, value] of Object.entries(fields)) {
    const problem = field.includes("\0") ? "control-character" : problemInside(value);
    if (problem === undefined) continue;
    const message =
      problem === "control-character"
        ? "This field holds a control character we cannot accept."
        : "This field is nested too deeply.";
    throw new FeatureError("invalid", message, { [field]: message });
  }
}

function problemInside(root: unknown): "control-character" | "too-deep" | undefined {
  const pending: { value: unknown; depth: number }[] = [{ value: root, depth: 1 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, depth } = next;
    if (typeof value === "string" && value.includes("\0")) return "control-character";
    if (typeof value !== "object" || value === null) continue;
    if (depth > MAX_DEPTH) return "too-deep";
    for (const [key, entry] of Object.entries(value)) {
      if (key.includes("\0")) return "control-character";
      pending.push({ value: entry, depth: depth + 1 });
    }
  }
  return undefined;
}

/**
 * JSON text sent in a form field (the old clients send `address` so), checked as a JSON body is:
 * a NUL character or too deep a nesting anywhere inside is a 400 naming the field. Text that is not
 * JSON throws `notJson`.
 */
export function parseJsonField(text: string, field: string, notJson: FeatureError): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw notJson;
  }
  refuseUnsafeFields({ [field]: parsed });
  return parsed;
}

/** Form fields of a multipart or url-encoded body; files stay File objects. */
export async function readFormBody(context: Context): Promise<Record<string, string | File>> {
  let fields: Record<string, string | File>;
  try {
    fields = (await context.req.parseBody()) as Record<string, string | File>;
  } catch {
    throw new FeatureError("invalid", "The form data could not be read.");
  }
  refuseUnsafeFields(fields);
  return fields;
}
