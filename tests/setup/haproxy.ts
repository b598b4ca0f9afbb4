/**
 * HAProxy (Debian's package, installed by .ci/run) started from deploy/haproxy/haproxy.cfg as
 * shipped, its addresses given in the environment variables that file reads.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync, writeFileSync } from "node:fs";
import { userInfo } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { promisify } from "node:util";

const run = promisify(execFile);

export const SHIPPED_HAPROXY_CONFIG = path.resolve("deploy/haproxy/haproxy.cfg");

/** Why HAProxy cannot be started here (tests needing it are skipped with this reason), or nothing. */
export async function whyNoHaproxy(): Promise<string | undefined> {
  const commands = [
    { command: "haproxy", versionArgument: "-v" },
    { command: "openssl", versionArgument: "version" },
  ];
  for (const { command, versionArgument } of commands) {
    try {
      await run(command, [versionArgument]);
    } catch {
      return `the ${command} command is missing (apt-get install -y ${command}; .ci/run installs it)`;
    }
  }
  return undefined;
}

/** A certificate and key for `ipAddress`, in one PEM file as HAProxy's `crt` takes it; and the certificate alone. */
export async function selfSignedCertificate(
  directory: string,
  ipAddress: string,
): Promise<{ pemFile: string; certificate: string }> {
  const keyFile = path.join(directory, "balancer-key.pem");
  const certificateFile = path.join(directory, "balancer-certificate.pem");
  await run("openssl", [
    "req",
    "-x509",
    "-newkey",
    "ec",
    "-pkeyopt",
    "ec_paramgen_curve:prime256v1",
    "-nodes",
    "-days",
    "1",
    "-subj",
    `/CN=${ipAddress}`,
    "-addext",
    `subjectAltName=IP:${ipAddress}`,
    "-keyout",
    keyFile,
    "-out",
    certificateFile,
  ]);
  const certificate = readFileSync(certificateFile, "utf8");
  const pemFile = path.join(directory, "balancer.pem");
  writeFileSync(pemFile, certificate + readFileSync(keyFile, "utf8"));
  return { pemFile, certificate };
}

/**
 * The shipped file drops to the haproxy user, which only root may do (HAProxy starts as root under
 * systemd); started by anyone else, it stays who it is.
 */
async function ownIdentity(): Promise<Record<string, string>> {
  if (process.getuid?.() === 0) return {};
  const { stdout } = await run("id", ["-gn"]);
  return { HAPROXY_USER: userInfo().username, HAPROXY_GROUP: stdout.trim() };
}

export interface RunningHaproxy {
  child: ChildProcess;
  /** Its log (one line per request, and each server's state changes), as it came. */
  lines: string[];
  /** Each server of `backend` by name, with its state as the stats page shows it (UP, DOWN…). */
  serverStates(backend: string): Promise<Map<string, string>>;
  stop(): Promise<void>;
}

/**
 * Starts HAProxy in the foreground on `configFile`, with `environment` added to this process's
 * (the variables the shipped file reads); resolves once its stats page at `statsAddress` answers.
 */
export async function startHaproxy(
  configFile: string,
  environment: Record<string, string>,
  statsAddress: string,
): Promise<RunningHaproxy> {
  const child = spawn("haproxy", ["-db", "-f", configFile], {
    env: { ...process.env, ...(await ownIdentity()), ...environment },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  createInterface({ input: child.stdout! }).on("line", (line) => lines.push(line));
  createInterface({ input: child.stderr! }).on("line", (line) => lines.push(line));
  const exited = once(child, "exit");
  const serverStates = async (backend: string) => {
    const csv = await (await fetch(`http://${statsAddress}/stats;csv`)).text();
    const [header = "", ...rows] = csv.trim().split("\n");
    const columns = header.replace(/^# /, "").split(",");
    const [proxy, server, status] = ["pxname", "svname", "status"].map((name) => columns.indexOf(name));
    const states = new Map<string, string>();
    for (const fields of rows.map((row) => row.split(","))) {
      const name = fields[server!] ?? "";
      if (fields[proxy!] === backend && name !== "BACKEND") states.set(name, fields[status!] ?? "");
    }
    return states;
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited at start:\n${lines.join("\n")}`);
    if (
      await fetch(`http://${statsAddress}/stats`).then(
        (answer) => answer.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`haproxy did not start:\n${lines.join("\n")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    child,
    lines,
    serverStates,
    stop,
  };
}
