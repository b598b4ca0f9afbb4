import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { VoiceSupport } from "~/features/bot/bot-provider";
import type { DatabaseHandle } from "~/infra/db.server";
import { createLogger, type Logger } from "~/infra/logger.server";
import { createPaymentGateways, type PaymentGateways } from "~/infra/payment-gateways.server";
import type { AppSecrets } from "~/infra/secrets.server";
import type { KeptParts } from "~/kept/kept.server";
import { PageStore, SHARED_PAGES } from "~/kept/shared-pages.server";
import type { RequestContext } from "~/request-context.server";
import { createHttpApp, type PageHandler } from "../../server/http-app";
import { testEnvironment } from "./test-environment";

/** Data folders made for test apps; removed when the test process ends. */
const dataDirectories: string[] = [];
process.once("exit", () => {
  for (const directory of dataDirectories) rmSync(directory, { recursive: true, force: true });
});

export function testSecrets(): AppSecrets {
  return { signingKey: randomBytes(32), encryptionKey: randomBytes(32) };
}

export interface TestAppOptions {
  settings?: Record<string, string>;
  handlePage?: PageHandler;
  secrets?: AppSecrets;
  payments?: PaymentGateways;
  /** Silent by default. */
  logger?: Logger;
  /**
   * What the app keeps in memory (app/kept): shared content pages of its own unless given, and
   * nothing else unless given (a hearing catalogue, kept sessions...).
   */
  kept?: KeptParts;
  /** The assistant's speech (tests/setup/voice.ts); without it, spoken requests are refused. */
  voice?: VoiceSupport;
}

/**
 * The real HTTP app over a test database, with its own data folder. Requests from tests name
 * their client address in X-Forwarded-For (TRUST_PROXY is on), so rate limits can be exercised.
 */
export function createTestApp(database: DatabaseHandle, options: TestAppOptions = {}) {
  const dataDirectory = mkdtempSync(path.join(tmpdir(), "va-hub-test-"));
  dataDirectories.push(dataDirectory);
  const env = testEnvironment({ DATA_DIR: dataDirectory, TRUST_PROXY: "true", ...options.settings });
  const secrets = options.secrets ?? testSecrets();
  const pageContexts: RequestContext[] = [];
  const app = createHttpApp({
    env,
    database,
    logger: options.logger ?? createLogger("silent"),
    secrets,
    payments: options.payments ?? createPaymentGateways(env, secrets, database.db),
    kept: { sharedPages: new PageStore(SHARED_PAGES), ...options.kept },
    voice: options.voice,
    handlePage:
      options.handlePage ??
      (async (request, context) => {
        pageContexts.push(context);
        return new Response(`<p>page ${new URL(request.url).pathname}</p>`, {
          headers: { "Content-Type": "text/html" },
        });
      }),
  });
  return { app, env, secrets, pageContexts };
}
