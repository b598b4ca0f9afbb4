import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { KeptSessions } from "~/features/accounts/sessions.server";
import type { ChangeAwareCache } from "~/infra/change-aware-cache.server";
import type { DatabaseHandle } from "~/infra/db.server";
import { createLogger, type Logger } from "~/infra/logger.server";
import { createPaymentGateways, type PaymentGateways } from "~/infra/payment-gateways.server";
import type { RequestContext } from "~/infra/request-context.server";
import type { AppSecrets } from "~/infra/secrets.server";
import type { CatalogueAnswers } from "../../server/api/catalogue-answers";
import { createHttpApp, type PageHandler } from "../../server/http-app";
import type { PageStore, SharedPage } from "../../server/page-cache";
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
  /** Keeps the consultant list and slots between requests; without it, nothing is kept. */
  catalogueAnswers?: CatalogueAnswers;
  /** Keeps live sessions between requests (startKeepingSessions); without it, each request asks. */
  keptSessions?: KeptSessions;
  /** Shares the rendered pages with a test's own reader (server/memory-answers.ts). */
  pageStore?: PageStore;
  /** Keeps the directory's pages for anonymous visitors (createCataloguePages); without it, each renders. */
  cataloguePages?: ChangeAwareCache<SharedPage>;
}

/**
 * The real HTTP app over a test database, with its own data folder. Requests from tests name
 * their client address in X-Forwarded-For (TRUST_PROXY is on), so rate limits can be exercised.
 */
export function createTestApp(database: DatabaseHandle, options: TestAppOptions = {}) {
  const dataDirectory = mkdtempSync(path.join(tmpdir(), "va-hub-test-"));
  dataDirectories.push(dataDirectory);
  const env = testEnvironment({ DATA_DIR: dataDirectory, TRUST_PROXY: "true", ...options.settings });
  // As at start-up (server/runtime.ts): the folder of uploaded pictures exists before it is served.
  mkdirSync(env.uploadDirectory, { recursive: true });
  const secrets = options.secrets ?? testSecrets();
  const pageContexts: RequestContext[] = [];
  const app = createHttpApp({
    env,
    database,
    logger: options.logger ?? createLogger("silent"),
    secrets,
    payments: options.payments ?? createPaymentGateways(env, secrets, database.db),
    catalogueAnswers: options.catalogueAnswers,
    keptSessions: options.keptSessions,
    pageStore: options.pageStore,
    cataloguePages: options.cataloguePages,
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
