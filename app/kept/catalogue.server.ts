import type { Consultant } from "@db/schema";
import type { DirectoryCard, DirectoryEntry } from "~/features/consultants/directory.server";
import type { DatabaseHandle } from "~/infra/db.server";
import { ChangeAwareCache, hearTogether } from "./change-aware-cache.server";
import type { EncodedBody } from "./encoded-body.server";
import type { SharedPage } from "./shared-pages.server";

/** Sent by the triggers of db/migrations/0012 (payloads: 0013) whenever consultants or appointments change. */
export const CATALOGUE_CHANGES_CHANNEL = "catalogue_changes";

/**
 * At most this long even when nothing changes: the slots offered depend on the time, and lists
 * count upcoming bookings only.
 */
const LONGEST_KEPT_MS = 15_000;

/**
 * What this process keeps about consultants and bookings, each kept until the database says what
 * it was made from changed (or LONGEST_KEPT_MS passes). Every cache of the catalogue is declared
 * here, with its key, its bound and what forgets it.
 */
export interface KeptCatalogue {
  /** The JSON API's consultant list (by speciality slug) and each one's slots, compressed. */
  answers: ChangeAwareCache<EncodedBody>;
  /** The directory's pages as anonymous visitors get them, by address and moment (cataloguePageKey). */
  pages: ChangeAwareCache<SharedPage>;
  /** The directory's search results, by question and half hour (app/kept/directory.server.ts). */
  directoryEntries: ChangeAwareCache<DirectoryEntry[]>;
  /** The directory's cards, by question, half hour and the visitor's day. */
  directoryCards: ChangeAwareCache<DirectoryCard[]>;
  /** Consultants as booking attempts read them, by id (app/kept/booking-facts.server.ts). */
  consultants: ChangeAwareCache<Consultant>;
  /** Each consultant's taken starts (ms), by id, as booking attempts read them. */
  takenStarts: ChangeAwareCache<ReadonlySet<number>>;
}

/** The keys of the API's answers and of what booking attempts read. Ids in lower case, as notices name them. */
export const catalogueKeys = {
  list: (specialitySlug = "") => `list:${specialitySlug}`,
  slots: (consultantId: string) => `slots:${consultantId.toLowerCase()}`,
  consultant: (consultantId: string) => consultantId.toLowerCase(),
};

const consultantListPath = /^\/api\/(?:doctor|consultant)\/list$/;
const consultantSlotsPath = /^\/api\/(?:doctor|consultant)\/([0-9a-fA-F-]{36})\/slots$/;

/** The key of the kept API answer a URL without a query asks for, if it is one of them. */
export function answerKeyOf(path: string): string | undefined {
  if (consultantListPath.test(path)) return catalogueKeys.list();
  const id = consultantSlotsPath.exec(path)?.[1];
  return id ? catalogueKeys.slots(id) : undefined;
}

/** The API answer kept under `key`, or the one `compute` makes (kept, when there are answers to keep). */
export function keptAnswer(
  answers: KeptCatalogue["answers"] | undefined,
  key: string,
  compute: () => Promise<EncodedBody>,
): Promise<EncodedBody> {
  return answers ? answers.get(key, compute) : compute();
}

/**
 * The consultant whose bookings (a notice of db/migrations/0013) or connected calendar's busy times
 * (0016) changed, or a waitlist offer holding or freeing one of their slots (0020), if the notice names one: either moves that consultant's free slots alone.
 */
function consultantWhoseBookingsChanged(payload: string): string | undefined {
  return /^(?:appointments|calendar|holds):([0-9a-f-]{36})$/.exec(payload)?.[1];
}

/** A booking of one consultant changes every list (its booked slots) and that consultant's slots. */
export function answersChangedBy(payload: string): ((key: string) => boolean) | undefined {
  const consultantId = consultantWhoseBookingsChanged(payload);
  if (!consultantId) return undefined;
  const slotsKey = catalogueKeys.slots(consultantId);
  return (key) => key.startsWith("list:") || key === slotsKey;
}

/** A booking changes no consultant's row; anything else may change any. */
export function consultantsChangedBy(payload: string): ((key: string) => boolean) | undefined {
  return consultantWhoseBookingsChanged(payload) ? () => false : undefined;
}

/** A booking of one consultant changes their taken starts alone. */
export function takenStartsChangedBy(payload: string): ((key: string) => boolean) | undefined {
  const consultantId = consultantWhoseBookingsChanged(payload);
  if (!consultantId) return undefined;
  const key = catalogueKeys.consultant(consultantId);
  return (kept) => kept === key;
}

/**
 * The catalogue's caches, empty and not yet hearing. The directory's entries, cards and pages have
 * no forget rule of their own: any notice forgets them all, as a booking moves a consultant's next
 * free time and with it the order of every list they are in.
 */
export function createKeptCatalogue(): KeptCatalogue {
  return {
    answers: new ChangeAwareCache({
      ttlMs: LONGEST_KEPT_MS,
      maxEntries: 2_000,
      keysChangedBy: answersChangedBy,
    }),
    pages: new ChangeAwareCache({ ttlMs: LONGEST_KEPT_MS, maxEntries: 100 }),
    directoryEntries: new ChangeAwareCache({ ttlMs: LONGEST_KEPT_MS, maxEntries: 200 }),
    directoryCards: new ChangeAwareCache({ ttlMs: LONGEST_KEPT_MS, maxEntries: 200 }),
    consultants: new ChangeAwareCache({
      ttlMs: LONGEST_KEPT_MS,
      maxEntries: 500,
      keysChangedBy: consultantsChangedBy,
    }),
    takenStarts: new ChangeAwareCache({
      ttlMs: LONGEST_KEPT_MS,
      maxEntries: 500,
      keysChangedBy: takenStartsChangedBy,
    }),
  };
}

function cachesOf(catalogue: Partial<KeptCatalogue>) {
  return Object.values(catalogue).filter((cache) => cache !== undefined);
}

/** Starts the caches hearing the database's notices, over one connection; resolves with the stop. */
export function hearCatalogueChanges(
  database: Pick<DatabaseHandle, "listen">,
  catalogue: Partial<KeptCatalogue>,
): Promise<() => Promise<void>> {
  return hearTogether(database, CATALOGUE_CHANGES_CHANNEL, cachesOf(catalogue));
}

/** Forgets everything kept (after a write whose notice arrives late: server/http-app.ts). */
export function forgetCatalogue(catalogue: Partial<KeptCatalogue>): void {
  for (const cache of cachesOf(catalogue)) cache.forgetAll();
}
