/**
 * Lex V2 carries JSON in HTTP headers for its streaming operations (RecognizeUtterance, PutSession):
 * gzip-compressed, then base64-encoded. These helpers do both directions.
 */
import { gunzipSync, gzipSync } from "node:zlib";
import { FeatureError } from "~/lib/errors";

/** The most a header may decompress to (a session state is capped well below this). */
const MAX_DECODED_BYTES = 64 * 1024;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export function encodeLexHeader(value: unknown): string {
  return gzipSync(Buffer.from(JSON.stringify(value), "utf8")).toString("base64");
}

/** The JSON a Lex header carries, or a ValidationException naming the header. */
export function decodeLexHeader(name: string, value: string): unknown {
  const trimmed = value.trim();
  const problem = () =>
    new FeatureError(
      "invalid",
      `1 validation error detected: Value at '${name}' failed to satisfy constraint: Member must be JSON, gzip-compressed and then base64-encoded.`,
    );
  if (trimmed === "" || trimmed.length % 4 === 1 || !BASE64.test(trimmed)) throw problem();
  let text: string;
  try {
    const bytes = gunzipSync(Buffer.from(trimmed, "base64"), { maxOutputLength: MAX_DECODED_BYTES });
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw problem();
  }
  try {
    return JSON.parse(text);
  } catch {
    throw problem();
  }
}
