import { ChangeAwareCache } from "~/infra/change-aware-cache.server";
import type { EncodedBody } from "../encoded-body";

/** Sent by the triggers of db/migrations/0012 whenever consultants or appointments change. */
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
  slots: (consultantId: string) => `slots:${consultantId}`,
};

export type CatalogueAnswers = ChangeAwareCache<EncodedBody>;

export function createCatalogueAnswers(): CatalogueAnswers {
  return new ChangeAwareCache<EncodedBody>({ ttlMs: LONGEST_KEPT_MS, maxEntries: 2_000 });
}
