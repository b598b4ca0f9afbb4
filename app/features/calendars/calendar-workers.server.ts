import type { Clock } from "~/infra/clock.server";
import type { Database } from "~/infra/db.server";
import type { Logger } from "~/infra/logger.server";
import { type PeriodicTask, startPeriodicTask } from "~/infra/periodic-task.server";
import type { CalendarContext } from "./calendar-context.server";
import { syncDueCalendars } from "./calendar-sync.server";
import { writeDueCalendarEvents } from "./calendar-writes.server";

/** How often each process looks for calendars due a sync and bookings due a write (both cheap, indexed). */
const SYNC_LOOK_MS = 15_000;
const WRITE_LOOK_MS = 3_000;

/**
 * Reads connected calendars every CALENDAR_SYNC_MINUTES and writes bookings out to them, until
 * stopped. Safe in every process: each sync and write is claimed by one.
 */
export function startCalendarWorkers(options: {
  db: Database;
  logger: Logger;
  clock: Clock;
  context: Omit<CalendarContext, "now">;
}): PeriodicTask {
  const { db, logger, clock, context } = options;
  const tasks = [
    startPeriodicTask(
      "calendar sync",
      async () => {
        await syncDueCalendars(db, { ...context, now: clock() });
      },
      { intervalMs: SYNC_LOOK_MS, logger },
    ),
    startPeriodicTask(
      "calendar writes",
      async () => {
        const written = await writeDueCalendarEvents(db, { ...context, now: clock() });
        if (written > 0) logger.debug({ msg: "calendar writes tried", written });
      },
      { intervalMs: WRITE_LOOK_MS, logger },
    ),
  ];
  return { stop: async () => void (await Promise.all(tasks.map((task) => task.stop()))) };
}
