import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Writes something a global setup makes once for the whole test run, in a folder of its own under
 * the system's temporary folder. Returns the file's path and how to remove it when the run ends.
 */
export function writeRunFile(
  name: string,
  content: string | Uint8Array,
): { file: string; remove: () => void } {
  const directory = mkdtempSync(path.join(tmpdir(), "va-hub-test-run-"));
  const file = path.join(directory, name);
  writeFileSync(file, content);
  return { file, remove: () => rmSync(directory, { recursive: true, force: true }) };
}
