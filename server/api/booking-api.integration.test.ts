import { demoConsultants } from "@db/demo-consultants";
import { appointments, consultants, outbox } from "@db/schema";
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { SLOT_TAKEN_MESSAGE } from "~/features/booking/booking.server";
import {
  type BookingBody,
  book,
  bookOrFail,
  cancel,
  consultantNamed,
  countRows,
  createUsersWithSessions,
  createUserWithSession,
  expectFailure,
  getWith,
  postJson,
  signUp,
} from "../../tests/setup/factories";
import { frozenSuite, NOW } from "../../tests/setup/frozen-suite";
import { eventMinutes, parseICalendar, parseUtcDateTime } from "../../tests/setup/icalendar";
import { FULL_DAY_SLOT_TIMES, WINDOW_FROM_MAY_3_2027 } from "../../tests/setup/slot-grid";
import type { LegacyDocData, LegacyDoctor } from "./legacy-shapes";

/**
 * "Now" for the whole file is NOW: Monday 3 May 2027, 12:10 PM in New York (the default AGENCY_TZ),
 * so today's first free slot is 12:30 PM and the window runs from 3_5_2027 to 9_5_2027.
 */
const suite = frozenSuite({
  // The races below send 50 requests at once: the database decides them, not the cap on requests in flight.
  settings: { MAX_REQUESTS_IN_FLIGHT: "1000" },
});

interface SlotsAnswer {
  success: boolean;
  available: boolean;
  days: { date: string; slots: { slotDate: string; slotTime: string; startsAt: string }[] }[];
}

interface AppointmentsAnswer {
  success: boolean;
  appointments: {
    _id: string;
    docData: LegacyDocData;
    slotDate: string;
    slotTime: string;
    amount: number;
    cancelled: boolean;
    payment: boolean;
    isCompleted: boolean;
    date: number;
  }[];
}

async function doctors(path = "/api/doctor/list"): Promise<LegacyDoctor[]> {
  const response = await getWith(suite.app, path);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { success: boolean; doctors: LegacyDoctor[] };
  expect(body.success).toBe(true);
  return body.doctors;
}

async function doctorNamed(name: string): Promise<LegacyDoctor> {
  const doctor = (await doctors()).find((candidate) => candidate.name === name);
  if (!doctor) throw new Error(`${name} is not listed`);
  return doctor;
}

async function slotsOf(consultantId: string): Promise<SlotsAnswer> {
  const response = await getWith(suite.app, `/api/consultant/${consultantId}/slots`);
  expect(response.status).toBe(200);
  return (await response.json()) as SlotsAnswer;
}

/** The free times of one day (`YYYY-MM-DD`) in the slots answer. */
async function freeTimes(consultantId: string, date: string): Promise<string[]> {
  const day = (await slotsOf(consultantId)).days.find((candidate) => candidate.date === date);
  if (!day) throw new Error(`${date} is not in the window`);
  return day.slots.map((slot) => slot.slotTime);
}

async function appointmentsOf(token: string): Promise<AppointmentsAnswer["appointments"]> {
  const response = await getWith(suite.app, "/api/user/appointments", { token });
  expect(response.status).toBe(200);
  const body = (await response.json()) as AppointmentsAnswer;
  expect(body.success).toBe(true);
  return body.appointments;
}

async function appointmentRow(id: string) {
  const [row] = await suite.db.select().from(appointments).where(eq(appointments.id, id));
  if (!row) throw new Error(`no appointment ${id}`);
  return row;
}

async function writtenCounts() {
  return {
    appointments: await countRows(suite.db, appointments),
    outbox: await countRows(suite.db, outbox),
  };
}

function mailsTo(recipient: string) {
  return suite.db.select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(outbox.createdAt);
}

