/**
 * What the server keeps is wired to the features that read it: a booking made through the HTTP
 * app reads its facts from the kept catalogue (so a rush of attempts at a taken slot is refused
 * without queries), and the kept caches start empty and hearing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BookingFacts, SLOT_TAKEN_MESSAGE } from "~/features/booking/booking.server";
import type { DatabaseHandle } from "~/infra/db.server";
import { book, bookOrFail, createConsultant, createUserWithSession } from "../../tests/setup/factories";
import { laterFreeSlots } from "../../tests/setup/route-calls";
import { createTestApp } from "../../tests/setup/test-app";
import { createTestDatabase } from "../../tests/setup/test-database";
import { catalogueKeys } from "./catalogue.server";
import { type Kept, startKeeping } from "./kept.server";

let database: DatabaseHandle;
let kept: Kept;
let stopKeeping: () => Promise<void>;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ kept, stop: stopKeeping } = await startKeeping(database));
});
afterAll(async () => {
  await stopKeeping();
  await database.close();
});

describe("the kept wing, as the server wires it", () => {
  it("gives booking attempts their facts: the consultant is read from memory, a taken slot refused", async () => {
    // The wing's own facts, counted: on PostgreSQL the app forgets the catalogue after every write
    // (its notices arrive late), so what is kept afterwards cannot tell whether they were read.
    const asked: string[] = [];
    const facts = kept.bookingFacts;
    const bookingFacts: BookingFacts = {
      consultant(id) {
        asked.push("consultant");
        return facts.consultant(id);
      },
      takenStarts(id, now) {
        asked.push("taken starts");
        return facts.takenStarts(id, now);
      },
      oneAtATime(slot, attempt) {
        asked.push("one at a time");
        return facts.oneAtATime(slot, attempt);
      },
    };
    const testApp = createTestApp(database, { kept: { ...kept, bookingFacts } });
    const consultant = await createConsultant(database.db, { name: "Wired Facts" });
    const [slot] = await laterFreeSlots(testApp, consultant.id);
    const [first, second] = [
      await createUserWithSession(database.db, "first"),
      await createUserWithSession(database.db, "second"),
    ];
    const body = { docId: consultant.id, ...slot! };

    await bookOrFail(testApp.app, first!.token, body);
    const refused = await book(testApp.app, second!.token, body);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe(SLOT_TAKEN_MESSAGE);
    expect(asked).toEqual([
      ...["one at a time", "consultant", "taken starts"],
      ...["one at a time", "consultant", "taken starts"],
    ]);
    // A booking's notice leaves consultants kept, where the notices arrive with the commit.
    if (database.noticesArriveWithCommit) {
      expect(kept.catalogue.consultants.peek(catalogueKeys.consultant(consultant.id))?.id).toBe(
        consultant.id,
      );
    }
  });
});
