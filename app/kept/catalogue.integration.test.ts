/**
 * The consultant list and free slots are kept between requests and forgotten when the database
 * says a consultant or a booking changed. Changes here are written straight to the database, as
 * another server process (or a person at psql) would: only the database's notice can tell this
 * process about them.
 */

import { brotliDecompressSync } from "node:zlib";
import { appointments, type Consultant, consultants } from "@db/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookAppointment, SLOT_TAKEN_MESSAGE } from "~/features/booking/booking.server";
import { cancelAppointment } from "~/features/booking/cancellation.server";
import type { DatabaseHandle } from "~/infra/db.server";
import type { NoticeHandlers } from "~/infra/postgres-listener.server";
import { createConsultant, createUserWithSession } from "../../tests/setup/factories";
import { noPaymentProviders } from "../../tests/setup/receipts";
import { createTestApp } from "../../tests/setup/test-app";
import { createTestDatabase } from "../../tests/setup/test-database";
import { testWaitlist } from "../../tests/setup/waitlist";
import { keptBookingFacts } from "./booking-facts.server";
import {
  CATALOGUE_CHANGES_CHANNEL,
  catalogueKeys,
  createKeptCatalogue,
  hearCatalogueChanges,
} from "./catalogue.server";

const createCatalogueAnswers = () => createKeptCatalogue().answers;

let database: DatabaseHandle;
let stopHearing: () => Promise<void>;
const catalogueAnswers = createCatalogueAnswers();

beforeAll(async () => {
  database = await createTestDatabase();
  stopHearing = await catalogueAnswers.hear(database, CATALOGUE_CHANGES_CHANNEL);
});
afterAll(async () => {
  await stopHearing();
  await database.close();
});

type Doctor = { _id: string; name: string; fees: number; slots_booked: Record<string, string[]> };
type SlotDays = { days: { slots: { startsAt: string }[] }[] };

/** Until the database's notice (sent on commit) has been heard; it never takes long. */
async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The consultant's fee as the list answers it (whole currency units), or undefined if not listed. */
async function listedFee(app: ReturnType<typeof createTestApp>["app"], consultantId: string) {
  const { doctors } = (await (await app.request("/api/doctor/list")).json()) as { doctors: Doctor[] };
  return doctors.find((doctor) => doctor._id === consultantId)?.fees;
}

/** A booking written straight to the database, as another process (or a person at psql) would. */
async function bookDirectly(consultant: Consultant, userId: string, startsAt: Date) {
  await database.db.insert(appointments).values({
    userId,
    consultantId: consultant.id,
    startsAt,
    amountCents: consultant.feeCents,
    currency: consultant.currency,
    consultantSnapshot: { name: consultant.name, image: consultant.image, speciality: consultant.speciality },
  } as typeof appointments.$inferInsert);
}

/** The free slot starts the API answers for a consultant (ISO strings). */
async function freeStartsOf(app: ReturnType<typeof createTestApp>["app"], consultantId: string) {
  const answer = (await (await app.request(`/api/consultant/${consultantId}/slots`)).json()) as SlotDays;
  return answer.days.flatMap((day) => day.slots.map((slot) => slot.startsAt));
}

/** Answers that hear notices only when the test delivers them. */
async function controlledAnswers() {
  let given: NoticeHandlers | undefined;
  const answers = createCatalogueAnswers();
  await answers.hear(
    {
      listen: async (_channel, handlers) => {
        given = handlers;
        handlers.onListening();
        return async () => {};
      },
    },
    CATALOGUE_CHANGES_CHANNEL,
  );
  return { answers, handlers: () => given as NoticeHandlers };
}