describe("GET /api/doctor/list and /api/consultant/list", () => {
  it("lists every consultant in the old clients' shape, fees in whole dollars", async () => {
    const listed = await doctors("/api/doctor/list");
    expect(listed).toHaveLength(demoConsultants.length);
    for (const doctor of listed) {
      const demo = demoConsultants.find((candidate) => candidate.name === doctor.name);
      expect(demo, doctor.name).toBeDefined();
      expect(Object.keys(doctor).sort()).toEqual(
        [
          "_id",
          "name",
          "image",
          "speciality",
          "degree",
          "experience",
          "about",
          "fees",
          "available",
          "address",
          "rating",
          "reviewCount",
          "slots_booked",
        ].sort(),
      );
      expect(doctor).toEqual({
        _id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
        name: demo!.name,
        // Absolute, so the old front end served from another origin can load it (DESIGN §4).
        image: `${suite.env.publicUrl}/images/consultants/${demo!.slug}.webp`,
        speciality: demo!.speciality,
        degree: demo!.degree,
        experience: demo!.experience,
        about: demo!.about,
        fees: demo!.feeDollars,
        available: demo!.available,
        address: { line1: demo!.address[0], line2: demo!.address[1] },
        // No reviews yet: no average, a count of 0.
        rating: null,
        reviewCount: 0,
        slots_booked: expect.any(Object),
      });
    }
    expect(await doctors("/api/consultant/list")).toEqual(listed);
  });

  it("shows an active booking in slots_booked and drops it once cancelled", async () => {
    const lucas = await consultantNamed(suite.db, "Lucas Meyer");
    const user = await createUserWithSession(suite.db);
    const kept = await bookOrFail(suite.app, user.token, {
      docId: lucas.id,
      slotDate: "5_5_2027",
      slotTime: "11:00 AM",
    });
    const dropped = await bookOrFail(suite.app, user.token, {
      docId: lucas.id,
      slotDate: "6_5_2027",
      slotTime: "01:00 PM",
    });
    expect((await cancel(suite.app, user.token, dropped)).status).toBe(200);

    expect((await doctorNamed("Lucas Meyer")).slots_booked).toEqual({ "5_5_2027": ["11:00 AM"] });
    const other = (await doctors("/api/consultant/list")).find((doctor) => doctor.name === "Priya Desai");
    expect(other?.slots_booked["5_5_2027"] ?? []).not.toContain("11:00 AM");

    expect((await cancel(suite.app, user.token, kept)).status).toBe(200);
    expect((await doctorNamed("Lucas Meyer")).slots_booked).toEqual({});
  });

  it("filters by speciality slug or exact name; an unknown one gives an empty list", async () => {
    const legal = demoConsultants
      .filter((consultant) => consultant.speciality === "Legal Consultants")
      .map((consultant) => consultant.name)
      .sort();
    expect(legal.length).toBeGreaterThanOrEqual(2);
    for (const path of ["/api/doctor/list", "/api/consultant/list"]) {
      const bySlug = await doctors(`${path}?speciality=legal`);
      expect(bySlug.map((doctor) => doctor.name).sort()).toEqual(legal);
      const byName = await doctors(`${path}?speciality=${encodeURIComponent("Legal Consultants")}`);
      expect(byName.map((doctor) => doctor.name).sort()).toEqual(legal);
      expect(await doctors(`${path}?speciality=astrology`)).toEqual([]);
      expect(await doctors(`${path}?speciality=${encodeURIComponent("legal consultants")}`)).toEqual([]);
    }
  });
});

