import path from "node:path";
import { seedDatabase } from "@db/seed";
import { ensureAdminAccount } from "~/features/accounts/accounts.server";
import { pruneLoginFailures } from "~/features/accounts/login-throttle.server";
import { demoStaffAccounts, demoStaffDataset } from "~/features/accounts/staff-accounts.server";
import { startReminderWorker } from "~/features/booking/reminder-worker.server";
import { pruneBotSessions } from "~/features/bot/bot.server";
import { calendarContextFrom } from "~/features/calendars/calendar-context.server";
import { startCalendarWorkers } from "~/features/calendars/calendar-workers.server";
import { listConsultants } from "~/features/consultants/consultants.server";
import { startOutboxWorker } from "~/features/email/outbox-worker.server";
import { importPictureFolder } from "~/features/pictures/picture-store.server";
import { issueMissingDocuments } from "~/features/receipts/receipts.server";
import { demoCustomerAccount, demoCustomerDataset } from "~/features/reviews/demo-customer.server";
import { type OpenedVoice, openVoice } from "~/features/voice/voice-support.server";
import { offerTimesFreedByCalendar, waitlistSettingsFrom } from "~/features/waitlist/offers.server";
import { startWaitlistWorker } from "~/features/waitlist/waitlist-worker.server";
import { clockFrom } from "~/infra/clock.server";
import { type DatabaseHandle, openDatabase } from "~/infra/db.server";
import { type Environment, loadEnvironment } from "~/infra/env.server";
import { pruneIdempotencyKeys } from "~/infra/idempotency.server";
import { createLogger, type Logger } from "~/infra/logger.server";
import { createSmtpTransport } from "~/infra/mailer.server";
import { createPaymentGateways, type PaymentGateways } from "~/infra/payment-gateways.server";
import { startPeriodicTask } from "~/infra/periodic-task.server";
import { pruneRateLimits } from "~/infra/rate-limit.server";
import { type AppSecrets, resolveSecrets } from "~/infra/secrets.server";
import { type Kept, startKeeping } from "~/kept/kept.server";

export interface Runtime {
  env: Environment;
  logger: Logger;
  database: DatabaseHandle;
  secrets: AppSecrets;
  payments: PaymentGateways;
  /** What the process keeps in memory for speed (app/kept), hearing the database's notices. */
  kept: Kept;
  /** The assistant's speech (app/features/voice), or why there is none. */
  speech: OpenedVoice;
  stopBackgroundWork(): Promise<void>;
}

/** How often the embedded database checks whether enough was written to take a checkpoint. */
const EMBEDDED_CHECKPOINT_CHECK_MS = 2000;

// Kept on globalThis so development reloads of this module reuse the one open database.
const runtimeKey = Symbol.for("va-hub.runtime");
type RuntimeHolder = { [runtimeKey]?: Promise<Runtime> };

export function getRuntime(): Promise<Runtime> {
  const holder = globalThis as RuntimeHolder;
  holder[runtimeKey] ??= startRuntime();
  return holder[runtimeKey];
}

export async function closeRuntime(): Promise<void> {
  const holder = globalThis as RuntimeHolder;
  const runtime = await holder[runtimeKey];
  delete holder[runtimeKey];
  if (!runtime) return;
  await runtime.stopBackgroundWork();
  await runtime.database.close();
}

