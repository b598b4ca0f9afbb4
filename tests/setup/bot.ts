import type { AddressInfo } from "node:net";
import { gunzipSync, gzipSync } from "node:zlib";
import { LexRuntimeV2Client, type LexRuntimeV2ServiceException } from "@aws-sdk/client-lex-runtime-v2";
import { serve } from "@hono/node-server";
import { NodeHttpHandler } from "@smithy/node-http-handler";
import { afterAll, beforeAll, expect } from "vitest";
import type { DatabaseHandle } from "~/infra/db.server";
import { createTestApp, type TestAppOptions } from "./test-app";
import { createTestDatabase } from "./test-database";

export interface ListeningServer {
  url: string;
  close(): Promise<void>;
}

/** Serves a fetch handler (e.g. the Hono app of createTestApp) on 127.0.0.1 on a free port. */
export function listen(app: {
  fetch(request: Request): Response | Promise<Response>;
}): Promise<ListeningServer> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) => {
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        close: () =>
          new Promise<void>((done) => {
            if ("closeAllConnections" in server) server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

/** The official Lex V2 runtime client, pointed at a local server, as a Lex client would configure it. */
export function lexClient(url: string): LexRuntimeV2Client {
  return new LexRuntimeV2Client({
    endpoint: url,
    region: "us-east-1",
    credentials: { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "not-a-real-secret" },
    requestHandler: new NodeHttpHandler({ connectionTimeout: 5_000, requestTimeout: 15_000 }),
    // One attempt, so a test sees the server's answer rather than the client's retries.
    maxAttempts: 1,
  });
}

export interface LexSuite {
  readonly database: DatabaseHandle;
  readonly server: ListeningServer;
  /** The official Lex client, pointed at `server`. */
  readonly client: LexRuntimeV2Client;
}

/**
 * A test database, the app over it served on a free port, and the official Lex client pointed at
 * it, for one test file: made before its tests (a file's own beforeAll, written after this call,
 * runs after it) and closed after them. The app options are read once the setup runs (a voice, say,
 * takes a while to open).
 */
export function lexSuite(appOptions: () => TestAppOptions = () => ({})): LexSuite {
  let database: DatabaseHandle | undefined;
  let server: ListeningServer | undefined;
  let client: LexRuntimeV2Client | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    server = await listen(createTestApp(database, appOptions()).app);
    client = lexClient(server.url);
  });
  afterAll(async () => {
    client?.destroy();
    await server?.close();
    await database?.close();
  });
  const made = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the Lex suite is used before its setup ran");
    return value;
  };
  return {
    get database() {
      return made(database);
    },
    get server() {
      return made(server);
    },
    get client() {
      return made(client);
    },
  };
}

/** Ten upper-case letters or digits, as Lex bot and alias ids are. */
export const BOT = { botId: "VAHUBBOT01", botAliasId: "TSTALIASID", localeId: "en_US" } as const;

let sessionCounter = 0;

/** A session id no other test of this process uses. */
export function newSessionId(label = "test"): string {
  sessionCounter += 1;
  return `${label}-${process.pid}-${Date.now()}-${sessionCounter}`;
}

/** The JSON a Lex header carries (gzip, then base64). */
export function decodeHeader(header: string | undefined): unknown {
  expect(header, "header present").toBeTruthy();
  return JSON.parse(gunzipSync(Buffer.from(header ?? "", "base64")).toString("utf8"));
}

export function encodeHeader(value: unknown): string {
  return gzipSync(Buffer.from(JSON.stringify(value))).toString("base64");
}

/** The promise fails with this Lex exception and status; the exception, for more checks. */
export async function expectLexError<T extends LexRuntimeV2ServiceException>(
  promise: Promise<unknown>,
  type: new (...args: never[]) => T,
  status: number,
): Promise<T> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, `expected a ${type.name}`).toBeInstanceOf(type);
  expect((error as T).$metadata.httpStatusCode).toBe(status);
  return error as T;
}
