import { readFile } from "node:fs/promises";

/** Resident memory of a process in MB (1 MB = 1024 × 1024 bytes), from /proc/<pid>/status (Linux). */
export async function residentMegabytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  if (!match) throw new Error(`no VmRSS line in /proc/${pid}/status`);
  return Number(match[1]) / 1024;
}
