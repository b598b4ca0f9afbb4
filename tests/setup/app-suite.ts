/**
 * A test database and the real HTTP app over it for one test file, made before its tests and
 * closed (with the apps' data folders) after them. See frozenSuite (frozen-suite.ts) for the same
 * with the clock standing still, and routeSuite (route-calls.ts) for calling route modules.
 */

import { rm } from "node:fs/promises";
import { seedDatabase } from "@db/seed";
import { afterAll, beforeAll } from "vitest";
import type { Database, DatabaseHandle } from "~/infra/db.server";
import type { Environment } from "~/infra/env.server";
import { createPaymentGateways, type PaymentGateways } from "~/infra/payment-gateways.server";
import type { AppSecrets } from "~/infra/secrets.server";
import type { PageHandler } from "../../server/http-app";
import type { RequestTarget } from "./factories";
import { type StripeStandIn, startStripeStandIn, stripeSettings } from "./stripe-stand-in";
import { createTestApp, testSecrets } from "./test-app";
import { createTestDatabase } from "./test-database";
import { testEnvironment } from "./test-environment";

type Settings = Record<string, string>;

export interface AppSuiteOptions {
  /** Fills the database with the demo data before the app is made. */
  seeded?: boolean;
  /**
   * The app's settings; a function is called once the database is ready (to start a stand-in
   * whose address the settings name, say).
   */
  settings?: Settings | (() => Settings | Promise<Settings>);
  /**
   * Payment gateways made here, from the settings and the app's secrets, and shared: the app uses
   * them and the tests read them as `suite.gateways`. A function is given the gateways made and
   * returns the ones to use (to replace a call that would leave the machine). Without this the app
   * makes gateways of its own.
   */
  gateways?: boolean | ((made: PaymentGateways) => PaymentGateways);
  /**
   * A Stripe stand-in, started before the app and closed after the tests, with the app's real
   * Stripe SDK pointed at it (stripeSettings); the tests read it as `suite.standIn`.
   */
  stripeStandIn?: boolean;
  /** What answers page requests (see createTestApp). */
  handlePage?: PageHandler;
}

export interface AppSuite {
  readonly db: Database;
  /** The HTTP app over the database. */
  readonly app: RequestTarget;
  readonly env: Environment;
  readonly secrets: AppSecrets;
  /** The shared payment gateways (with `gateways` in the options). */
  readonly gateways: PaymentGateways;
  /** The Stripe stand-in (with `stripeStandIn` in the options). */
  readonly standIn: StripeStandIn;
  /** Another app on the same database, with other settings (its data folder goes with the suite's). */
  appWith(settings: Settings): RequestTarget;
  /** All createTestApp gave for the suite's app: the app, and the page contexts it handed over. */
  readonly testApp: ReturnType<typeof createTestApp>;
}

/**
 * The database and the app for one test file. Read the suite's fields inside tests and hooks (they
 * exist once its setup has run); a file's own beforeAll, written after this call, runs after it.
 */
export function appSuite(options: AppSuiteOptions = {}): AppSuite {
  let database: DatabaseHandle | undefined;
  let created: ReturnType<typeof createTestApp> | undefined;
  let gateways: PaymentGateways | undefined;
  let standIn: StripeStandIn | undefined;
  const dataDirectories: string[] = [];

  const made = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the app suite is used before its setup ran");
    return value;
  };
  const appWith = (settings: Settings, extra: Parameters<typeof createTestApp>[1] = {}) => {
    const app = createTestApp(made(database), { ...extra, settings });
    dataDirectories.push(app.env.dataDirectory);
    return app;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    if (options.seeded) await seedDatabase(database.db);
    const settings = {
      ...(typeof options.settings === "function" ? await options.settings() : options.settings),
    };
    if (options.stripeStandIn) {
      standIn = await startStripeStandIn();
      Object.assign(settings, stripeSettings(standIn.port));
    }
    const secrets = testSecrets();
    if (options.gateways) {
      const madeHere = createPaymentGateways(testEnvironment(settings), secrets, database.db);
      gateways = typeof options.gateways === "function" ? options.gateways(madeHere) : madeHere;
    }
    created = appWith(settings, { secrets, payments: gateways, handlePage: options.handlePage });
  });
  afterAll(async () => {
    await standIn?.close();
    await database?.close();
    for (const directory of dataDirectories) await rm(directory, { recursive: true, force: true });
  });

  return {
    get db() {
      return made(database).db;
    },
    get app() {
      return made(created).app;
    },
    get env() {
      return made(created).env;
    },
    get secrets() {
      return made(created).secrets;
    },
    get gateways() {
      if (!options.gateways) throw new Error("the app suite shares no payment gateways: ask for `gateways`");
      return made(gateways);
    },
    get standIn() {
      if (!options.stripeStandIn)
        throw new Error("the app suite has no Stripe stand-in: ask for `stripeStandIn`");
      return made(standIn);
    },
    appWith: (settings) => appWith(settings).app,
    get testApp() {
      return made(created);
    },
  };
}