describe("GET /api/consultant/{id}/slots", () => {
  it("gives seven days: today from the next half hour, then every half hour from 10:00 AM to 8:30 PM", async () => {
    const ethan = await consultantNamed(suite.db, "Ethan Brooks");
    const answer = await slotsOf(ethan.id);
    expect(answer.success).toBe(true);
    expect(answer.available).toBe(true);
    expect(answer.days.map((day) => day.date)).toEqual(WINDOW_FROM_MAY_3_2027);
    const [today, ...later] = answer.days;
    expect(today!.slots.map((slot) => slot.slotTime)).toEqual(
      FULL_DAY_SLOT_TIMES.slice(FULL_DAY_SLOT_TIMES.indexOf("12:30 PM")),
    );
    expect(today!.slots[0]).toEqual({
      slotDate: "3_5_2027",
      slotTime: "12:30 PM",
      startsAt: "2027-05-03T16:30:00.000Z",
    });
    for (const [index, day] of later.entries()) {
      expect(day.slots.map((slot) => slot.slotTime)).toEqual(FULL_DAY_SLOT_TIMES);
      expect(new Set(day.slots.map((slot) => slot.slotDate))).toEqual(new Set([`${4 + index}_5_2027`]));
    }
    expect(later[0]!.slots.at(-1)).toEqual({
      slotDate: "4_5_2027",
      slotTime: "08:30 PM",
      startsAt: "2027-05-05T00:30:00.000Z",
    });
  });

  it("leaves out a booked slot, for that consultant only", async () => {
    const emma = await consultantNamed(suite.db, "Emma Wilson");
    const ethan = await consultantNamed(suite.db, "Ethan Brooks");
    const user = await createUserWithSession(suite.db);
    await bookOrFail(suite.app, user.token, { docId: emma.id, slotDate: "4_5_2027", slotTime: "02:30 PM" });

    const emmaTimes = await freeTimes(emma.id, "2027-05-04");
    expect(emmaTimes).not.toContain("02:30 PM");
    expect(emmaTimes).toEqual(FULL_DAY_SLOT_TIMES.filter((time) => time !== "02:30 PM"));
    expect(await freeTimes(ethan.id, "2027-05-04")).toContain("02:30 PM");
  });

  it("gives no slots for a consultant who is not taking bookings", async () => {
    const henry = await consultantNamed(suite.db, "Henry Okoro");
    expect(henry.available).toBe(false);
    const answer = await slotsOf(henry.id);
    expect(answer.available).toBe(false);
    expect(answer.days).toHaveLength(7);
    expect(answer.days.flatMap((day) => day.slots)).toEqual([]);
  });

  it.each([
    ["an unknown id", "0b7a8a6e-6a3c-4a0e-9a4e-7d1f2b3c4d5e"],
    ["a malformed id", "not-a-consultant"],
    ["an id with SQL in it", "1' or '1'='1"],
  ])("answers %s with 404 and a sentence", async (_label, id) => {
    await expectFailure(await getWith(suite.app, `/api/consultant/${encodeURIComponent(id)}/slots`), 404);
  });
});

