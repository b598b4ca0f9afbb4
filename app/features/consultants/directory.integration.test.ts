import { appointments, type Consultant } from "@db/schema";
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "~/infra/db.server";
import { createKeptCatalogue, hearCatalogueChanges, type KeptCatalogue } from "~/kept/catalogue.server";
import { keptDirectoryCards, keptDirectoryEntries } from "~/kept/directory.server";
import { createConsultant, createUserWithSession } from "../../../tests/setup/factories";
import { inNewYork } from "../../../tests/setup/frozen-suite";
import { WINDOW_FROM_MAY_3_2027 } from "../../../tests/setup/slot-grid";
import { createTestDatabase } from "../../../tests/setup/test-database";
import { snapshotOf } from "./consultants.server";
import { type DirectoryCard, type DirectoryEntry, searchDirectory } from "./directory.server";
import { type DirectoryQuery, defaultDirectoryQuery } from "./directory-query";

const NEW_YORK = "America/New_York";
const BRISBANE = "Australia/Brisbane";
// Monday 3 May 2027, 9:00 in New York: today's grid is still whole.
const NOW = inNewYork("2027-05-03T09:00");
const times = { now: NOW, agencyZone: NEW_YORK, visitorZone: NEW_YORK };

let database: DatabaseHandle;
let customerId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  customerId = (await createUserWithSession(database.db, "directory")).id;
});
afterAll(async () => {
  await database?.close();
});

async function bookStart(consultant: Consultant, startsAt: Date, cancelled = false) {
  await database.db.insert(appointments).values({
    userId: customerId,
    consultantId: consultant.id,
    startsAt,
    amountCents: consultant.feeCents,
    currency: consultant.currency,
    consultantSnapshot: snapshotOf(consultant),
    cancelledAt: cancelled ? NOW : null,
  });
}

/** The directory's answer for a query, as names and next free times (ISO, New York). */
async function search(query: Partial<DirectoryQuery>, options: { visitorZone?: string; db?: Database } = {}) {
  const entries = await searchDirectory(
    options.db ?? database.db,
    { query: { ...defaultDirectoryQuery, ...query } },
    { ...times, visitorZone: options.visitorZone ?? NEW_YORK },
  );
  return entries.map((entry) => ({
    name: entry.consultant.name,
    nextFree: entry.nextFree ? DateTime.fromJSDate(entry.nextFree, { zone: NEW_YORK }).toISO() : null,
  }));
}

describe("next free times", () => {
  beforeAll(async () => {
    await createConsultant(database.db, { name: "Freetime Open" });
    const busy = await createConsultant(database.db, { name: "Freetime Busy Morning" });
    await bookStart(busy, inNewYork("2027-05-03T10:00"));
    await bookStart(busy, inNewYork("2027-05-03T10:30"));
    // A cancelled booking frees its slot again.
    await bookStart(busy, inNewYork("2027-05-03T11:00"), true);
    await createConsultant(database.db, {
      name: "Freetime Wednesday Afternoons",
      workingHours: { "3": { start: 14 * 60, end: 16 * 60 } },
    });
    await createConsultant(database.db, { name: "Freetime Not Taking Bookings", available: false });
    await createConsultant(database.db, {
      name: "Freetime On Leave",
      daysOff: WINDOW_FROM_MAY_3_2027,
    });
    await createConsultant(database.db, { name: "Freetime Archived", archivedAt: NOW });
  });

  it("is the first open slot of each consultant's own hours, past their bookings; none when they take none", async () => {
    expect(await search({ q: "freetime" })).toEqual([
      { name: "Freetime Busy Morning", nextFree: "2027-05-03T11:00:00.000-04:00" },
      { name: "Freetime Not Taking Bookings", nextFree: null },
      { name: "Freetime On Leave", nextFree: null },
      { name: "Freetime Open", nextFree: "2027-05-03T10:00:00.000-04:00" },
      { name: "Freetime Wednesday Afternoons", nextFree: "2027-05-05T14:00:00.000-04:00" },
    ]);
  });

  // Consultants, their bookings, the slots held for the waitlist, and which of them connected a
  // calendar (no busy times are read when none did).
  it("is found for every listed consultant with four queries, however many there are", async () => {
    let selects = 0;
    const counting = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property === "select") selects += 1;
        return Reflect.get(target, property, receiver);
      },
    });
    const found = await search({}, { db: counting });
    expect(found.length).toBeGreaterThanOrEqual(5);
    expect(selects).toBe(4);
  });

  it("keeps those free today or this week, and orders by the soonest", async () => {
    expect((await search({ q: "freetime", when: "today" })).map((entry) => entry.name)).toEqual([
      "Freetime Busy Morning",
      "Freetime Open",
    ]);
    expect(
      (await search({ q: "freetime", when: "week", sort: "soonest" })).map((entry) => entry.name),
    ).toEqual(["Freetime Open", "Freetime Busy Morning", "Freetime Wednesday Afternoons"]);
    expect((await search({ q: "freetime", sort: "soonest" })).slice(-2).map((entry) => entry.name)).toEqual([
      "Freetime Not Taking Bookings",
      "Freetime On Leave",
    ]);
  });

  it("reads today on the visitor's calendar", async () => {
    // 9:00 in New York is 11:00 PM in Brisbane: New York's first slots, from 10:00, are tomorrow there.
    expect(await search({ q: "freetime", when: "today" }, { visitorZone: BRISBANE })).toEqual([]);
    expect(await search({ q: "freetime", when: "week" }, { visitorZone: BRISBANE })).toHaveLength(3);
  });
});

