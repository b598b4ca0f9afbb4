import { keptBookingKeys } from "~/features/booking/booking.server";
import { ChangeAwareCache } from "~/infra/change-aware-cache.server";
import type { EncodedBody } from "../encoded-body";

/** Sent by the triggers of db/migrations/0012 (payloads: 0013) whenever consultants or appointments change. */
export const CATALOGUE_CHANGES_CHANNEL = "catalogue_changes";

/**
 * The JSON API's public answers about consultants (the list, each one's free slots), kept
 * compressed until a consultant or a booking changes. At most this long otherwise: the slots
 * offered depend on the time, and the list counts upcoming bookings only.
 */
const LONGEST_KEPT_MS = 15_000;

/** What each answer is kept under: the list (of one speciality, by slug), or one consultant's slots. */
export const catalogueKeys = {
  list: (specialitySlug = "") => `list:${specialitySlug}`,
  // Ids come from URLs in any case; the database's notices name them in lower case.
  slots: (consultantId: string) => `slots:${consultantId.toLowerCase()}`,
};

/** The consultant whose bookings a notice of db/migrations/0013 says changed, if it names one. */
function consultantWhoseBookingsChanged(payload: string): string | undefined {
  return /^appointments:([0-9a-f-]{36})$/.exec(payload)?.[1];
}

/**
 * What a notice of db/migrations/0013 says changed: a booking of one consultant changes the list
 * (its booked slots) and that consultant's slots; anything else may change everything.
 */
export function catalogueKeysChangedBy(payload: string): ((key: string) => boolean) | undefined {
  const consultantId = consultantWhoseBookingsChanged(payload);
  if (!consultantId) return undefined;
  const slotsKey = catalogueKeys.slots(consultantId);
  return (key) => key.startsWith("list:") || key === slotsKey;
}

export type CatalogueAnswers = ChangeAwareCache<EncodedBody>;

/**
 * What a notice says changed of RequestContext.catalogueData: a booking of one consultant changes
 * every directory answer (it moves their next free time, and with it the order of every list they
 * are in) and that consultant's taken slots, not what booking attempts keep of the others.
 */
export function catalogueDataChangedBy(payload: string): ((key: string) => boolean) | undefined {
  const consultantId = consultantWhoseBookingsChanged(payload);
  if (!consultantId) return undefined;
  const takenKey = keptBookingKeys.taken(consultantId);
  return (key) => !keptBookingKeys.isBookingKey(key) || key === takenKey;
}

/** What pages and booking attempts compute from consultants and bookings (RequestContext.catalogueData). */
export function createCatalogueData(): ChangeAwareCache<unknown> {
  return new ChangeAwareCache<unknown>({
    ttlMs: LONGEST_KEPT_MS,
    maxEntries: 500,
    keysChangedBy: catalogueDataChangedBy,
  });
}

export function createCatalogueAnswers(): CatalogueAnswers {
  return new ChangeAwareCache<EncodedBody>({
    ttlMs: LONGEST_KEPT_MS,
    maxEntries: 2_000,
    keysChangedBy: catalogueKeysChangedBy,
  });
}
