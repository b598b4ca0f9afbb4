import { execFile, spawnSync } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

/** What a load generator measured of one request shape. */
export interface LoadFigures {
  requestsPerSecond: number;
  p99Ms: number;
  /** Answers other than 2xx or 3xx, plus connection errors and timeouts. */
  faults: number;
}

/**
 * Whether wrk (Debian's package `wrk`) is installed. It is written in C and spends far less of the
 * machine on each request than autocannon, which matters where the load shares the server's cores.
 */
export function wrkInstalled(): boolean {
  const probe = spawnSync("wrk", ["--version"], { stdio: "ignore" });
  return probe.error === undefined;
}

/** wrk's latency as milliseconds ("850.00us", "1.21ms", "2.05s"). */
function milliseconds(value: string, unit: string): number {
  const amount = Number(value);
  if (unit === "us") return amount / 1000;
  if (unit === "s") return amount * 1000;
  if (unit === "m") return amount * 60_000;
  return amount;
}

/** Reads the figures out of `wrk --latency` output. */
export function wrkFigures(output: string): LoadFigures {
  const perSecond = /Requests\/sec:\s+([\d.]+)/.exec(output);
  const p99 = /^\s+99%\s+([\d.]+)(us|ms|s|m)\s*$/m.exec(output);
  if (!perSecond || !p99) throw new Error(`wrk printed no figures:\n${output}`);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const socketErrors = socket ? socket.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0;
  return {
    requestsPerSecond: Number(perSecond[1]),
    p99Ms: milliseconds(p99[1]!, p99[2]!),
    faults: non2xx + socketErrors,
  };
}

/** wrk on one thread against `url` for `seconds`, after a 2 s warm-up. */
export async function wrkLoad(options: {
  url: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
}): Promise<LoadFigures> {
  const headerArguments = Object.entries(options.headers).flatMap(([name, value]) => [
    "-H",
    `${name}: ${value}`,
  ]);
  const common = ["-t1", `-c${options.connections}`, "--latency", ...headerArguments, options.url];
  await run("wrk", ["-d2s", ...common]);
  const { stdout } = await run("wrk", [`-d${options.seconds}s`, ...common]);
  return wrkFigures(stdout);
}
