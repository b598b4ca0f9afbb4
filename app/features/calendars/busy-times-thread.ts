/**
 * The worker thread that expands a calendar's events into busy times (busy-times-in-thread.server.ts
 * starts it): one calendar per thread, its answer posted back, then the thread ends.
 */
import { parentPort, workerData } from "node:worker_threads";
import { busyTimesOf, CalendarDataError } from "./busy-times";
import type { BusyTimeAnswer, BusyTimeRequest } from "./busy-times-in-thread.server";
import { isOwnEventUid } from "./calendar-event";

const request = workerData as BusyTimeRequest;
let answer: BusyTimeAnswer;
try {
  const busy = busyTimesOf(request.texts, {
    from: request.from,
    to: request.to,
    zone: request.zone,
    ignoreUid: request.skipOwnEvents ? isOwnEventUid : undefined,
  });
  answer = { busy };
} catch (error) {
  answer = error instanceof CalendarDataError ? { unreadable: error.message } : { failed: String(error) };
}
parentPort?.postMessage(answer);
