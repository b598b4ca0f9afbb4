import { FeatureError } from "~/lib/errors";

function plainText(status: number, message: string): Response {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * A receipt or credit note as a download: the PDF inline (the browser's viewer opens it, and its
 * save button keeps the document's number as the name), private to the one who asked. A document
 * that is not found, or not theirs, is a plain 404.
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
    if (error instanceof FeatureError && error.kind === "not-found") return plainText(404, error.message);
    throw error;
  }
}

/** The answer to a download asked for without a session: 401, with what to do. */
export function signInToDownload(): Response {
  return plainText(401, "Please log in to download this document.");
}
