import { spawnSync } from "node:child_process";

export const PDFTOTEXT_INSTALL_COMMAND = "apt-get install -y poppler-utils";

/**
 * The text a PDF reader would select in a PDF, read by poppler's pdftotext (Debian's
 * poppler-utils), as one line with every run of spaces and line breaks made one space (so a phrase
 * the page wraps is still found). A test that reads a document back this way proves its words are
 * real text, not a picture of them.
 */
export function pdfText(pdf: Uint8Array): string {
  const result = spawnSync("pdftotext", ["-enc", "UTF-8", "-", "-"], { input: pdf, encoding: "utf8" });
  if (result.error) {
    throw new Error(`pdftotext could not run (${result.error.message}): ${PDFTOTEXT_INSTALL_COMMAND}`);
  }
  if (result.status !== 0) throw new Error(`pdftotext failed: ${result.stderr}`);
  return result.stdout.replace(/\s+/g, " ").trim();
}