describe("POST /api/user/book-appointment", () => {
  it("books the slot: 201 with the id; the row holds the fee in cents and a snapshot of the consultant", async () => {
    const nina = await consultantNamed(suite.db, "Nina Petrova");
    const user = await signUp(suite.app);
    const response = await book(suite.app, user.token, {
      docId: nina.id,
      slotDate: "6_5_2027",
      slotTime: "03:00 PM",
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { success: boolean; message: string; appointmentId: string };
    expect(body).toEqual({ success: true, message: expect.any(String), appointmentId: expect.any(String) });

    const row = await appointmentRow(body.appointmentId);
    expect(row).toMatchObject({
      consultantId: nina.id,
      amountCents: nina.feeCents,
      currency: "USD",
      cancelledAt: null,
      paidAt: null,
      completedAt: null,
    });
    expect(row.startsAt.toISOString()).toBe("2027-05-06T19:00:00.000Z");
    // Storage keeps the domain's snapshot, in cents (decision 10); the API still shows `docData`.
    expect(row.consultantSnapshot).toEqual({
      name: "Nina Petrova",
      image: nina.image,
      speciality: nina.speciality,
      degree: nina.degree,
      experience: nina.experience,
      about: nina.about,
      feeCents: nina.feeCents,
      currency: "USD",
      address: { line1: nina.addressLine1, line2: nina.addressLine2 },
    });
  });

  it("keeps the fee of the booking time when the consultant's fee changes afterwards", async () => {
    const james = await consultantNamed(suite.db, "James Carter");
    const oldFee = james.feeCents;
    const user = await createUserWithSession(suite.db);
    const before = await bookOrFail(suite.app, user.token, {
      docId: james.id,
      slotDate: "8_5_2027",
      slotTime: "10:30 AM",
    });
    await suite.db.update(consultants).set({ feeCents: 19_900 }).where(eq(consultants.id, james.id));
    try {
      vi.setSystemTime(NOW.getTime() + 60_000);
      const after = await bookOrFail(suite.app, user.token, {
        docId: james.id,
        slotDate: "8_5_2027",
        slotTime: "11:00 AM",
      });
      expect((await appointmentRow(before)).amountCents).toBe(oldFee);
      expect((await appointmentRow(after)).amountCents).toBe(19_900);
      const [oldest, newest] = await appointmentsOf(user.token);
      expect(oldest).toMatchObject({ _id: before, amount: oldFee / 100, docData: { fees: oldFee / 100 } });
      expect(newest).toMatchObject({ _id: after, amount: 199, docData: { fees: 199 } });
    } finally {
      await suite.db.update(consultants).set({ feeCents: oldFee }).where(eq(consultants.id, james.id));
    }
  });

  it("lists the user's appointments in booking order, oldest first, in the old clients' format", async () => {
    const isabella = await consultantNamed(suite.db, "Isabella Rossi");
    const user = await createUserWithSession(suite.db);
    const first = await bookOrFail(suite.app, user.token, {
      docId: isabella.id,
      slotDate: "5_5_2027",
      slotTime: "10:00 AM",
    });
    vi.setSystemTime(NOW.getTime() + 60_000);
    // Today's next half hour is bookable; the earlier slot was booked later.
    const second = await bookOrFail(suite.app, user.token, {
      docId: isabella.id,
      slotDate: "3_5_2027",
      slotTime: "12:30 PM",
    });
    vi.setSystemTime(NOW.getTime() + 120_000);
    const third = await bookOrFail(suite.app, user.token, {
      docId: isabella.id,
      slotDate: "9_5_2027",
      slotTime: "08:30 PM",
    });

    const listed = await appointmentsOf(user.token);
    expect(listed.map((appointment) => appointment._id)).toEqual([first, second, third]);
    expect(listed.map((appointment) => [appointment.slotDate, appointment.slotTime])).toEqual([
      ["5_5_2027", "10:00 AM"],
      ["3_5_2027", "12:30 PM"],
      ["9_5_2027", "08:30 PM"],
    ]);
    expect(listed[0]).toMatchObject({
      _id: first,
      docData: {
        _id: isabella.id,
        name: "Isabella Rossi",
        image: `${suite.env.publicUrl}${isabella.image}`,
        speciality: isabella.speciality,
        degree: isabella.degree,
        experience: isabella.experience,
        about: isabella.about,
        fees: isabella.feeCents / 100,
        address: { line1: isabella.addressLine1, line2: isabella.addressLine2 },
      },
      slotDate: "5_5_2027",
      slotTime: "10:00 AM",
      amount: isabella.feeCents / 100,
      cancelled: false,
      payment: false,
      isCompleted: false,
      date: NOW.getTime(),
    });
    expect(listed.map((appointment) => appointment.date)).toEqual([
      NOW.getTime(),
      NOW.getTime() + 60_000,
      NOW.getTime() + 120_000,
    ]);
  });

  it("answers GET /api/user/appointments without a token with 401", async () => {
    await expectFailure(await getWith(suite.app, "/api/user/appointments"), 401);
  });

  const badBookings: [
    string,
    number,
    (ids: { amelia: string; henry: string }) => Partial<BookingBody> | string,
  ][] = [
    ["an empty body object", 400, () => ({})],
    ["no docId", 400, () => ({ slotDate: "4_5_2027", slotTime: "10:00 AM" })],
    ["no slotDate", 400, ({ amelia }) => ({ docId: amelia, slotTime: "10:00 AM" })],
    ["no slotTime", 400, ({ amelia }) => ({ docId: amelia, slotDate: "4_5_2027" })],
    ["a docId that is not text", 400, () => ({ docId: 42, slotDate: "4_5_2027", slotTime: "10:00 AM" })],
    [
      "a slot earlier today",
      400,
      ({ amelia }) => ({ docId: amelia, slotDate: "3_5_2027", slotTime: "12:00 PM" }),
    ],
    [
      "this morning's first slot",
      400,
      ({ amelia }) => ({ docId: amelia, slotDate: "3_5_2027", slotTime: "10:00 AM" }),
    ],
    ["yesterday", 400, ({ amelia }) => ({ docId: amelia, slotDate: "2_5_2027", slotTime: "02:00 PM" })],
    [
      "10:15 AM (off the half hour)",
      400,
      ({ amelia }) => ({ docId: amelia, slotDate: "4_5_2027", slotTime: "10:15 AM" }),
    ],
    [
      "09:30 AM (before opening)",
      400,
      ({ amelia }) => ({ docId: amelia, slotDate: "4_5_2027", slotTime: "09:30 AM" }),
    ],
    [
      "09:00 PM (after the last slot)",
      400,
      ({ amelia }) => ({ docId: amelia, slotDate: "4_5_2027", slotTime: "09:00 PM" }),
    ],
    [
      "a day past the seven-day window",
      400,
      ({ amelia }) => ({ docId: amelia, slotDate: "10_5_2027", slotTime: "10:00 AM" }),
    ],
    [
      "a day a year ahead",
      400,
      ({ amelia }) => ({ docId: amelia, slotDate: "4_5_2028", slotTime: "10:00 AM" }),
    ],
    [
      "an ISO slotDate",
      400,
      ({ amelia }) => ({ docId: amelia, slotDate: "2027-05-04", slotTime: "10:00 AM" }),
    ],
    ["31 February", 400, ({ amelia }) => ({ docId: amelia, slotDate: "31_2_2027", slotTime: "10:00 AM" })],
    // 14:00, 2:00 PM and 02:00 pm are all read (DESIGN §4); an hour without minutes is not.
    [
      "a slotTime in no accepted form",
      400,
      ({ amelia }) => ({ docId: amelia, slotDate: "4_5_2027", slotTime: "2 PM" }),
    ],
    [
      "an unknown consultant",
      404,
      () => ({ docId: "0b7a8a6e-6a3c-4a0e-9a4e-7d1f2b3c4d5e", slotDate: "4_5_2027", slotTime: "10:00 AM" }),
    ],
    ["a malformed docId", 404, () => ({ docId: "doc-1", slotDate: "4_5_2027", slotTime: "10:00 AM" })],
    [
      "a consultant who is not taking bookings",
      409,
      ({ henry }) => ({ docId: henry, slotDate: "4_5_2027", slotTime: "10:00 AM" }),
    ],
    ["malformed JSON", 400, () => '{"docId": "x", "slotDate": '],
    ["a JSON array", 400, () => "[]"],
    ["an empty body", 400, () => ""],
  ];
  it.each(badBookings)("answers %s with %i, a sentence, and writes nothing", async (_label, status, body) => {
    const amelia = await consultantNamed(suite.db, "Amelia Hart");
    const henry = await consultantNamed(suite.db, "Henry Okoro");
    const user = await createUserWithSession(suite.db);
    const before = await writtenCounts();
    await expectFailure(
      await book(suite.app, user.token, body({ amelia: amelia.id, henry: henry.id })),
      status,
    );
    expect(await writtenCounts()).toEqual(before);
    expect(await appointmentsOf(user.token)).toEqual([]);
  });

  it.each([
    ["no token", undefined],
    ["an unknown token", "not-a-real-session-token"],
  ])("answers a booking with %s with 401 and writes nothing", async (_label, token) => {
    const amelia = await consultantNamed(suite.db, "Amelia Hart");
    const before = await writtenCounts();
    await expectFailure(
      await book(suite.app, token, { docId: amelia.id, slotDate: "4_5_2027", slotTime: "10:00 AM" }),
      401,
    );
    expect(await writtenCounts()).toEqual(before);
  });

  it("refuses a slot someone else holds with 409 and the slot-taken message", async () => {
    const marcus = await consultantNamed(suite.db, "Marcus Bell");
    const slot = { docId: marcus.id, slotDate: "4_5_2027", slotTime: "10:00 AM" };
    const holder = await createUserWithSession(suite.db);
    const latecomer = await createUserWithSession(suite.db);
    await bookOrFail(suite.app, holder.token, slot);
    const before = await writtenCounts();
    const body = await expectFailure(await book(suite.app, latecomer.token, slot), 409);
    expect(body.message).toBe(SLOT_TAKEN_MESSAGE);
    expect(body.message).toMatch(/^This slot is no longer available/);
    expect(await writtenCounts()).toEqual(before);
    // The holder cannot book it twice either.
    await expectFailure(await book(suite.app, holder.token, slot), 409);
  });

  it("refuses a fourth unpaid upcoming booking of one user with 409", async () => {
    const sofia = await consultantNamed(suite.db, "Sofia Ramirez");
    const user = await createUserWithSession(suite.db);
    for (const slotTime of ["10:00 AM", "10:30 AM", "11:00 AM"]) {
      await bookOrFail(suite.app, user.token, { docId: sofia.id, slotDate: "7_5_2027", slotTime });
    }
    const before = await writtenCounts();
    const body = await expectFailure(
      await book(suite.app, user.token, { docId: sofia.id, slotDate: "7_5_2027", slotTime: "11:30 AM" }),
      409,
    );
    expect(body.message).toMatch(/3 unpaid upcoming/);
    expect(await writtenCounts()).toEqual(before);
    expect(await freeTimes(sofia.id, "2027-05-07")).toContain("11:30 AM");
  });

  it("answers the 31st booking attempt of one user within a minute with 429 and Retry-After", async () => {
    const chloe = await consultantNamed(suite.db, "Chloe Martin");
    const [user, other] = await createUsersWithSessions(suite.db, 2);
    for (let attempt = 1; attempt <= 30; attempt++) {
      const response = await book(suite.app, user!.token, {
        docId: chloe.id,
        slotDate: "4_5_2027",
        slotTime: "10:15 AM",
      });
      expect(response.status, `attempt ${attempt}`).toBe(400);
    }
    const slot = { docId: chloe.id, slotDate: "4_5_2027", slotTime: "10:30 AM" };
    const before = await writtenCounts();
    const limited = await book(suite.app, user!.token, slot);
    await expectFailure(limited, 429);
    const retryAfter = Number(limited.headers.get("Retry-After"));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await writtenCounts()).toEqual(before);

    // The limit is the user's: someone else books the same slot at once.
    expect((await book(suite.app, other!.token, slot)).status).toBe(201);
    // A minute later the user may try again.
    vi.setSystemTime(NOW.getTime() + 60_000);
    const later = await book(suite.app, user!.token, { ...slot, slotTime: "11:00 AM" });
    expect(later.status).toBe(201);
  });
});

describe("simultaneous bookings", () => {
  it("lets exactly one of 50 users take the same slot; the others get 409", async () => {
    const daniel = await consultantNamed(suite.db, "Daniel Kim");
    const slot = { docId: daniel.id, slotDate: "7_5_2027", slotTime: "04:00 PM" };
    const people = await createUsersWithSessions(suite.db, 50, "racer");
    const responses = await Promise.all(people.map((person) => book(suite.app, person.token, slot)));
    const answers = await Promise.all(
      responses.map(async (response) => ({
        status: response.status,
        body: (await response.json()) as { success: boolean; message?: string; appointmentId?: string },
      })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    for (const answer of answers.filter((candidate) => candidate.status === 409)) {
      expect(answer.body).toEqual({ success: false, message: SLOT_TAKEN_MESSAGE });
    }

    const rows = await suite.db
      .select()
      .from(appointments)
      .where(
        and(
          eq(appointments.consultantId, daniel.id),
          eq(appointments.startsAt, new Date("2027-05-07T20:00:00.000Z")),
        ),
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.cancelledAt).toBeNull();
    const winner = answers.find((answer) => answer.status === 201)!;
    expect(rows[0]!.id).toBe(winner.body.appointmentId);
    const winnerIndex = answers.indexOf(winner);
    expect(rows[0]!.userId).toBe(people[winnerIndex]!.id);
    // Only the winner was mailed.
    const confirmations = await suite.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, "appointment-confirmation"));
    const racerEmails = new Set(people.map((person) => person.email));
    expect(
      confirmations.filter((mail) => racerEmails.has(mail.recipient)).map((mail) => mail.recipient),
    ).toEqual([people[winnerIndex]!.email]);
  });

  it("never gives one user more than 3 unpaid upcoming bookings, however many are sent at once", async () => {
    const grace = await consultantNamed(suite.db, "Grace Thompson");
    const user = await createUserWithSession(suite.db);
    const times = ["10:00 AM", "11:00 AM", "12:00 PM", "01:00 PM", "02:00 PM"];
    const responses = await Promise.all(
      times.map((slotTime) =>
        book(suite.app, user.token, { docId: grace.id, slotDate: "8_5_2027", slotTime }),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409]);
    const rows = await suite.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.userId, user.id), isNull(appointments.cancelledAt)));
    expect(rows).toHaveLength(3);
    expect(await appointmentsOf(user.token)).toHaveLength(3);
  });
});

