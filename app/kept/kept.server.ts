// The kept wing: everything this process holds in memory for speed. Each cache is declared in
// this folder with its key, its bound and what forgets it (docs/architecture.md, "The kept wing");
// features never see a cache: they read as business rules, given typed facts at most.
import type { BookingFacts } from "~/features/booking/booking.server";
import type { DatabaseHandle } from "~/infra/db.server";
import { keptBookingFacts } from "./booking-facts.server";
import { createKeptCatalogue, hearCatalogueChanges, type KeptCatalogue } from "./catalogue.server";
import { type KeptSessions, startKeepingSessions } from "./sessions.server";
import { PageStore, SHARED_PAGES } from "./shared-pages.server";

export interface Kept {
  catalogue: KeptCatalogue;
  /** What booking attempts know without a query, from the catalogue. */
  bookingFacts: BookingFacts;
  /** Live sessions; only where the database's notices arrive with each commit. */
  sessions?: KeptSessions;
  /** Content pages shared by anonymous visitors for a few seconds (no notice forgets them). */
  sharedPages: PageStore;
}

/** The parts a test or a bench may give the HTTP app; what is missing is not kept. */
export type KeptParts = {
  catalogue?: Partial<KeptCatalogue>;
  bookingFacts?: BookingFacts;
  sessions?: KeptSessions;
  sharedPages?: PageStore;
};

/** What loaders and actions may read of it (RequestContext.kept). */
export type KeptForPages = Pick<KeptParts, "bookingFacts"> & {
  directory?: Pick<KeptCatalogue, "directoryEntries" | "directoryCards">;
};

/** Everything kept, hearing the database's notices; resolves once it hears them. */
export async function startKeeping(database: DatabaseHandle): Promise<{ kept: Kept; stop(): Promise<void> }> {
  const catalogue = createKeptCatalogue();
  const stopHearingCatalogue = await hearCatalogueChanges(database, catalogue);
  const { keptSessions, stop: stopKeepingSessions } = await startKeepingSessions(database);
  return {
    kept: {
      catalogue,
      bookingFacts: keptBookingFacts(catalogue, database.db),
      sessions: keptSessions,
      sharedPages: new PageStore(SHARED_PAGES),
    },
    stop: async () => {
      await stopHearingCatalogue();
      await stopKeepingSessions();
    },
  };
}

/** The part of what is kept that pages read. */
export function keptForPages(kept: KeptParts): KeptForPages {
  const { directoryEntries, directoryCards } = kept.catalogue ?? {};
  return {
    bookingFacts: kept.bookingFacts,
    directory: directoryEntries && directoryCards ? { directoryEntries, directoryCards } : undefined,
  };
}
