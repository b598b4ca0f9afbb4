import type { Context } from "hono";
import { FeatureError } from "~/lib/errors";

/** The JSON body as an object, or a 400 with a sentence when it is missing or malformed. */
export async function readJsonObject(context: Context): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = await context.req.json();
  } catch {
    throw new FeatureError("invalid", "The request body must be valid JSON.");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new FeatureError("invalid", "The request body must be a JSON object.");
  }
  return body as Record<string, unknown>;
}

/** Form fields of a multipart or url-encoded body; files stay File objects. */
export async function readFormBody(context: Context): Promise<Record<string, string | File>> {
  try {
    return (await context.req.parseBody()) as Record<string, string | File>;
  } catch {
    throw new FeatureError("invalid", "The form data could not be read.");
  }
}