describe("someone else's appointment", () => {
  it("cannot be cancelled (404, nothing changes) and is never listed", async () => {
    const priya = await consultantNamed(suite.db, "Priya Desai");
    const [owner, intruder] = await createUsersWithSessions(suite.db, 2);
    const ownersId = await bookOrFail(suite.app, owner!.token, {
      docId: priya.id,
      slotDate: "9_5_2027",
      slotTime: "10:00 AM",
    });
    const intrudersId = await bookOrFail(suite.app, intruder!.token, {
      docId: priya.id,
      slotDate: "9_5_2027",
      slotTime: "10:30 AM",
    });
    const mailsBefore = await countRows(suite.db, outbox);

    await expectFailure(await cancel(suite.app, intruder!.token, ownersId), 404);
    expect((await appointmentRow(ownersId)).cancelledAt).toBeNull();
    expect(await countRows(suite.db, outbox)).toBe(mailsBefore);
    expect(await freeTimes(priya.id, "2027-05-09")).not.toContain("10:00 AM");

    expect((await appointmentsOf(owner!.token)).map((appointment) => appointment._id)).toEqual([ownersId]);
    expect((await appointmentsOf(intruder!.token)).map((appointment) => appointment._id)).toEqual([
      intrudersId,
    ]);
  });
});

