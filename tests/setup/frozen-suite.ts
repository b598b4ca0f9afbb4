/**
 * A test file whose clock stands still: Date is faked at NOW for the whole file (and set back to it
 * after each test), over a test database seeded with the demo data and the real HTTP app on it.
 */

import { DateTime } from "luxon";
import { afterAll, afterEach, beforeAll, vi } from "vitest";
import { type AppSuite, type AppSuiteOptions, appSuite } from "./app-suite";

/**
 * "Now" for the frozen-time test files: Monday 3 May 2027, 12:10 PM in New York (the default
 * AGENCY_TZ). Today's first free slot is 12:30 PM and the booking window runs from 3_5_2027 to
 * 9_5_2027. Slots on 3 May and before 12:10 PM on 4 May are less than 24 hours ahead; slots from
 * 5 May on are more than 24 hours ahead (refundable when cancelled).
 */
export const ZONE = "America/New_York";

/** A wall-clock time in New York ("2027-05-03T12:10") as the instant it is. */
export function inNewYork(local: string): Date {
  return DateTime.fromISO(local, { zone: ZONE }).toJSDate();
}

export const NOW = inNewYork("2027-05-03T12:10");

/**
 * The frozen clock, the database and the app for one test file (see appSuite for the options and
 * the fields; here the database is seeded unless `seeded: false`). A file's own beforeAll, written
 * after this call, runs at NOW once the suite is made.
 */
export function frozenSuite(options: AppSuiteOptions = {}): AppSuite {
  beforeAll(() => {
    // Only Date: the database driver's own timers keep running.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
  });
  const suite = appSuite({ seeded: true, ...options });
  afterEach(() => {
    // A test that moved the clock leaves the next one at the same "now".
    vi.setSystemTime(NOW);
  });
  afterAll(() => {
    vi.useRealTimers();
  });
  return suite;
}
