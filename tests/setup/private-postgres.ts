/**
 * A PostgreSQL server of a test's own, in a temporary folder on a free port, made with the machine's
 * binaries: a test may stop, freeze and restart it without disturbing the shared server other tests
 * use. Run as root, the server runs as the `postgres` user (PostgreSQL refuses to run as root).
 */
import { execFile } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "./free-port";

const run = promisify(execFile);

/** The newest installed PostgreSQL's bin folder holding initdb and pg_ctl, or undefined. */
export function findPostgresBinaries(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => existsSync(path.join(root, name, "bin/initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && path.join(root, versions[0], "bin");
}

export interface PrivatePostgres {
  /** Connection string for the `postgres` database, by TCP on 127.0.0.1. */
  url: string;
  /** `fast` ends sessions with an error (as a restart does); `immediate` is a crash. */
  stop(mode: "fast" | "immediate"): Promise<void>;
  start(): Promise<void>;
  /** SIGSTOP to the server and its sessions: they keep their sockets but never answer. */
  freeze(): Promise<void>;
  thaw(): Promise<void>;
  /** Stops the server (if running) and deletes its folder. */
  remove(): Promise<void>;
}

export async function startPrivatePostgres(binaries: string): Promise<PrivatePostgres> {
  const port = await freePort();
  const folder = mkdtempSync(path.join(tmpdir(), "va-hub-postgres-"));
  const dataDirectory = path.join(folder, "data");
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: group } = await run("id", ["-g", "postgres"]);
    chownSync(folder, Number(stdout.trim()), Number(group.trim()));
  }
  const postgres = (program: string, args: string[]) =>
    asRoot
      ? run("runuser", ["-u", "postgres", "--", path.join(binaries, program), ...args])
      : run(path.join(binaries, program), args);

  await postgres("initdb", [
    "-D",
    dataDirectory,
    "-U",
    "postgres",
    "--auth=trust",
    "--no-sync",
    "-E",
    "UTF8",
  ]);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = async () => {
    await postgres("pg_ctl", [
      "-D",
      dataDirectory,
      "-o",
      options,
      "-l",
      path.join(folder, "log"),
      "-w",
      "-t",
      "60",
      "start",
    ]);
  };
  const processes = async (): Promise<string[]> => {
    const postmaster = readFileSync(path.join(dataDirectory, "postmaster.pid"), "utf8")
      .split("\n")[0]!
      .trim();
    const { stdout } = await run("ps", ["-o", "pid=", "--ppid", postmaster]);
    return [
      postmaster,
      ...stdout
        .split("\n")
        .map((pid) => pid.trim())
        .filter(Boolean),
    ];
  };
  const signalAll = async (signal: "SIGSTOP" | "SIGCONT") => {
    for (const pid of await processes()) process.kill(Number(pid), signal);
  };
  let running = false;
  await start();
  running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async (mode) => {
      await postgres("pg_ctl", ["-D", dataDirectory, "-m", mode, "-w", "-t", "60", "stop"]);
      running = false;
    },
    start: async () => {
      await start();
      running = true;
    },
    freeze: () => signalAll("SIGSTOP"),
    thaw: () => signalAll("SIGCONT"),
    remove: async () => {
      if (running) {
        await signalAll("SIGCONT").catch(() => {});
        await postgres("pg_ctl", ["-D", dataDirectory, "-m", "immediate", "-w", "stop"]).catch(() => {});
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