describe("POST /api/user/cancel-appointment", () => {
  it("cancels with 200 and frees the slot at once, for the slots list and a new booking", async () => {
    const priya = await consultantNamed(suite.db, "Priya Desai");
    const [first, second] = await createUsersWithSessions(suite.db, 2);
    const slot = { docId: priya.id, slotDate: "6_5_2027", slotTime: "11:30 AM" };
    const id = await bookOrFail(suite.app, first!.token, slot);
    expect(await freeTimes(priya.id, "2027-05-06")).not.toContain("11:30 AM");

    const response = await cancel(suite.app, first!.token, id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: expect.any(String) });
    expect((await appointmentRow(id)).cancelledAt).not.toBeNull();
    expect(await freeTimes(priya.id, "2027-05-06")).toContain("11:30 AM");
    expect(await appointmentsOf(first!.token)).toEqual([
      expect.objectContaining({ _id: id, cancelled: true, payment: false, isCompleted: false }),
    ]);

    const rebooked = await book(suite.app, second!.token, slot);
    expect(rebooked.status).toBe(201);
    // And the first user may take it back after the second cancels.
    const secondId = ((await rebooked.json()) as { appointmentId: string }).appointmentId;
    expect((await cancel(suite.app, second!.token, secondId)).status).toBe(200);
    expect((await book(suite.app, first!.token, slot)).status).toBe(201);
  });

  it("refuses to cancel twice with 409", async () => {
    const aisha = await consultantNamed(suite.db, "Aisha Bello");
    const user = await createUserWithSession(suite.db);
    const id = await bookOrFail(suite.app, user.token, {
      docId: aisha.id,
      slotDate: "5_5_2027",
      slotTime: "03:30 PM",
    });
    expect((await cancel(suite.app, user.token, id)).status).toBe(200);
    const cancelledAt = (await appointmentRow(id)).cancelledAt;
    const mailsBefore = await countRows(suite.db, outbox);
    await expectFailure(await cancel(suite.app, user.token, id), 409);
    expect((await appointmentRow(id)).cancelledAt).toEqual(cancelledAt);
    expect(await countRows(suite.db, outbox)).toBe(mailsBefore);
  });

  it("cancels once when two cancellations of one appointment arrive together", async () => {
    const aisha = await consultantNamed(suite.db, "Aisha Bello");
    const user = await createUserWithSession(suite.db);
    const id = await bookOrFail(suite.app, user.token, {
      docId: aisha.id,
      slotDate: "5_5_2027",
      slotTime: "05:00 PM",
    });
    const responses = await Promise.all([
      cancel(suite.app, user.token, id),
      cancel(suite.app, user.token, id),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    const cancellations = (await mailsTo(user.email)).filter(
      (mail) => mail.kind === "appointment-cancellation",
    );
    expect(cancellations).toHaveLength(1);
  });

  it("refuses to cancel a completed appointment with 409", async () => {
    const aisha = await consultantNamed(suite.db, "Aisha Bello");
    const user = await createUserWithSession(suite.db);
    const id = await bookOrFail(suite.app, user.token, {
      docId: aisha.id,
      slotDate: "5_5_2027",
      slotTime: "04:00 PM",
    });
    await suite.db.update(appointments).set({ completedAt: NOW }).where(eq(appointments.id, id));
    const body = await expectFailure(await cancel(suite.app, user.token, id), 409);
    expect(body.message).toMatch(/completed/);
    expect((await appointmentRow(id)).cancelledAt).toBeNull();
    expect(await freeTimes(aisha.id, "2027-05-05")).not.toContain("04:00 PM");
    expect(await appointmentsOf(user.token)).toEqual([
      expect.objectContaining({ _id: id, cancelled: false, isCompleted: true }),
    ]);
  });

  it.each([
    ["no appointmentId", 400, undefined],
    ["a malformed appointmentId", 404, "appointment-1"],
    ["an unknown appointmentId", 404, "0b7a8a6e-6a3c-4a0e-9a4e-7d1f2b3c4d5e"],
  ])("answers %s with %i", async (_label, status, appointmentId) => {
    const user = await createUserWithSession(suite.db);
    await expectFailure(
      await postJson(
        suite.app,
        "/api/user/cancel-appointment",
        appointmentId === undefined ? {} : { appointmentId },
        { token: user.token },
      ),
      status,
    );
  });

  it("answers a cancellation without a token with 401", async () => {
    await expectFailure(
      await postJson(suite.app, "/api/user/cancel-appointment", {
        appointmentId: "0b7a8a6e-6a3c-4a0e-9a4e-7d1f2b3c4d5e",
      }),
      401,
    );
  });
});

describe("booking e-mails", () => {
  it("sends an invitation and an agency notice on booking, and a cancelling update with the same UID", async () => {
    const noah = await consultantNamed(suite.db, "Noah Fischer");
    const user = await createUserWithSession(suite.db, "mailed");
    const id = await bookOrFail(suite.app, user.token, {
      docId: noah.id,
      slotDate: "4_5_2027",
      slotTime: "10:00 AM",
    });
    const slotStart = new Date("2027-05-04T14:00:00.000Z");

    const [confirmation, ...moreToUser] = await mailsTo(user.email);
    expect(moreToUser).toEqual([]);
    expect(confirmation).toMatchObject({ kind: "appointment-confirmation", status: "pending" });
    expect(confirmation!.textBody).toContain("Noah Fischer");
    expect(confirmation!.attachments).toHaveLength(1);
    const [inviteFile] = confirmation!.attachments;
    expect(inviteFile!.contentType).toMatch(/^text\/calendar/);
    const invite = parseICalendar(inviteFile!.content);
    expect(invite.properties.METHOD).toBe("REQUEST");
    expect(invite.events).toHaveLength(1);
    const [event] = invite.events;
    expect(event!.UID).toMatch(/\S{8,}/);
    expect(event!.DTSTART).toBe("20270504T140000Z");
    expect(parseUtcDateTime(event!.DTSTART)).toEqual(slotStart);
    expect(eventMinutes(event!)).toBe(30);
    expect(event!.STATUS).not.toBe("CANCELLED");
    expect(event!.ATTENDEE ?? "").toContain(user.email);

    const notices = (await mailsTo(suite.env.AGENCY_EMAIL)).filter((mail) => mail.textBody.includes(id));
    expect(notices.map((mail) => mail.kind)).toEqual(["appointment-booked-notice"]);
    expect(notices[0]!.textBody).toContain(user.email);

    // Another appointment's invitation has another UID.
    const otherId = await bookOrFail(suite.app, user.token, {
      docId: noah.id,
      slotDate: "4_5_2027",
      slotTime: "10:30 AM",
    });
    const otherMail = (await mailsTo(user.email)).find(
      (mail) => mail.id !== confirmation!.id && mail.kind === "appointment-confirmation",
    );
    const otherEvent = parseICalendar(otherMail!.attachments[0]!.content).events[0]!;
    expect(otherEvent.UID).not.toBe(event!.UID);
    expect(otherEvent.DTSTART).toBe("20270504T143000Z");
    expect(otherId).not.toBe(id);

    expect((await cancel(suite.app, user.token, id)).status).toBe(200);
    const cancellations = (await mailsTo(user.email)).filter(
      (mail) => mail.kind === "appointment-cancellation",
    );
    expect(cancellations).toHaveLength(1);
    const update = parseICalendar(cancellations[0]!.attachments[0]!.content);
    expect(update.properties.METHOD).toBe("CANCEL");
    expect(update.events).toHaveLength(1);
    expect(update.events[0]).toMatchObject({
      UID: event!.UID,
      STATUS: "CANCELLED",
      DTSTART: "20270504T140000Z",
    });
  });
});
