/**
 * A real CalDAV server for tests: Radicale (the Debian package) as a child process on a free loopback
 * port, with its own config, users file and storage in a fresh temporary folder, one user and one
 * calendar collection made for them. Vitest integration tests and Playwright e2e tests alike start
 * one with startRadicale() and stop it with stop(); nothing here imports a test runner.
 *
 * Radicale 3.1.8's behaviour that a CalDAV client meets (calendars.integration.test.ts relies on it):
 * - `/.well-known/caldav` (any method, with or without credentials) answers 301 Moved Permanently to
 *   `/`, the server root; every other `/.well-known/…` path answers 404.
 * - The principal collection `/<user>/` is made on the user's first authenticated request, so
 *   MKCALENDAR on `/<user>/work/` works straight away.
 * - A request with wrong credentials answers 401 (after `[auth] delay`, set to 0 here).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { accessSync, constants, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./free-port";

export const RADICALE_INSTALL_COMMAND = "apt-get install -y radicale";

export interface RadicaleServer {
  /** e.g. http://127.0.0.1:45678/ — the server root, for CalDAV discovery */
  rootUrl: string;
  username: string;
  password: string;
  /** the one calendar collection made for the user, e.g. http://127.0.0.1:45678/consultant/work/ */
  calendarUrl: string;
  /** PUTs one event object (whole VCALENDAR text) as <calendarUrl><name>.ics; name without ".ics" */
  putEvent(name: string, icalendarText: string): Promise<void>;
  /**
   * Replaces the whole calendar with a VCALENDAR of many events in one PUT on the collection
   * (Radicale splits it into one object per UID): thousands of events in seconds, not minutes.
   */
  replaceCalendar(icalendarText: string): Promise<void>;
  /** every object in the calendar, href as the server names it (e.g. /consultant/work/a.ics), by href */
  listEvents(): Promise<{ href: string; text: string }[]>;
  /** DELETEs <calendarUrl><name>.ics; fails when it is not there */
  deleteEvent(name: string): Promise<void>;
  /** stops the server (waits for it to exit) and removes its folder; a second call does nothing */
  stop(): Promise<void>;
}

const STARTUP_TIMEOUT_MS = 10_000;
const STOP_TIMEOUT_MS = 5_000;
/** Attempts at a free port: another process may take the probed port before Radicale binds it. */
const PORT_ATTEMPTS = 3;

/** Servers not stopped yet, killed when the process running the tests exits (see killLeftovers). */
const running = new Map<ChildProcess, string>();
let leftoverHandlerRegistered = false;

/**
 * A test that forgets stop() must not leave Radicale running after its worker exits. The child is
 * unref'd so it does not keep a forgetful script alive, and this kills it when that process exits
 * normally ('exit' handlers must be synchronous: SIGKILL and rmSync). One handler for all servers,
 * so many servers add no listeners to `process`. A process ended by a signal runs no 'exit'
 * handler (Vitest ends its fork workers with SIGTERM): STOP_WHEN_STDIN_CLOSES covers that.
 */
function killLeftovers(): void {
  for (const [child, folder] of running) {
    child.kill("SIGKILL");
    rmSync(folder, { recursive: true, force: true });
  }
  running.clear();
}

function registerLeftoverHandler(): void {
  if (leftoverHandlerRegistered) return;
  leftoverHandlerRegistered = true;
  process.on("exit", killLeftovers);
}

/**
 * Runs the radicale script (argv[1], its arguments after it) in this Python process after starting
 * a thread that waits for stdin to close: stdin is a pipe from the Node process that started it,
 * closed by the kernel however that process ends, even by SIGKILL. Then it SIGTERMs itself (Radicale
 * shuts down cleanly on it) and removes its folder, which no one else is left to remove.
 */
const STOP_WHEN_STDIN_CLOSES = `
import os, runpy, shutil, signal, sys, threading
orphaned = False
def stop_when_stdin_closes():
    global orphaned
    # Signals go to the main thread, whose wait they interrupt (else Radicale notices after ~1 s).
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM, signal.SIGINT})
    sys.stdin.buffer.read()
    orphaned = True
    os.kill(os.getpid(), signal.SIGTERM)
threading.Thread(target=stop_when_stdin_closes, daemon=True).start()
sys.argv = sys.argv[1:]
try:
    runpy.run_path(sys.argv[0], run_name="__main__")
finally:
    if orphaned:
        shutil.rmtree(os.environ["RADICALE_TEST_FOLDER"], ignore_errors=True)
`;

