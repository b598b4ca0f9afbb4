import type { Clock } from "~/infra/clock.server";
import type { Database } from "~/infra/db.server";
import type { Logger } from "~/infra/logger.server";
import { type PeriodicTask, startPeriodicTask } from "~/infra/periodic-task.server";
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
export function startReminderWorker(options: ReminderWorkerOptions): PeriodicTask {
  const { db, logger, clock, settings } = options;
  return startPeriodicTask(
    "reminder worker",
    async () => {
      const report = await queueDueReminders(db, { ...settings, now: clock() });
      if (report.day || report.hour) logger.info({ msg: "reminders queued", ...report });
    },
    { intervalMs: options.intervalMs, logger },
  );
}