async function startRuntime(): Promise<Runtime> {
  const started = performance.now();
  const env = loadEnvironment();
  const logger = createLogger(env.LOG_LEVEL);
  const { secrets, generated } = resolveSecrets(env);
  if (generated.length > 0) {
    logger.info({ msg: "generated secrets in the data folder", names: generated });
  }
  if (env.isProduction && env.DATABASE_URL && (!env.SESSION_SECRET || !env.ENCRYPTION_KEY)) {
    // Only demo mode gets here (loadEnvironment refuses otherwise).
    logger.warn({
      msg: "SESSION_SECRET or ENCRYPTION_KEY is not set: every machine sharing this database needs the same values",
    });
  }
  if (env.TRUST_PROXY.kind === "hops" && env.TRUST_PROXY.legacy) {
    logger.warn({
      msg: "TRUST_PROXY=true believes X-Forwarded-For from anyone who connects: whoever reaches this server directly picks the address rate limits see. List the proxies instead, e.g. TRUST_PROXY=10.0.0.0/8 or TRUST_PROXY=loopback",
    });
  }
  const beforeDatabase = performance.now();
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDirectory: path.join(env.dataDirectory, "pglite"),
    timeLimits: {
      connectMs: env.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
      pingMs: env.READY_TIMEOUT_MS,
    },
    onConnectionLost: (error) => logger.warn({ msg: "lost a database connection", err: error }),
  });
  const beforeSeeding = performance.now();
  const seeded = await seedDatabase(database.db);
  if (env.DEMO_MODE)
    seeded.push(...(await seedDatabase(database.db, [demoStaffDataset, demoCustomerDataset])));
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    const created = await ensureAdminAccount(database.db, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
    if (created) logger.info({ msg: "created the staff account from ADMIN_EMAIL" });
  }
  const { startup } = database;
  logger.info({
    msg: "database ready",
    driver: database.driver,
    seeded,
    migrations: startup.migrations,
    // Where start-up time goes, so a slow restart can be explained from the log.
    timingsMs: {
      settingsAndSecrets: Math.round(beforeDatabase - started),
      openDatabase: startup.openMs,
      migrations: startup.migrationsMs,
      seedingAndAdmin: Math.round(performance.now() - beforeSeeding),
    },
  });
  if (env.DEMO_MODE) announceDemoStaff(logger, env.publicUrl);
  logger.info({ msg: "bot", provider: env.bot.provider, botId: env.bot.botId });
  // The names staff added since the build are heard too (the model is rebuilt when they differ).
  const consultantNames = (await listConsultants(database.db)).map((consultant) => consultant.name);
  const speech = openVoice({ consultantNames });
  if (!speech.support.ok) logger.warn({ msg: speech.support.problem });
  speech.warmUp().catch((error) => logger.warn({ msg: "speech decoders did not start", err: error }));
  const payments = createPaymentGateways(env, secrets, database.db);
  const sandboxed = Object.entries(payments).flatMap(([name, gateway]) =>
    gateway?.mode === "sandbox" ? [name] : [],
  );
  if (env.isProduction && sandboxed.length > 0) announcePaymentSandbox(logger, sandboxed);
  const picturesCopied = await importPictureFolder(database.db, env.uploadDirectory);
  if (picturesCopied > 0) {
    logger.info({
      msg: "copied uploaded pictures from UPLOAD_DIR into the database; the folder is no longer read after this",
      count: picturesCopied,
      folder: env.uploadDirectory,
    });
  }
  const backfilled = await issueMissingDocuments(database.db, payments.receipts);
  if (backfilled > 0) {
    logger.info({
      msg: "issued receipts and credit notes for payments settled before receipts existed",
      count: backfilled,
    });
  }

  if (env.TEST_CLOCK_FILE) {
    logger.warn({
      msg: "TEST_CLOCK_FILE is set: the server's clock follows that file. This is for end-to-end tests only.",
      file: env.TEST_CLOCK_FILE,
    });
  }

  const outboxWorker = startOutboxWorker({
    db: database.db,
    logger,
    from: env.mailFrom,
    transport: env.SMTP_URL ? createSmtpTransport(env.SMTP_URL, env.OUTBOX_CONCURRENCY) : undefined,
    intervalMs: env.OUTBOX_POLL_MS,
  });
  const reminderWorker = startReminderWorker({
    db: database.db,
    logger,
    // The same clock as the pages, so a test that moves time moves the reminders too.
    clock: clockFrom(env),
    settings: { zone: env.AGENCY_TZ, publicUrl: env.publicUrl },
    intervalMs: env.REMINDER_POLL_MS,
  });
  const calendarWorkers = startCalendarWorkers({
    db: database.db,
    logger,
    clock: clockFrom(env),
    context: {
      ...calendarContextFrom(env, secrets.encryptionKey),
      onBusyTimesFreed: offerTimesFreedByCalendar(waitlistSettingsFrom(env)),
    },
  });
  const waitlistWorker = startWaitlistWorker({
    db: database.db,
    logger,
    clock: clockFrom(env),
    settings: waitlistSettingsFrom(env),
    intervalMs: env.WAITLIST_POLL_MS,
  });
  const checkpoints =
    database.checkpointIfDue &&
    startPeriodicTask("embedded database checkpoint", database.checkpointIfDue, {
      intervalMs: EMBEDDED_CHECKPOINT_CHECK_MS,
      logger,
    });
  const { kept, stop: stopKeeping } = await startKeeping(database);
  const pruning = setInterval(() => {
    pruneRateLimits(database.db).catch((error) =>
      logger.warn({ msg: "rate-limit pruning failed", err: error }),
    );
    pruneBotSessions(database.db).catch((error) =>
      logger.warn({ msg: "bot-session pruning failed", err: error }),
    );
    pruneLoginFailures(database.db, new Date()).catch((error) =>
      logger.warn({ msg: "failed-login pruning failed", err: error }),
    );
    pruneIdempotencyKeys(database.db).catch((error) =>
      logger.warn({ msg: "idempotency-key pruning failed", err: error }),
    );
  }, 3_600_000);
  pruning.unref();

  return {
    env,
    logger,
    database,
    secrets,
    payments,
    kept,
    speech,
    stopBackgroundWork: async () => {
      clearInterval(pruning);
      await speech.close();
      await stopKeeping();
      // Reminders first: their last run may still queue e-mails for the outbox.
      await calendarWorkers.stop();
      await waitlistWorker.stop();
      await reminderWorker.stop();
      await outboxWorker.stop();
      await checkpoints?.stop();
    },
  };
}

/**
 * Production with test payments is the demo (`npm start`), never a real shop: say so in the log and,
 * so nobody misses it among JSON lines, in a banner on stderr.
 */
function announcePaymentSandbox(logger: Logger, providers: string[]): void {
  logger.warn({
    msg: "PAYMENT SANDBOX IS ON in production: payments are simulated, no money moves. Use `npm run serve` with provider keys for real payments.",
    providers,
  });
  const rule = "!".repeat(78);
  process.stderr.write(
    `\n${rule}\n!! PAYMENT SANDBOX IS ON (${providers.join(", ")}): payments are simulated and no money moves.\n` +
      "!! This is the demo (`npm start`). Never run it for real customers: build, then start with\n" +
      '!! `npm run serve` and the providers\' keys (README, "Payments").\n' +
      `${rule}\n\n`,
  );
}

/** Demo mode: where to sign in to the staff area, and as whom (README "Staff area"). */
function announceDemoStaff(logger: Logger, publicUrl: string): void {
  const { admin, consultant } = demoStaffAccounts;
  logger.warn({
    msg: "DEMO_MODE is on: demo accounts with published passwords exist. Never use demo mode on a public server.",
  });
  logger.info({
    msg: `Staff area: ${publicUrl}/admin, sign in as ${admin.email} with the password "${admin.password}". Consultant's schedule: ${publicUrl}/my-schedule, as ${consultant.email} with "${consultant.password}". A customer with a consultation to review: ${publicUrl}/my-appointments, as ${demoCustomerAccount.email} with "${demoCustomerAccount.password}" (unless changed since).`,
  });
}
