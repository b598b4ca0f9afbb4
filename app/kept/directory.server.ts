import { directoryCardData } from "~/features/consultants/consultant-card-data";
import {
  type DirectoryCard,
  type DirectoryEntry,
  type DirectoryQuestion,
  type DirectoryTimes,
  directoryCards,
  searchDirectory,
} from "~/features/consultants/directory.server";
import type { Clock } from "~/infra/clock.server";
import type { Database } from "~/infra/db.server";
import { calendarDayIn } from "~/lib/dates";
import type { KeptCatalogue } from "./catalogue.server";

const HALF_HOUR_MS = 30 * 60_000;
const QUARTER_HOUR_MS = 15 * 60_000;

type DirectoryCaches = Pick<KeptCatalogue, "directoryEntries" | "directoryCards">;

/**
 * The directory's search, kept for the same question: the directory is the booking funnel's door,
 * and its two queries and the free-time search were most of its render. The key holds the half
 * hour of `now`, when the booking grid moves on; any change notice forgets every kept answer.
 */
export function keptDirectoryEntries(
  catalogue: DirectoryCaches,
  db: Database,
  options: DirectoryQuestion,
  times: DirectoryTimes,
): Promise<DirectoryEntry[]> {
  return catalogue.directoryEntries.get(questionKey(options, times), () =>
    searchDirectory(db, options, times),
  );
}

/**
 * The directory page's cards, kept beside the entries they are made from: each card's "Today at
 * 2:30 PM" takes three date formats, most of the page's loader once the entries are kept. The key
 * adds the visitor's calendar day, when "Today" and "Tomorrow" move on. Without the caches, the
 * feature's own cards.
 */
export function keptDirectoryCards(
  catalogue: DirectoryCaches | undefined,
  db: Database,
  options: DirectoryQuestion,
  times: DirectoryTimes,
): Promise<DirectoryCard[]> {
  if (!catalogue) return directoryCards(db, options, times);
  const today = calendarDayIn(times.now, times.visitorZone);
  return catalogue.directoryCards.get(`${questionKey(options, times)}:${today}`, async () =>
    (await keptDirectoryEntries(catalogue, db, options, times)).map((entry) =>
      directoryCardData(entry, times),
    ),
  );
}

/**
 * When the directory moves on without a change in the database: the booking grid's half hour, and
 * the day in `zone`, when "Today" and "Tomorrow" do (a zone's midnight need not fall on a half hour).
 */
function directoryMoment(now: Date, zone: string): string {
  return `${Math.floor(now.getTime() / HALF_HOUR_MS)}:${calendarDayIn(now, zone)}`;
}

/**
 * directoryMoment for the clock's time, worked out once a quarter hour: it is asked for every page
 * request the memory lane cannot answer otherwise, and the grid's half hours and every zone's
 * midnight fall on a quarter hour, every offset being a whole number of them.
 */
export function directoryMomentFor(clock: Clock, zone: string): () => string {
  let last: { quarterHour: number; moment: string } | undefined;
  return () => {
    const now = clock();
    const quarterHour = Math.floor(now.getTime() / QUARTER_HOUR_MS);
    if (last?.quarterHour !== quarterHour) last = { quarterHour, moment: directoryMoment(now, zone) };
    return last.moment;
  };
}

/** The question and the half hour of `now`, when the booking grid moves on. */
function questionKey(options: DirectoryQuestion, times: DirectoryTimes): string {
  return JSON.stringify([
    options.speciality ?? "",
    options.query,
    times.visitorZone,
    times.agencyZone,
    Math.floor(times.now.getTime() / HALF_HOUR_MS),
  ]);
}
