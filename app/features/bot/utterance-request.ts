/** The content types of RecognizeUtterance and PutSession, read as Lex reads them. */
import { FeatureError } from "~/lib/errors";
import type { SpokenFormat } from "./bot-provider";

export const TEXT_CONTENT_TYPE = "text/plain; charset=utf-8";

export function isText(contentType: string | undefined): boolean {
  return /^text\/plain\s*(?:;|$)/i.test(contentType ?? "");
}

export function isAudio(contentType: string | undefined): boolean {
  return /^audio\//i.test(contentType ?? "");
}

function invalid(message: string): FeatureError {
  return new FeatureError("invalid", message);
}

/** The request's type is one RecognizeUtterance takes at all (text or some audio). */
export function checkRequestContentType(contentType: string): void {
  if (isText(contentType) || isAudio(contentType)) return;
  throw invalid(
    "1 validation error detected: Value at 'requestContentType' failed to satisfy constraint: Member must be text/plain; charset=utf-8 or an audio/ type.",
  );
}

/** The text of a text/plain body: UTF-8, or a ValidationException. */
export function utf8(body: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(body);
  } catch {
    throw invalid(
      "1 validation error detected: Value at 'inputStream' failed to satisfy constraint: Member must be UTF-8 text.",
    );
  }
}

/** What the answer should be: text (headers only), or speech as PCM or MP3 (`audio/*` is MP3, as in Lex). */
export function answerFormatOf(responseContentType: string | undefined): "text" | SpokenFormat {
  const value = responseContentType?.trim() ?? "";
  if (value === "" || isText(value)) return "text";
  const type = value.split(";")[0]?.trim().toLowerCase();
  if (type === "audio/pcm") return "pcm";
  if (type === "audio/mpeg" || type === "audio/*") return "mpeg";
  throw invalid(
    `1 validation error detected: Value '${value.slice(0, 60)}' at 'responseContentType' failed to satisfy constraint: Member must be text/plain; charset=utf-8, audio/pcm, audio/mpeg or audio/*.`,
  );
}

/** The Content-Type a spoken answer is sent with. */
export function spokenContentType(format: SpokenFormat): string {
  return format === "pcm" ? "audio/pcm" : "audio/mpeg";
}
