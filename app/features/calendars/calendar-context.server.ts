import type { Transaction } from "~/infra/db.server";
import type { Environment } from "~/infra/env.server";
import { createOutboundFetch } from "~/infra/outbound-fetch.server";

/** What calendar work needs beyond the database: settings, the key that seals secrets, the guarded fetch. */
export interface CalendarContext {
  encryptionKey: Buffer;
  /** The agency's zone: all-day and floating events are read in it. */
  zone: string;
  /** CALENDAR_STALE_MINUTES: how long a good sync is trusted. */
  staleMinutes: number;
  /** CALENDAR_SYNC_MINUTES: how often each calendar is read. */
  syncMinutes: number;
  /** Refuses private addresses unless CALENDAR_ALLOW_PRIVATE_ADDRESSES (outbound-fetch.server.ts). */
  fetch: typeof globalThis.fetch;
  /** Where the private feed is served, e.g. https://agency.example (PUBLIC_URL). */
  publicUrl: string;
  /**
   * Told, inside the sync's transaction, of the slot starts (ms) a sync freed (busy times gone):
   * the waitlist offers them (the server hands it in, as calendars sit below the waitlist).
   */
  onBusyTimesFreed?: (
    transaction: Transaction,
    consultantId: string,
    starts: readonly number[],
    now: Date,
  ) => Promise<void>;
  now?: Date;
}

export function calendarContextFrom(
  env: Pick<
    Environment,
    | "AGENCY_TZ"
    | "CALENDAR_STALE_MINUTES"
    | "CALENDAR_SYNC_MINUTES"
    | "CALENDAR_ALLOW_PRIVATE_ADDRESSES"
    | "publicUrl"
  >,
  encryptionKey: Buffer,
): CalendarContext {
  return {
    encryptionKey,
    zone: env.AGENCY_TZ,
    staleMinutes: env.CALENDAR_STALE_MINUTES,
    syncMinutes: env.CALENDAR_SYNC_MINUTES,
    fetch: sharedFetch(env.CALENDAR_ALLOW_PRIVATE_ADDRESSES),
    publicUrl: env.publicUrl,
  };
}

/** One connection pool per process (and per address rule), as for the database. */
const fetchesByRule = new Map<boolean, typeof globalThis.fetch>();

function sharedFetch(allowPrivateAddresses: boolean): typeof globalThis.fetch {
  let fetch = fetchesByRule.get(allowPrivateAddresses);
  if (!fetch) {
    fetch = createOutboundFetch({ allowPrivateAddresses });
    fetchesByRule.set(allowPrivateAddresses, fetch);
  }
  return fetch;
}

/**
 * The calendar context of one request: settings, the sealing key, the request's clock, and what
 * to tell when a sync frees slots (the waitlist's offer, handed in by the route).
 */
export function requestCalendarContext(
  context: {
    env: Parameters<typeof calendarContextFrom>[0];
    secrets: { encryptionKey: Buffer };
    clock: () => Date;
  },
  onBusyTimesFreed?: CalendarContext["onBusyTimesFreed"],
): CalendarContext {
  return {
    ...calendarContextFrom(context.env, context.secrets.encryptionKey),
    onBusyTimesFreed,
    now: context.clock(),
  };
}
