import { appointments, type Consultant } from "@db/schema";
import { and, gt, inArray, isNull, lt } from "drizzle-orm";
import { DateTime } from "luxon";
import type { SpecialityName } from "~/content/specialities";
import { calendarBlocks } from "~/features/calendars/calendar-blocks.server";
import { BOOKING_WINDOW_DAYS, bookingGrid, firstFreeStart } from "~/features/slot-grid/slots";
import { heldStarts } from "~/features/waitlist/offers.server";
import type { Database } from "~/infra/db.server";
import { averageRating } from "~/lib/ratings";
import { rememberedZone } from "~/lib/remembered-zone";
import { directoryCardData } from "./consultant-card-data";
import { listConsultants } from "./consultants.server";
import type { DirectoryQuery } from "./directory-query";

/** A consultant in the directory with their next free start, or null when the booking window has none. */
export interface DirectoryEntry {
  consultant: Consultant;
  nextFree: Date | null;
}

/** What a visitor asks the directory: a speciality (or all of them) and the search and filters. */
export interface DirectoryQuestion {
  speciality?: SpecialityName;
  query: DirectoryQuery;
}

export interface DirectoryTimes {
  now: Date;
  /** The zone of the booking grid (AGENCY_TZ). */
  agencyZone: string;
  /** The visitor's zone (their account's, else the agency's): what "today" means to them. */
  visitorZone: string;
}

/**
 * The consultants customers may see that match the query, each with their next free time, in the
 * asked order: one query for the consultants (speciality, name and fee filtered by the database),
 * one for the bookings of all of them in the window, then the free-time filter and the order here.
 */
export async function searchDirectory(
  db: Database,
  options: DirectoryQuestion,
  times: DirectoryTimes,
): Promise<DirectoryEntry[]> {
  const { query } = options;
  const listed = await listConsultants(db, {
    speciality: options.speciality,
    nameContains: query.q || undefined,
    maxFeeCents: query.maxFee !== null ? query.maxFee * 100 : undefined,
  });
  const nextFree = await nextFreeTimes(db, listed, times);
  const entries = listed.map((consultant) => ({ consultant, nextFree: nextFree.get(consultant.id) ?? null }));
  return orderEntries(keepFreeWhen(entries, query.when, times), query.sort);
}

export type DirectoryCard = ReturnType<typeof directoryCardData>;

/** The directory page's cards for the question. */
export async function directoryCards(
  db: Database,
  options: DirectoryQuestion,
  times: DirectoryTimes,
): Promise<DirectoryCard[]> {
  return (await searchDirectory(db, options, times)).map((entry) => directoryCardData(entry, times));
}

/**
 * Each consultant's first free start in the booking window (inside their working hours, not on a
 * day off, not booked, not busy in their calendar), or null, by id; null for everyone not taking
 * bookings or whose calendar cannot be trusted. One query reads the bookings of them all.
 */
async function nextFreeTimes(
  db: Database,
  listed: readonly Consultant[],
  times: Pick<DirectoryTimes, "now" | "agencyZone">,
): Promise<Map<string, Date | null>> {
  const result = new Map<string, Date | null>();
  const bookable = listed.filter((consultant) => consultant.available && consultant.archivedAt === null);
  for (const consultant of listed) result.set(consultant.id, null);
  if (bookable.length === 0) return result;
  const windowEnd = DateTime.fromJSDate(times.now, { zone: rememberedZone(times.agencyZone) })
    .startOf("day")
    .plus({ days: BOOKING_WINDOW_DAYS })
    .toJSDate();
  const booked = await db
    .select({ consultantId: appointments.consultantId, startsAt: appointments.startsAt })
    .from(appointments)
    .where(
      and(
        inArray(
          appointments.consultantId,
          bookable.map((consultant) => consultant.id),
        ),
        isNull(appointments.cancelledAt),
        gt(appointments.startsAt, times.now),
        lt(appointments.startsAt, windowEnd),
      ),
    );
  const taken = new Map<string, Set<number>>();
  for (const booking of booked) {
    const starts = taken.get(booking.consultantId) ?? new Set<number>();
    starts.add(booking.startsAt.getTime());
    taken.set(booking.consultantId, starts);
  }
  const bookableIds = bookable.map((consultant) => consultant.id);
  const [calendars, held] = await Promise.all([
    calendarBlocks(db, bookableIds, times.now),
    heldStarts(db, bookableIds, times.now),
  ]);
  const grid = bookingGrid({ now: times.now, zone: times.agencyZone });
  for (const consultant of bookable) {
    const calendar = calendars.get(consultant.id);
    if (calendar?.withheld) continue;
    const starts = taken.get(consultant.id) ?? new Set<number>();
    for (const busy of calendar?.busyStarts ?? []) starts.add(busy);
    for (const start of held.get(consultant.id) ?? []) starts.add(start);
    result.set(consultant.id, firstFreeStart(grid, starts, consultant));
  }
  return result;
}

/**
 * Only those free at the asked time: "today" on the visitor's calendar, "week" anywhere in the
 * booking window. The first free start decides both: a later free time can only be later.
 */
function keepFreeWhen<Entry extends { nextFree: Date | null }>(
  entries: readonly Entry[],
  when: DirectoryQuery["when"],
  times: Pick<DirectoryTimes, "now" | "visitorZone">,
): Entry[] {
  if (when === null) return [...entries];
  if (when === "week") return entries.filter((entry) => entry.nextFree !== null);
  const visitorZone = rememberedZone(times.visitorZone);
  const today = DateTime.fromJSDate(times.now, { zone: visitorZone }).toISODate();
  return entries.filter(
    (entry) =>
      entry.nextFree !== null &&
      DateTime.fromJSDate(entry.nextFree, { zone: visitorZone }).toISODate() === today,
  );
}

const byName = (a: DirectoryEntry, b: DirectoryEntry) => a.consultant.name.localeCompare(b.consultant.name);

/** The asked order; ties (and the default) by name. Those without a free time come last by "soonest", those without reviews by "rating". */
function orderEntries(entries: readonly DirectoryEntry[], sort: DirectoryQuery["sort"]): DirectoryEntry[] {
  const ordered = [...entries];
  switch (sort) {
    case "soonest":
      return ordered.sort(
        (a, b) =>
          (a.nextFree?.getTime() ?? Number.POSITIVE_INFINITY) -
            (b.nextFree?.getTime() ?? Number.POSITIVE_INFINITY) || byName(a, b),
      );
    case "rating":
      // The best average first; more reviews break a tie; those without reviews last, by name.
      return ordered.sort(
        (a, b) =>
          (averageRating(b.consultant) ?? -1) - (averageRating(a.consultant) ?? -1) ||
          b.consultant.reviewCount - a.consultant.reviewCount ||
          byName(a, b),
      );
    case "fee-low":
      return ordered.sort((a, b) => a.consultant.feeCents - b.consultant.feeCents || byName(a, b));
    case "fee-high":
      return ordered.sort((a, b) => b.consultant.feeCents - a.consultant.feeCents || byName(a, b));
    default:
      return ordered.sort(byName);
  }
}
