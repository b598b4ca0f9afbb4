import type { Clock } from "~/infra/clock.server";
import type { Database } from "~/infra/db.server";
import type { Logger } from "~/infra/logger.server";
import { type PeriodicTask, startPeriodicTask } from "~/infra/periodic-task.server";
import { passOnExpiredOffers, type WaitlistSettings } from "./offers.server";

/**
 * Passes unclaimed holds on until stopped. Safe in every server process: each expired offer is
 * claimed once (SKIP LOCKED), and offers live in the database, so they survive a restart.
 */
export function startWaitlistWorker(options: {
  db: Database;
  logger: Logger;
  /** The app's clock, so end-to-end tests can move time (TEST_CLOCK_FILE). */
  clock: Clock;
  settings: WaitlistSettings;
  intervalMs: number;
}): PeriodicTask {
  const { db, logger, clock, settings } = options;
  return startPeriodicTask(
    "waitlist worker",
    async () => {
      const passed = await passOnExpiredOffers(db, settings, clock());
      if (passed > 0) logger.info({ msg: "waitlist holds passed on", passed });
    },
    { intervalMs: options.intervalMs, logger },
  );
}
