import { spawnSync } from "node:child_process";

export const PROMTOOL_INSTALL_COMMAND = "apt-get install -y prometheus";

/**
 * What Prometheus' own checker, `promtool check metrics` (Debian's prometheus package), says of a
 * scrape read on its standard input: its exit status and its complaints (format errors, and lint:
 * counters without `_total`, units not in base units, missing help). Status 0 means accepted.
 */
export function promtoolCheckMetrics(text: string): { status: number | null; complaints: string } {
  const result = spawnSync("promtool", ["check", "metrics"], { input: text, encoding: "utf8" });
  if (result.error) {
    throw new Error(`promtool could not run (${result.error.message}): ${PROMTOOL_INSTALL_COMMAND}`);
  }
  return { status: result.status, complaints: `${result.stdout}${result.stderr}`.trim() };
}
