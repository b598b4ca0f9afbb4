import { appointments, type Consultant } from "@db/schema";
import { seedDatabase } from "@db/seed";
import { eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consultantSlots } from "~/features/consultants/consultants.server";
import { type DatabaseHandle, isReachedByThisProcessOnly } from "~/infra/db.server";
import { consultantNamed, createUserWithSession } from "../../../tests/setup/factories";
import { noPaymentProviders } from "../../../tests/setup/receipts";
import { insertAppointment as insertAppointmentRow } from "../../../tests/setup/staff-appointments";
import { createTestDatabase } from "../../../tests/setup/test-database";
import { testWaitlist } from "../../../tests/setup/waitlist";
import { listAppointments } from "./appointments.server";
import { type BookingContext, bookAppointment, SLOT_TAKEN_MESSAGE } from "./booking.server";
import { cancelAppointment } from "./cancellation.server";

const NEW_YORK = "America/New_York";
const LOS_ANGELES = "America/Los_Angeles";

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase(database.db);
});
afterAll(async () => {
  await database?.close();
});

function at(wallClock: string, zone = NEW_YORK): Date {
  return DateTime.fromISO(wallClock, { zone }).toJSDate();
}

function contextAt(now: Date, zone = NEW_YORK, perUserPerMinute = 30): BookingContext {
  return {
    zone,
    agencyEmail: "agency@example.com",
    perUserPerMinute,
    payments: noPaymentProviders(),
    waitlist: testWaitlist(zone),
    now,
  };
}

/** A row written straight to the table, bypassing every rule of bookAppointment. */
function insertAppointment(consultant: Consultant, userId: string, startsAt: Date) {
  return insertAppointmentRow(database.db, consultant, userId, startsAt);
}

describe("the appointments table", () => {
  it("itself refuses a second active appointment of one consultant at one time, but not after a cancellation", async () => {
    const amelia = await consultantNamed(database.db, "Amelia Hart");
    const [first, second] = [
      await createUserWithSession(database.db),
      await createUserWithSession(database.db),
    ];
    const startsAt = at("2027-06-01T10:00");
    const held = await insertAppointment(amelia, first.id, startsAt);
    await expect(insertAppointment(amelia, second.id, startsAt)).rejects.toThrow();
    // Another consultant at the same time, or the same consultant half an hour later, is fine.
    const marcus = await consultantNamed(database.db, "Marcus Bell");
    await insertAppointment(marcus, second.id, startsAt);
    await insertAppointment(amelia, second.id, at("2027-06-01T10:30"));

    await database.db
      .update(appointments)
      .set({ cancelledAt: new Date() })
      .where(eq(appointments.id, held.id));
    const again = await insertAppointment(amelia, second.id, startsAt);
    expect(again.startsAt).toEqual(startsAt);
  });
});