/** The radicale executable on PATH (or Debian's), or undefined when the package is not installed. */
function findRadicale(): string | undefined {
  const folders = [...(process.env.PATH ?? "").split(path.delimiter).filter(Boolean), "/usr/bin"];
  for (const folder of folders) {
    const candidate = path.join(folder, "radicale");
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  return undefined;
}

/** The interpreter on the script's #! line (Debian's: /usr/bin/python3), so a venv install works too. */
function interpreterOf(script: string): string[] {
  const firstLine = readFileSync(script, "utf8").split("\n", 1)[0] ?? "";
  return firstLine.startsWith("#!") ? firstLine.slice(2).trim().split(/\s+/) : ["python3"];
}

function basicAuthorization(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`;
}

function configText(folder: string): string {
  return `[server]
ssl = False

[auth]
type = htpasswd
htpasswd_filename = ${path.join(folder, "users")}
htpasswd_encryption = plain
# Radicale sleeps about this long after a wrong password (against brute force); tests want the 401 now.
delay = 0

[rights]
# each user reads and writes only under /<user>/
type = owner_only

[storage]
filesystem_folder = ${path.join(folder, "collections")}

[logging]
level = warning
`;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface StartedProcess {
  child: ChildProcess;
  rootUrl: string;
  /** what Radicale wrote to stderr so far (the last 64 KiB) */
  stderr(): string;
}

/** Starts Radicale on one free port and waits until it answers HTTP; rejects with its stderr. */
async function startProcess(radicale: string, folder: string): Promise<StartedProcess> {
  const port = await freePort();
  const rootUrl = `http://127.0.0.1:${port}/`;
  // --config replaces Radicale's default config paths, so /etc/radicale/config (Debian's, with
  // remote_user auth and from_file rights) and ~/.config/radicale/config are not read.
  const [interpreter = "python3", ...interpreterArguments] = interpreterOf(radicale);
  const radicaleArguments = ["--config", path.join(folder, "config"), "--server-hosts", `127.0.0.1:${port}`];
  const child = spawn(
    interpreter,
    [...interpreterArguments, "-c", STOP_WHEN_STDIN_CLOSES, radicale, ...radicaleArguments],
    { stdio: ["pipe", "ignore", "pipe"], env: { ...process.env, RADICALE_TEST_FOLDER: folder } },
  );
  // Neither the process nor its pipes keep the Node process alive; its stdin is never written.
  child.unref();
  for (const pipe of [child.stdin, child.stderr]) (pipe as unknown as { unref(): void } | null)?.unref();
  let stderr = "";
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => {
    stderr = (stderr + chunk).slice(-65_536);
  });
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  const spawnError = once(child, "spawn").then(
    () => undefined,
    (error: Error) => error,
  );
  const failure = await spawnError;
  if (failure) throw new Error(`Radicale (${radicale}) did not start: ${failure.message}`);
  running.set(child, folder);

  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline && !exited) {
    try {
      // Any answer means it is serving (GET / redirects to its web page: not followed).
      await fetch(rootUrl, { redirect: "manual", signal: AbortSignal.timeout(1_000) });
      return { child, rootUrl, stderr: () => stderr };
    } catch {
      await pause(50);
    }
  }
  await stopProcess(child);
  const why = exited
    ? `exited (${child.exitCode ?? child.signalCode}) before answering on ${rootUrl}`
    : `did not answer on ${rootUrl} within ${STARTUP_TIMEOUT_MS} ms`;
  throw new Error(`Radicale ${why}. Its stderr:\n${stderr}`);
}

/** SIGTERM (Radicale shuts down cleanly on it), SIGKILL if it has not exited in time. */
async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exit = once(child, "exit");
    child.kill("SIGTERM");
    const killer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
    await exit;
    clearTimeout(killer);
  }
  running.delete(child);
}

async function expectStatus(response: Response, what: string, expected: number[]): Promise<void> {
  if (expected.includes(response.status)) return;
  throw new Error(`${what}: Radicale answered ${response.status} ${await response.text()}`);
}

const MKCALENDAR_BODY = `<?xml version="1.0" encoding="utf-8"?>
<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:set>
    <D:prop>
      <D:displayname>Work</D:displayname>
      <C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set>
    </D:prop>
  </D:set>
</C:mkcalendar>`;

const PROPFIND_ETAGS_BODY = `<?xml version="1.0" encoding="utf-8"?>
<D:propfind xmlns:D="DAV:"><D:prop><D:getetag/></D:prop></D:propfind>`;

