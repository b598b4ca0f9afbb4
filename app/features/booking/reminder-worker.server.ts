import type { Clock } from "~/infra/clock.server";
import type { Database } from "~/infra/db.server";
import type { Logger } from "~/infra/logger.server";
import { queueDueReminders, type ReminderContext } from "./reminders.server";

export interface ReminderWorkerOptions {
  db: Database;
  logger: Logger;
  /** The app's clock, so end-to-end tests can move time (TEST_CLOCK_FILE). */
  clock: Clock;
  settings: Omit<ReminderContext, "now">;
  intervalMs: number;
}

/**
 * Looks for due reminders until stopped. Safe to run in every server process: queueDueReminders
 * claims each reminder once. The e-mails themselves go out through the outbox worker.
 */
export function startReminderWorker(options: ReminderWorkerOptions): { stop(): Promise<void> } {
  const { db, logger, clock, settings } = options;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();

  const tick = async () => {
    try {
      const report = await queueDueReminders(db, { ...settings, now: clock() });
      if (report.day || report.hour) logger.info({ msg: "reminders queued", ...report });
    } catch (error) {
      logger.error({ msg: "reminder worker error", err: error });
    }
  };

  const timer = setInterval(() => {
    // One run at a time in this process; a slow run is not overtaken by the next.
    if (!stopped) running = running.then(tick);
  }, options.intervalMs);
  timer.unref();

  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