describe("search, fee and order", () => {
  beforeAll(async () => {
    await createConsultant(database.db, { name: "Pricey Amelia Stone", feeCents: 15_000 });
    await createConsultant(database.db, {
      name: "Pricey Bruno Vale",
      feeCents: 7_500,
      speciality: "Tax Consultants",
    });
    await createConsultant(database.db, { name: "Pricey Carla Stone", feeCents: 10_000 });
    await createConsultant(database.db, { name: "Percent 100% Sure_Name", feeCents: 9_000 });
  });

  it("finds consultants by part of their name, whatever the case", async () => {
    expect((await search({ q: "STONE" })).map((entry) => entry.name)).toEqual([
      "Pricey Amelia Stone",
      "Pricey Carla Stone",
    ]);
  });

  it("takes the search's wildcard characters literally", async () => {
    expect((await search({ q: "100%" })).map((entry) => entry.name)).toEqual(["Percent 100% Sure_Name"]);
    expect(await search({ q: "Pricey_" })).toEqual([]);
    expect(await search({ q: "%" })).toHaveLength(1);
  });

  it("keeps fees up to the ceiling, the ceiling included, and sorts by fee either way", async () => {
    expect((await search({ q: "pricey", maxFee: 100, sort: "fee-low" })).map((entry) => entry.name)).toEqual([
      "Pricey Bruno Vale",
      "Pricey Carla Stone",
    ]);
    expect((await search({ q: "pricey", sort: "fee-high" })).map((entry) => entry.name)).toEqual([
      "Pricey Amelia Stone",
      "Pricey Carla Stone",
      "Pricey Bruno Vale",
    ]);
  });

  it("narrows to one speciality", async () => {
    const entries = await searchDirectory(
      database.db,
      { speciality: "Tax Consultants", query: { ...defaultDirectoryQuery, q: "pricey" } },
      times,
    );
    expect(entries.map((entry) => entry.consultant.name)).toEqual(["Pricey Bruno Vale"]);
  });
});