describe("the consultant list and slots the JSON API keeps", () => {
  it("serves the list from memory until a consultant changes, then the change at once", async () => {
    const { app } = createTestApp(database, { kept: { catalogue: { answers: catalogueAnswers } } });
    const consultant = await createConsultant(database.db, { name: "Kept Consultant", feeCents: 5_000 });
    const list = async () =>
      ((await (await app.request("/api/doctor/list")).json()) as { doctors: Doctor[] }).doctors;
    const feeOf = async () => (await list()).find((doctor) => doctor._id === consultant.id)?.fees;
    expect(await eventually(feeOf, (fee) => fee === 50)).toBe(50);

    // Kept: the same answer, even for a second client.
    const first = await app.request("/api/doctor/list");
    const second = await app.request("/api/doctor/list");
    expect(second.headers.get("ETag")).toBe(first.headers.get("ETag"));

    await database.db.update(consultants).set({ feeCents: 7_500 }).where(eq(consultants.id, consultant.id));
    expect(await eventually(feeOf, (fee) => fee === 75)).toBe(75);
  });

  it("takes a slot booked elsewhere out of the consultant's free slots", async () => {
    const { app } = createTestApp(database, { kept: { catalogue: { answers: catalogueAnswers } } });
    const consultant = await createConsultant(database.db);
    const customer = await createUserWithSession(database.db);
    const freeStarts = () => freeStartsOf(app, consultant.id);
    const before = await freeStarts();
    const taken = before[0]!;
    expect(await freeStarts()).toEqual(before);

    await bookDirectly(consultant, customer.id, new Date(taken));
    const after = await eventually(freeStarts, (starts) => !starts.includes(taken));
    expect(after).not.toContain(taken);
    expect(after).toHaveLength(before.length - 1);
  });

  it("forgets at once what a write through this process may have changed, on PostgreSQL: a client reads its own writes", async () => {
    const { answers } = await controlledAnswers();
    // PostgreSQL's notices come on a connection of their own, maybe after the answer to the write.
    const { app } = createTestApp(
      { ...database, noticesArriveWithCommit: false },
      { kept: { catalogue: { answers } } },
    );
    const consultant = await createConsultant(database.db, { name: "Own Writes", feeCents: 1_000 });
    const feeOf = () => listedFee(app, consultant.id);
    expect(await feeOf()).toBe(10);

    // A write that never touches consultants or appointments (an inquiry) keeps what was kept.
    await database.db.update(consultants).set({ feeCents: 2_000 }).where(eq(consultants.id, consultant.id));
    await app.request("/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(await feeOf()).toBe(10);

    // Any other write forgets before its answer goes out, whatever its outcome.
    await app.request("/api/user/cancel-appointment", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(await feeOf()).toBe(20);
  });

  it("has heard a booking by the time its answer goes out, and forgot only what it changed on the embedded database", async () => {
    const { app } = createTestApp(database, { kept: { catalogue: { answers: catalogueAnswers } } });
    const [booked, other] = [await createConsultant(database.db), await createConsultant(database.db)];
    const customer = await createUserWithSession(database.db);
    const answer = (await (await app.request(`/api/consultant/${booked.id}/slots`)).json()) as {
      days: { slots: { slotDate: string; slotTime: string; startsAt: string }[] }[];
    };
    // Today may have no free slot left (late in the agency's day), so the first day that has one.
    const slot = answer.days.flatMap((day) => day.slots)[0]!;
    // Kept once the new consultants' own notices have come (on PostgreSQL, a moment later).
    const bothKept = await eventually(
      async () => {
        await freeStartsOf(app, booked.id);
        await freeStartsOf(app, other.id);
        return [booked.id, other.id].map((id) => catalogueAnswers.peek(catalogueKeys.slots(id)));
      },
      (kept) => kept.every((answer) => answer !== undefined),
    );
    expect(bothKept.every((answer) => answer !== undefined)).toBe(true);

    const booking = await app.request("/api/user/book-appointment", {
      method: "POST",
      headers: { "Content-Type": "application/json", token: customer.token },
      body: JSON.stringify({ docId: booked.id, slotDate: slot.slotDate, slotTime: slot.slotTime }),
    });
    expect(booking.status).toBe(201);
    expect(catalogueAnswers.peek(catalogueKeys.slots(booked.id))).toBeUndefined();
    expect(await freeStartsOf(app, booked.id)).not.toContain(slot.startsAt);
    // The other consultant's slots are still kept where the notice is heard with the commit;
    // on PostgreSQL the write forgot everything, so the booking's own client reads it.
    expect(catalogueAnswers.peek(catalogueKeys.slots(other.id)) !== undefined).toBe(
      database.noticesArriveWithCommit,
    );
  });

  it("hears a booking's notice name its consultant, and a consultant's change name its table", async () => {
    const heard: string[] = [];
    const stop = await database.listen(CATALOGUE_CHANGES_CHANNEL, {
      onNotice: (payload) => heard.push(payload),
      onListening: () => {},
      onGap: () => {},
    });
    try {
      const consultant = await createConsultant(database.db);
      const customer = await createUserWithSession(database.db);
      await bookDirectly(consultant, customer.id, new Date(Date.now() + 86_400_000));
      const names = await eventually(
        async () => [...heard],
        (payloads) => payloads.includes(`appointments:${consultant.id}`),
      );
      expect(names).toContain("consultants");
      expect(names).toContain(`appointments:${consultant.id}`);
    } finally {
      await stop();
    }
  });

  it("forgets only the booked consultant's slots (and the list) when a booking's notice names them", async () => {
    const { answers, handlers } = await controlledAnswers();
    const { app } = createTestApp(database, { kept: { catalogue: { answers } } });
    const [booked, other] = [await createConsultant(database.db), await createConsultant(database.db)];
    const customer = await createUserWithSession(database.db);
    const freeStarts = (consultantId: string) => freeStartsOf(app, consultantId);
    const bookedBefore = await freeStarts(booked.id);
    const otherBefore = await freeStarts(other.id);
    const listBefore = (await app.request("/api/doctor/list")).headers.get("ETag");
    for (const consultant of [booked, other]) {
      await bookDirectly(consultant, customer.id, new Date(bookedBefore[0]!));
    }

    handlers().onNotice(`appointments:${booked.id}`);
    expect(await freeStarts(booked.id)).toHaveLength(bookedBefore.length - 1);
    expect((await app.request("/api/doctor/list")).headers.get("ETag")).not.toBe(listBefore);
    // Its notice has not come: the other consultant's slots are still the kept ones.
    expect(await freeStarts(other.id)).toEqual(otherBefore);
    // Ids in the URL are matched whatever their case.
    handlers().onNotice(`appointments:${other.id}`);
    expect(await freeStarts(other.id.toUpperCase())).toHaveLength(otherBefore.length - 1);
  });

  it("answers compressed as the client accepts, and 304 to a revalidation", async () => {
    const { app } = createTestApp(database, { kept: { catalogue: { answers: catalogueAnswers } } });
    const plain = await app.request("/api/doctor/list");
    const text = await plain.text();
    const brotli = await app.request("/api/doctor/list", { headers: { "Accept-Encoding": "br" } });
    expect(brotli.headers.get("Content-Encoding")).toBe("br");
    expect(brotli.headers.get("Content-Type")).toBe("application/json");
    expect(brotliDecompressSync(Buffer.from(await brotli.arrayBuffer())).toString()).toBe(text);
    const revalidated = await app.request("/api/doctor/list", {
      headers: { "If-None-Match": plain.headers.get("ETag") ?? "missing" },
    });
    expect(revalidated.status).toBe(304);
  });

  it("really keeps the answer: a change nobody announced stays unseen until a notice comes", async () => {
    const { answers, handlers } = await controlledAnswers();
    const { app } = createTestApp(database, { kept: { catalogue: { answers } } });
    const consultant = await createConsultant(database.db, { name: "Unannounced", feeCents: 1_000 });
    const feeOf = () => listedFee(app, consultant.id);
    expect(await feeOf()).toBe(10);
    await database.db.update(consultants).set({ feeCents: 2_000 }).where(eq(consultants.id, consultant.id));
    expect(await feeOf()).toBe(10);
    handlers().onNotice("consultants");
    expect(await feeOf()).toBe(20);
    // A lost connection to the notices: nothing is kept until it listens again.
    handlers().onGap();
    await database.db.update(consultants).set({ feeCents: 3_000 }).where(eq(consultants.id, consultant.id));
    expect(await feeOf()).toBe(30);
  });

  it("keeps nothing while the database's notices cannot be heard", async () => {
    const deaf = createCatalogueAnswers();
    let computed = 0;
    const compute = async () => {
      computed += 1;
      return { identity: Buffer.from("x"), gzip: Buffer.from("x"), brotli: Buffer.from("x"), etag: 'W/"x"' };
    };
    await deaf.get("key", compute);
    await deaf.get("key", compute);
    expect(computed).toBe(2);
  });
});

describe("booking attempts refused from what the process keeps", () => {
  it("tell a taken slot at once, and take it again as soon as it is freed", async () => {
    const catalogue = createKeptCatalogue();
    const stopKeeping = await hearCatalogueChanges(database, catalogue);
    try {
      const { app } = createTestApp(database);
      const consultant = await createConsultant(database.db, { name: "Kept Facts" });
      const [first, second] = [
        await createUserWithSession(database.db, "first"),
        await createUserWithSession(database.db, "second"),
      ];
      const [start] = await freeStartsOf(app, consultant.id);
      const context = {
        zone: "America/New_York",
        agencyEmail: "agency@example.com",
        perUserPerMinute: 30,
        payments: noPaymentProviders(),
        waitlist: testWaitlist("America/New_York"),
        facts: keptBookingFacts(catalogue, database.db),
      };
      const attempt = (userId: string) =>
        bookAppointment(database.db, userId, { docId: consultant.id, startsAt: start }, context);

      const booked = await attempt(first!.id);
      await expect(attempt(second!.id)).rejects.toMatchObject({
        kind: "conflict",
        message: SLOT_TAKEN_MESSAGE,
      });
      await cancelAppointment(database.db, first!.id, { appointmentId: booked.id }, context);
      // Freed: the kept taken slots are forgotten by the cancellation's notice, which the embedded
      // database delivers with the commit and PostgreSQL a moment later.
      let tries = 0;
      const rebooked = await eventually(
        () => {
          tries += 1;
          return attempt(second!.id).catch((error: Error) => error);
        },
        (outcome) => !(outcome instanceof Error),
      );
      expect(rebooked).toMatchObject({ userId: second!.id, startsAt: new Date(start!) });
      if (database.noticesArriveWithCommit) expect(tries).toBe(1);
    } finally {
      await stopKeeping();
    }
  });
});
