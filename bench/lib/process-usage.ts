import { readFile } from "node:fs/promises";

/** Resident memory of a process in MB (1 MB = 1024 × 1024 bytes), from /proc/<pid>/status (Linux). */
export async function residentMegabytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  if (!match) throw new Error(`no VmRSS line in /proc/${pid}/status`);
  return Number(match[1]) / 1024;
}

/** CPU time a process has used so far (user + system), in ms, from /proc/<pid>/stat (Linux; 10 ms ticks). */
export async function cpuMilliseconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  // The fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticksPerSecond = 100;
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}