describe("bookAppointment", () => {
  it("counts only unpaid, upcoming, active appointments towards the limit of three", async () => {
    const now = at("2027-06-07T09:00");
    const context = contextAt(now);
    const sofia = await consultantNamed(database.db, "Sofia Ramirez");
    const lucas = await consultantNamed(database.db, "Lucas Meyer");
    const user = await createUserWithSession(database.db);
    const bookAt = (consultant: Consultant, wallClock: string) =>
      bookAppointment(database.db, user.id, { docId: consultant.id, startsAt: at(wallClock) }, context);

    // An unpaid one that already took place, a paid one and a cancelled one: none of them count.
    await insertAppointment(lucas, user.id, at("2027-06-06T15:00"));
    const paid = await bookAt(sofia, "2027-06-08T10:00");
    await database.db.update(appointments).set({ paidAt: now }).where(eq(appointments.id, paid.id));
    const cancelled = await bookAt(sofia, "2027-06-08T10:30");
    await cancelAppointment(database.db, user.id, { appointmentId: cancelled.id }, context);

    const unpaid = [];
    for (const clock of ["11:00", "11:30", "12:00"]) {
      unpaid.push(await bookAt(sofia, `2027-06-08T${clock}`));
    }
    await expect(bookAt(lucas, "2027-06-09T10:00")).rejects.toMatchObject({
      kind: "conflict",
      message: expect.stringMatching(/3 unpaid upcoming/),
    });

    // Paying for one makes room for another.
    await database.db.update(appointments).set({ paidAt: now }).where(eq(appointments.id, unpaid[0]!.id));
    await expect(bookAt(lucas, "2027-06-09T10:00")).resolves.toMatchObject({
      startsAt: at("2027-06-09T10:00"),
    });
    await expect(bookAt(lucas, "2027-06-09T10:30")).rejects.toMatchObject({ kind: "conflict" });
  });

  it("keeps wall-clock slots across the autumn clock change in the agency's zone", async () => {
    const now = at("2027-11-05T12:00");
    const grace = await consultantNamed(database.db, "Grace Thompson");
    const user = await createUserWithSession(database.db);
    const context = contextAt(now);
    const saturday = await bookAppointment(
      database.db,
      user.id,
      { docId: grace.id, startsAt: at("2027-11-06T10:00") },
      context,
    );
    // Clocks go back at 2 AM on Sunday 7 November 2027: 10:00 AM is then UTC-5.
    const sunday = await bookAppointment(
      database.db,
      user.id,
      { docId: grace.id, startsAt: at("2027-11-07T10:00") },
      context,
    );
    expect(saturday.startsAt.toISOString()).toBe("2027-11-06T14:00:00.000Z");
    expect(sunday.startsAt.toISOString()).toBe("2027-11-07T15:00:00.000Z");
    const listed = await listAppointments(database.db, user.id);
    expect(listed.map((appointment) => appointment.id)).toEqual([sunday.id, saturday.id]);

    const days = await consultantSlots(database.db, grace, { zone: NEW_YORK, now });
    const sundaySlots = days.find((day) => day.date === "2027-11-07")!.slots;
    expect(sundaySlots).toHaveLength(21);
    // 10:30 AM on the Sunday, UTC-5.
    expect(sundaySlots[0]).toEqual({ startsAt: "2027-11-07T15:30:00.000Z" });
  });

  it("reads the grid in the configured agency zone", async () => {
    const now = at("2027-05-03T09:00", LOS_ANGELES);
    const chloe = await consultantNamed(database.db, "Chloe Martin");
    const user = await createUserWithSession(database.db);
    // 8:30 PM in Los Angeles is the last slot there, and 11:30 PM in New York, off its grid.
    const lastSlot = { docId: chloe.id, startsAt: at("2027-05-04T20:30", LOS_ANGELES) };
    await expect(
      bookAppointment(database.db, user.id, lastSlot, contextAt(now, NEW_YORK)),
    ).rejects.toMatchObject({
      kind: "invalid",
      fieldErrors: { startsAt: expect.stringMatching(/half hour/) },
    });
    const booked = await bookAppointment(database.db, user.id, lastSlot, contextAt(now, LOS_ANGELES));
    expect(booked.startsAt.toISOString()).toBe("2027-05-05T03:30:00.000Z");
    expect(await listAppointments(database.db, user.id)).toEqual([booked]);
  });

  it("applies the per-user limit it is given, with the seconds to wait", async () => {
    const now = at("2027-05-03T09:00:15");
    const daniel = await consultantNamed(database.db, "Daniel Kim");
    const user = await createUserWithSession(database.db);
    const attempt = () =>
      bookAppointment(
        database.db,
        user.id,
        { docId: daniel.id, startsAt: at("2027-05-04T10:15") },
        contextAt(now, NEW_YORK, 2),
      );
    await expect(attempt()).rejects.toMatchObject({ kind: "invalid" });
    await expect(attempt()).rejects.toMatchObject({ kind: "invalid" });
    await expect(attempt()).rejects.toMatchObject({ kind: "rate-limited", retryAfterSeconds: 45 });
  });

  it("gives a slot wanted by many at once to one of them and tells the others it is taken", async () => {
    const now = at("2027-05-10T09:00");
    const nina = await consultantNamed(database.db, "Nina Petrova");
    const people = await Promise.all(Array.from({ length: 8 }, () => createUserWithSession(database.db)));
    const outcomes = await Promise.allSettled(
      people.map((person) =>
        bookAppointment(
          database.db,
          person.id,
          { docId: nina.id, startsAt: at("2027-05-11T14:00") },
          contextAt(now),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    for (const outcome of outcomes.filter((outcome) => outcome.status === "rejected")) {
      expect(outcome.reason).toMatchObject({ kind: "conflict", message: SLOT_TAKEN_MESSAGE });
    }
    const held = await database.db.select().from(appointments).where(eq(appointments.consultantId, nina.id));
    expect(held).toHaveLength(1);
  });

  it("lets the next person have a slot when the attempt ahead of them fails", async () => {
    const now = at("2027-05-10T09:00");
    const nina = await consultantNamed(database.db, "Nina Petrova");
    const [full, free] = [await createUserWithSession(database.db), await createUserWithSession(database.db)];
    for (const clock of ["10:00", "10:30", "11:00"]) {
      await bookAppointment(
        database.db,
        full.id,
        { docId: nina.id, startsAt: at(`2027-05-12T${clock}`) },
        contextAt(now),
      );
    }
    const wanted = { docId: nina.id, startsAt: at("2027-05-12T15:00") };
    // The person with three unpaid bookings asks first and is refused; the one behind gets the slot.
    // Each attempt first counts against its user's booking limit: in memory on the embedded
    // database, so the first asked is first at the slot; on PostgreSQL two writes on two connections
    // that may finish in either order, and whoever comes second is told the slot is taken.
    const [refused, booked] = await Promise.allSettled([
      bookAppointment(database.db, full.id, wanted, contextAt(now)),
      bookAppointment(database.db, free.id, wanted, contextAt(now)),
    ]);
    const refusals = isReachedByThisProcessOnly(database.db)
      ? /3 unpaid upcoming/
      : /3 unpaid upcoming|This slot is no longer available/;
    expect(refused).toMatchObject({
      status: "rejected",
      reason: { kind: "conflict", message: expect.stringMatching(refusals) },
    });
    expect(booked).toMatchObject({ status: "fulfilled", value: { userId: free.id } });
  });
});

describe("cancelAppointment", () => {
  it("reports someone else's appointment as missing and leaves it as it was", async () => {
    const now = at("2027-05-03T09:00");
    const emma = await consultantNamed(database.db, "Emma Wilson");
    const owner = await createUserWithSession(database.db);
    const other = await createUserWithSession(database.db);
    const booked = await bookAppointment(
      database.db,
      owner.id,
      { docId: emma.id, startsAt: at("2027-05-05T14:00") },
      contextAt(now),
    );
    await expect(
      cancelAppointment(database.db, other.id, { appointmentId: booked.id }, contextAt(now)),
    ).rejects.toMatchObject({ kind: "not-found" });
    const [row] = await database.db.select().from(appointments).where(eq(appointments.id, booked.id));
    expect(row?.cancelledAt).toBeNull();
    expect(await listAppointments(database.db, other.id)).toEqual([]);
  });
});