/** The <href> values of a multistatus answer, whatever namespace prefix the server uses. */
function hrefsOf(multistatus: string): string[] {
  return [...multistatus.matchAll(/<(?:[\w-]+:)?href>([^<]*)<\/(?:[\w-]+:)?href>/g)].map((match) =>
    (match[1] ?? "").trim(),
  );
}

/**
 * Radicale with user `username` (password `password`, kept in plain text: test data) and one empty
 * calendar, `/<username>/work/`. Fails (never skips) with the install command when Radicale is missing.
 */
export async function startRadicale(
  options: { username?: string; password?: string } = {},
): Promise<RadicaleServer> {
  const username = options.username ?? "consultant";
  const password = options.password ?? "calendar-secret";
  // The name is a path segment and the users file's key; a newline would end the users file's line.
  if (!/^[A-Za-z0-9._-]+$/.test(username)) throw new Error(`unusable Radicale username ${username}`);
  if (/[\r\n]/.test(password)) throw new Error("a Radicale password cannot hold a line break");

  const radicale = findRadicale();
  if (!radicale) throw new Error(`Radicale is not installed. Install it: ${RADICALE_INSTALL_COMMAND}`);

  const folder = mkdtempSync(path.join(tmpdir(), "radicale-test-"));
  writeFileSync(path.join(folder, "users"), `${username}:${password}\n`);
  writeFileSync(path.join(folder, "config"), configText(folder));
  registerLeftoverHandler();

  let started: StartedProcess | undefined;
  let lastError: Error | undefined;
  for (let attempt = 1; attempt <= PORT_ATTEMPTS && !started; attempt++) {
    try {
      started = await startProcess(radicale, folder);
    } catch (error) {
      lastError = error as Error;
      // Only a port taken between probing and binding is worth another port.
      if (!/Address already in use|Errno 98/.test(lastError.message)) break;
    }
  }
  if (!started) {
    rmSync(folder, { recursive: true, force: true });
    throw lastError ?? new Error("Radicale did not start");
  }
  const { child, rootUrl } = started;

  const authorization = basicAuthorization(username, password);
  const calendarUrl = new URL(`/${username}/work/`, rootUrl).href;
  const objectUrl = (name: string) => new URL(`${encodeURIComponent(name)}.ics`, calendarUrl).href;

  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= stopProcess(child).then(() => rmSync(folder, { recursive: true, force: true }));
    return stopped;
  };

  try {
    // Radicale makes the principal collection /<username>/ on this first authenticated request.
    const made = await fetch(calendarUrl, {
      method: "MKCALENDAR",
      headers: { authorization, "content-type": "application/xml; charset=utf-8" },
      body: MKCALENDAR_BODY,
    });
    await expectStatus(made, `MKCALENDAR ${calendarUrl}`, [201]);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\nRadicale's stderr:\n${started.stderr()}`);
  }

  return {
    rootUrl,
    username,
    password,
    calendarUrl,
    async putEvent(name, icalendarText) {
      const response = await fetch(objectUrl(name), {
        method: "PUT",
        headers: { authorization, "content-type": "text/calendar; charset=utf-8" },
        body: icalendarText,
      });
      await expectStatus(response, `PUT ${objectUrl(name)}`, [201, 204]);
    },
    async replaceCalendar(icalendarText) {
      const response = await fetch(calendarUrl, {
        method: "PUT",
        headers: { authorization, "content-type": "text/calendar; charset=utf-8" },
        body: icalendarText,
      });
      await expectStatus(response, `PUT ${calendarUrl}`, [201, 204]);
    },
    async listEvents() {
      const listing = await fetch(calendarUrl, {
        method: "PROPFIND",
        headers: { authorization, depth: "1", "content-type": "application/xml; charset=utf-8" },
        body: PROPFIND_ETAGS_BODY,
      });
      await expectStatus(listing, `PROPFIND ${calendarUrl}`, [207]);
      const collectionPath = new URL(calendarUrl).pathname;
      const hrefs = hrefsOf(await listing.text())
        .filter((href) => new URL(href, rootUrl).pathname !== collectionPath)
        .sort();
      return Promise.all(
        hrefs.map(async (href) => {
          const response = await fetch(new URL(href, rootUrl), { headers: { authorization } });
          await expectStatus(response, `GET ${href}`, [200]);
          return { href, text: await response.text() };
        }),
      );
    },
    async deleteEvent(name) {
      const response = await fetch(objectUrl(name), { method: "DELETE", headers: { authorization } });
      await expectStatus(response, `DELETE ${objectUrl(name)}`, [200, 204]);
    },
    stop,
  };
}
