import { FeatureError, statusForFailure } from "~/lib/errors";

/** A short answer in words for a download or feed that could not be given (never cached). */
export function plainText(status: number, message: string, retryAfterSeconds?: number): Response {
  const headers = new Headers({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
  if (retryAfterSeconds) headers.set("Retry-After", String(retryAfterSeconds));
  return new Response(message, { status, headers });
}

/**
 * A receipt or credit note as a download: the PDF inline (the browser's viewer opens it, and its
 * save button keeps the document's number as the name), private to the one who asked. A document
 * that is not found, or not theirs, is a plain 404; too many downloads a 429 saying how long to wait.
 */
export async function pdfDocumentResponse(
  render: () => Promise<{ fileName: string; pdf: Buffer }>,
): Promise<Response> {
  try {
    const { fileName, pdf } = await render();
    return new Response(new Uint8Array(pdf), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Length": String(pdf.length),
        "Content-Disposition": `inline; filename="${fileName}"`,
        "Cache-Control": "private, no-store",
        "X-Robots-Tag": "noindex",
      },
    });
  } catch (error) {
    return plainTextRefusal(error);
  }
}

/** An expected failure's sentence and status as plain text; anything else is thrown on. */
export function plainTextRefusal(error: unknown): Response {
  if (!(error instanceof FeatureError)) throw error;
  return plainText(statusForFailure[error.kind], error.message, error.retryAfterSeconds);
}

/** The answer to a download asked for without a session: 401, with what to do. */
export function signInToDownload(): Response {
  return plainText(401, "Please log in to download this document.");
}