// What app/kept/directory.server.ts keeps of this feature's answers, beside the feature's own tests.
describe("the kept directory", () => {
  let kept: KeptCatalogue;
  let stopHearing: () => Promise<void>;
  beforeAll(async () => {
    kept = createKeptCatalogue();
    stopHearing = await hearCatalogueChanges(database, kept);
  });
  afterAll(async () => {
    await stopHearing();
  });

  const question = { query: { ...defaultDirectoryQuery, q: "Kept" } };
  const nextFreeOf = (entries: DirectoryEntry[], id: string) =>
    entries.find((entry) => entry.consultant.id === id)?.nextFree?.toISOString();

  /** Until the database's notice (sent on commit) has been heard; it never takes long. */
  async function eventually<T>(read: () => Promise<T>, accept: (answer: T) => boolean) {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const entries = await read();
      if (accept(entries) || Date.now() > deadline) return entries;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** The answer once it is kept: the same object twice in a row. */
  async function eventuallyKept<T>(read: () => Promise<T>) {
    const deadline = Date.now() + 5_000;
    let previous = await read();
    for (;;) {
      const next = await read();
      if (next === previous || Date.now() > deadline) return next;
      previous = next;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it("answers the same question again from memory, until a booking changes the answer", async () => {
    const consultant = await createConsultant(database.db, { name: "Kept Directory One" });
    const read = () => keptDirectoryEntries(kept, database.db, question, times);
    // On PostgreSQL the new consultant's own notice may come after an answer was kept, and forget it.
    const first = await eventuallyKept(read);
    expect(await read()).toBe(first);
    const firstFree = nextFreeOf(first, consultant.id);
    expect(firstFree).toBe(inNewYork("2027-05-03T10:00").toISOString());

    // Booked straight in the database, as another server process would: only its notice tells us.
    await bookStart(consultant, inNewYork("2027-05-03T10:00"));
    const after = await eventually(read, (entries) => nextFreeOf(entries, consultant.id) !== firstFree);
    expect(nextFreeOf(after, consultant.id)).toBe(inNewYork("2027-05-03T10:30").toISOString());
  });

  it("asks again when the booking grid moves on to the next half hour", async () => {
    const consultant = await createConsultant(database.db, { name: "Kept Directory Two" });
    const at = (now: Date) => keptDirectoryEntries(kept, database.db, question, { ...times, now });
    const before = await at(inNewYork("2027-05-03T11:10"));
    expect(nextFreeOf(before, consultant.id)).toBe(inNewYork("2027-05-03T11:30").toISOString());
    const later = await at(inNewYork("2027-05-03T11:40"));
    expect(nextFreeOf(later, consultant.id)).toBe(inNewYork("2027-05-03T12:00").toISOString());
  });

  it("keeps the cards until the visitor's own day moves on, even within a half hour", async () => {
    const consultant = await createConsultant(database.db, { name: "Kept Directory Cards" });
    // Kathmandu is 5:45 ahead of UTC: its midnight falls a quarter into a half hour of the grid.
    const kathmandu = { ...times, visitorZone: "Asia/Kathmandu" };
    const at = (iso: string) =>
      keptDirectoryCards(kept, database.db, question, { ...kathmandu, now: new Date(iso) });
    const cardOf = (cards: DirectoryCard[]) => cards.find((card) => card.id === consultant.id);
    // 14:05 in New York: the next free start is 14:30 there, 00:15 the next day in Kathmandu.
    const beforeMidnight = await eventuallyKept(() => at("2027-05-03T18:05:00Z"));
    expect(await at("2027-05-03T18:10:00Z")).toBe(beforeMidnight);
    expect(cardOf(beforeMidnight)?.nextFree.time).toBe("Tomorrow at 12:15 AM");
    const afterMidnight = await at("2027-05-03T18:20:00Z");
    expect(cardOf(afterMidnight)?.nextFree.time).toBe("Today at 12:15 AM");
  });

  it("forgets the cards when a booking changes them", async () => {
    const consultant = await createConsultant(database.db, { name: "Kept Directory Booked" });
    const read = () => keptDirectoryCards(kept, database.db, question, times);
    const first = await eventuallyKept(read);
    expect(first.find((card) => card.id === consultant.id)?.nextFree.time).toBe("Today at 10:00 AM");
    await bookStart(consultant, inNewYork("2027-05-03T10:00"));
    const timeOf = (cards: DirectoryCard[]) => cards.find((card) => card.id === consultant.id)?.nextFree.time;
    const after = await eventually(read, (cards) => timeOf(cards) !== "Today at 10:00 AM");
    expect(after.find((card) => card.id === consultant.id)?.nextFree.time).toBe("Today at 10:30 AM");
  });
});
