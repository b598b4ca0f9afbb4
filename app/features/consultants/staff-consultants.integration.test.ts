import { auditLog, consultants } from "@db/schema";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookAppointment, OUTSIDE_WORKING_HOURS_MESSAGE } from "~/features/booking/booking.server";
import type { DatabaseHandle } from "~/infra/db.server";
import { formatSlotClock } from "~/lib/dates";
import { CHANGED_BY_SOMEONE_ELSE } from "~/lib/errors";
import { insertAppointment, insertCalendar } from "../../../tests/setup/back-office";
import {
  countRows,
  createConsultant,
  createUserWithRole,
  createUserWithSession,
} from "../../../tests/setup/factories";
import { inNewYork, ZONE } from "../../../tests/setup/frozen-suite";
import {
  pictureUpload,
  smallPng,
  storedPictureBytes,
  storedPicturePaths,
} from "../../../tests/setup/pictures";
import { noPaymentProviders } from "../../../tests/setup/receipts";
import { createTestDatabase } from "../../../tests/setup/test-database";
import { testWaitlist } from "../../../tests/setup/waitlist";
import { consultantSlots, findConsultant, listConsultants } from "./consultants.server";
import {
  createConsultant as addConsultant,
  archiveConsultant,
  getConsultantForStaff,
  listConsultantsForStaff,
  restoreConsultant,
  updateConsultant,
} from "./staff-consultants.server";

// Monday 3 May 2027, 9:00 in New York: the whole week ahead is open.
const NOW = inNewYork("2027-05-03T09:00");
/** What a staff change of a consultant is given: the time and the waitlist's settings. */
const CHANGE = { now: NOW, waitlist: testWaitlist(ZONE) };

let database: DatabaseHandle;
let staff: { id: string; email: string };

beforeAll(async () => {
  database = await createTestDatabase();
  staff = await createUserWithRole(database.db, "admin");
});
afterAll(async () => {
  await database?.close();
});

const validFields = {
  name: "Rosa Delgado",
  speciality: "Tax Consultants",
  degree: "CPA",
  experience: "7 Years",
  about: "Keeps small firms on the right side of the tax office.",
  fee: "65.50",
  available: "on",
  addressLine1: "18 Elm Row",
  addressLine2: "Boston, MA",
};

function bookingContext(now = NOW) {
  return {
    zone: ZONE,
    agencyEmail: "agency@example.com",
    perUserPerMinute: 30,
    payments: noPaymentProviders(),
    waitlist: testWaitlist(ZONE),
    now,
  };
}

async function auditEntriesFor(targetId: string) {
  return database.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));
}

describe("creating a consultant", () => {
  it("stores every field, the fee in cents, a re-encoded picture and one audit entry", async () => {
    const created = await addConsultant(database.db, validFields, staff, {
      now: NOW,
      picture: pictureUpload(await smallPng(), staff.id),
    });
    expect(created).toMatchObject({
      name: "Rosa Delgado",
      speciality: "Tax Consultants",
      feeCents: 6550,
      currency: "USD",
      available: true,
      addressLine1: "18 Elm Row",
      workingHours: null,
      daysOff: [],
      archivedAt: null,
      version: 1,
    });
    expect(created.image).toMatch(/^\/uploads\/[0-9a-f-]+\.webp$/);
    const stored = await storedPictureBytes(database.db, created.image);
    expect(stored).toBeDefined();
    expect(await sharp(stored!).metadata()).toMatchObject({ format: "webp", width: 256, height: 256 });
    const [entry] = await auditEntriesFor(created.id);
    expect(entry).toMatchObject({ action: "consultant.create", actorEmail: staff.email });
    expect(entry!.after).toMatchObject({ name: "Rosa Delgado", feeCents: 6550 });
    // Customers see the new consultant at once.
    expect((await listConsultants(database.db)).map((consultant) => consultant.id)).toContain(created.id);
  });

  it("refuses bad fields with a sentence per field, before storing a picture or a row", async () => {
    const before = {
      rows: await countRows(database.db, consultants),
      files: await storedPicturePaths(database.db),
    };
    const attempt = addConsultant(
      database.db,
      { ...validFields, name: " ", fee: "-5", speciality: "Astrology" },
      staff,
      { now: NOW, picture: pictureUpload(await smallPng(), staff.id) },
    );
    await expect(attempt).rejects.toMatchObject({
      kind: "invalid",
      fieldErrors: {
        name: "Please enter the consultant's name.",
        fee: "Please enter the fee in dollars, for example 50 or 49.50.",
        speciality: "Please choose a speciality.",
      },
    });
    expect(await countRows(database.db, consultants)).toBe(before.rows);
    expect(await storedPicturePaths(database.db)).toEqual(before.files);
  });

  it("adds a consultant without a picture (shown as a monogram), and takes only pictures", async () => {
    const withoutPicture = await addConsultant(database.db, validFields, staff, { now: NOW });
    expect(withoutPicture.image).toBe("");
    await expect(
      addConsultant(database.db, validFields, staff, {
        now: NOW,
        picture: pictureUpload(new TextEncoder().encode("<svg onload=alert(1)>"), staff.id),
      }),
    ).rejects.toMatchObject({ kind: "invalid", message: "Please choose a JPEG, PNG or WebP picture." });
    await expect(
      addConsultant(database.db, { ...validFields, image: "https://elsewhere.example/p.png" }, staff, {
        now: NOW,
      }),
    ).rejects.toMatchObject({ kind: "invalid" });
  });

  it("keeps working hours inside the grid, on the half hour", async () => {
    const attempt = (workingHours: unknown) =>
      addConsultant(
        database.db,
        { ...validFields, image: "/images/consultants/x.webp", workingHours },
        staff,
        {
          now: NOW,
        },
      );
    for (const hours of [
      { "1": { start: "09:00", end: "12:00" } },
      { "1": { start: "10:00", end: "21:30" } },
      { "1": { start: "10:15", end: "12:00" } },
      { "1": { start: "14:00", end: "12:00" } },
      { "8": { start: "10:00", end: "12:00" } },
    ]) {
      await expect(attempt(hours), JSON.stringify(hours)).rejects.toMatchObject({ kind: "invalid" });
    }
    const saved = await attempt({ "1": { start: "10:00", end: "13:30" }, "3": { start: 600, end: 1260 } });
    expect(saved.workingHours).toEqual({ "1": { start: 600, end: 810 }, "3": { start: 600, end: 1260 } });
    const wholeWeek = Object.fromEntries(
      ["1", "2", "3", "4", "5", "6", "7"].map((day) => [day, { start: "10:00", end: "21:00" }]),
    );
    expect((await attempt(wholeWeek)).workingHours).toBeNull();
  });
});

describe("editing a consultant", () => {
  it("changes the fields sent, bumps the version and records what changed", async () => {
    const consultant = await createConsultant(database.db, { feeCents: 5000 });
    const updated = await updateConsultant(
      database.db,
      consultant.id,
      { fee: "80", about: "Now also helps with payroll.", version: 1 },
      staff,
      CHANGE,
    );
    expect(updated).toMatchObject({ feeCents: 8000, about: "Now also helps with payroll.", version: 2 });
    expect(updated.name).toBe(consultant.name);
    const [entry] = await auditEntriesFor(consultant.id);
    expect(entry).toMatchObject({
      action: "consultant.update",
      before: { feeCents: 5000 },
      after: { feeCents: 8000 },
    });
  });

  it("changes only the fields sent: a new fee keeps the working hours and days off", async () => {
    const consultant = await createConsultant(database.db, {
      workingHours: { "2": { start: 600, end: 720 } },
      daysOff: ["2027-05-06"],
    });
    const updated = await updateConsultant(
      database.db,
      consultant.id,
      { fee: "70", version: 1 },
      staff,
      CHANGE,
    );
    expect(updated).toMatchObject({
      feeCents: 7000,
      workingHours: { "2": { start: 600, end: 720 } },
      daysOff: ["2027-05-06"],
    });
  });

  it("refuses a save made from a stale version with the 409 sentence, changing nothing", async () => {
    const consultant = await createConsultant(database.db);
    await updateConsultant(database.db, consultant.id, { name: "First Editor", version: 1 }, staff, CHANGE);
    await expect(
      updateConsultant(database.db, consultant.id, { name: "Second Editor", version: 1 }, staff, CHANGE),
    ).rejects.toMatchObject({ kind: "conflict", message: CHANGED_BY_SOMEONE_ELSE });
    expect(await getConsultantForStaff(database.db, consultant.id)).toMatchObject({
      name: "First Editor",
      version: 2,
    });
    expect(await auditEntriesFor(consultant.id)).toHaveLength(1);
  });

  it("lets only one of two simultaneous saves of the same version through", async () => {
    const consultant = await createConsultant(database.db);
    const results = await Promise.allSettled(
      ["One", "Two"].map((name) =>
        updateConsultant(database.db, consultant.id, { name, version: 1 }, staff, CHANGE),
      ),
    );
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect((await getConsultantForStaff(database.db, consultant.id)).version).toBe(2);
  });

  it("replaces the picture through the upload pipeline and deletes the old file once saved", async () => {
    const consultant = await createConsultant(database.db);
    const first = await updateConsultant(database.db, consultant.id, { version: 1 }, staff, {
      ...CHANGE,
      picture: pictureUpload(await smallPng(), staff.id),
    });
    expect(first.image).toMatch(/^\/uploads\/.+\.webp$/);
    expect(await storedPicturePaths(database.db)).toContain(first.image);

    const second = await updateConsultant(database.db, consultant.id, { version: 2 }, staff, {
      ...CHANGE,
      picture: pictureUpload(await smallPng(), staff.id),
    });
    expect(await storedPicturePaths(database.db)).toContain(second.image);
    expect(await storedPicturePaths(database.db)).not.toContain(first.image);
  });

  it("keeps the shown picture and stores nothing when the replacement is refused", async () => {
    const consultant = await createConsultant(database.db);
    const shown = await updateConsultant(database.db, consultant.id, { version: 1 }, staff, {
      ...CHANGE,
      picture: pictureUpload(await smallPng(), staff.id),
    });
    const filesBefore = await storedPicturePaths(database.db);
    await expect(
      updateConsultant(database.db, consultant.id, { version: 1 }, staff, {
        ...CHANGE,
        picture: pictureUpload(await smallPng(), staff.id),
      }),
    ).rejects.toMatchObject({ kind: "conflict" });
    expect(await storedPicturePaths(database.db)).toEqual(filesBefore);
    expect((await getConsultantForStaff(database.db, consultant.id)).image).toBe(shown.image);
  });

  it("keeps a replaced picture that another consultant still shows", async () => {
    const original = await updateConsultant(
      database.db,
      (await createConsultant(database.db)).id,
      { version: 1 },
      staff,
      {
        ...CHANGE,
        picture: pictureUpload(await smallPng(), staff.id),
      },
    );
    const sharing = await createConsultant(database.db);
    await updateConsultant(database.db, sharing.id, { image: original.image, version: 1 }, staff, CHANGE);
    await updateConsultant(database.db, original.id, { version: 2 }, staff, {
      ...CHANGE,
      picture: pictureUpload(await smallPng(), staff.id),
    });
    expect(await storedPicturePaths(database.db)).toContain(original.image);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of ["0b7c8a0e-3f7d-4c4e-9a57-0d5c8a1b2c3d", "not-an-id"]) {
      await expect(updateConsultant(database.db, id, { name: "X" }, staff, CHANGE)).rejects.toMatchObject({
        kind: "not-found",
      });
    }
  });
});

describe("archiving a consultant", () => {
  it("hides them from customers and booking, keeps their appointments, and can be undone", async () => {
    const consultant = await createConsultant(database.db);
    const customer = await createUserWithSession(database.db);
    const booked = await bookAppointment(
      database.db,
      customer.id,
      { docId: consultant.id, startsAt: inNewYork("2027-05-04T10:00") },
      bookingContext(),
    );
    await archiveConsultant(database.db, consultant.id, { version: 1 }, staff, CHANGE);

    expect((await listConsultants(database.db)).map((row) => row.id)).not.toContain(consultant.id);
    expect(await findConsultant(database.db, consultant.id)).toBeUndefined();
    await expect(
      bookAppointment(
        database.db,
        customer.id,
        { docId: consultant.id, startsAt: inNewYork("2027-05-04T11:00") },
        bookingContext(),
      ),
    ).rejects.toMatchObject({ kind: "not-found" });
    // Still there for staff and for the existing appointment.
    const archived = await getConsultantForStaff(database.db, consultant.id);
    expect(archived).toMatchObject({ appointmentCount: 1, version: 2 });
    expect(archived.archivedAt).not.toBeNull();
    expect(booked.consultantId).toBe(consultant.id);
    const archivedList = await listConsultantsForStaff(database.db, {
      state: "archived",
      search: consultant.name,
    });
    expect(archivedList.consultants.map((row) => row.id)).toEqual([consultant.id]);

    await expect(
      archiveConsultant(database.db, consultant.id, { version: 2 }, staff, CHANGE),
    ).rejects.toMatchObject({ kind: "conflict" });
    await restoreConsultant(database.db, consultant.id, { version: 2 }, staff, CHANGE);
    expect(await findConsultant(database.db, consultant.id)).toBeDefined();
    expect((await auditEntriesFor(consultant.id)).map((entry) => entry.action).sort()).toEqual([
      "consultant.archive",
      "consultant.restore",
    ]);
  });
});

describe("consultants whose calendar needs a look", () => {
  it("are said so in the list, and the calendar filter finds only them", async () => {
    const db = database.db;
    const named = (label: string) => createConsultant(db, { name: `Calendar ${label} ${Date.now()}` });
    const later = new Date(NOW.getTime() + 20 * 60_000);
    const [none, healthy, withheld, failing, unwritten] = await Promise.all(
      ["None", "Healthy", "Withheld", "Failing", "Unwritten"].map(named),
    );
    await insertCalendar(db, healthy!.id, { trustedUntil: later });
    await insertCalendar(db, withheld!.id, { lastError: "The calendar server did not answer." });
    await insertCalendar(db, failing!.id, { trustedUntil: later, lastError: "Wrong password." });
    const customer = await createUserWithRole(db, "investor");
    const appointment = await insertAppointment(db, { userId: customer.id, consultant: unwritten! });
    await insertCalendar(db, unwritten!.id, { trustedUntil: later, failingWriteOf: appointment.id });

    const all = await listConsultantsForStaff(db, { search: "Calendar ", now: NOW });
    const problemOf = (id: string) => all.consultants.find((row) => row.id === id)?.calendarProblem;
    expect(problemOf(none!.id)).toBeNull();
    expect(problemOf(healthy!.id)).toBeNull();
    expect(problemOf(withheld!.id)).toBe(
      "Calendar not read: slots withheld (The calendar server did not answer.)",
    );
    expect(problemOf(failing!.id)).toBe("Calendar sync failing: Wrong password.");
    expect(problemOf(unwritten!.id)).toBe(
      "Bookings not written to the calendar yet: The calendar server answered 503.",
    );

    const troubled = await listConsultantsForStaff(db, {
      search: "Calendar ",
      calendarTrouble: true,
      now: NOW,
    });
    expect(troubled.consultants.map((row) => row.id).sort()).toEqual(
      [withheld!.id, failing!.id, unwritten!.id].sort(),
    );
    expect(troubled.total).toBe(3);
  });
});

describe("working hours and days off", () => {
  it("leave their slots out of the picker and are refused by the server with a sentence", async () => {
    const consultant = await createConsultant(database.db, {
      // Tuesdays 14:00–16:00 only; Tuesday 11 May off.
      workingHours: { "2": { start: 840, end: 960 } },
      daysOff: ["2027-05-11"],
    });
    const days = await consultantSlots(database.db, consultant, { zone: ZONE, now: NOW });
    const offered = days.filter((day) => day.slots.length > 0);
    expect(
      offered.map((day) => [
        day.date,
        day.slots.map((slot) => formatSlotClock(new Date(slot.startsAt), ZONE)),
      ]),
    ).toEqual([["2027-05-04", ["02:00 PM", "02:30 PM", "03:00 PM", "03:30 PM"]]]);

    const customer = await createUserWithSession(database.db);
    const book = (startsAt: string) =>
      bookAppointment(
        database.db,
        customer.id,
        { docId: consultant.id, startsAt: inNewYork(startsAt) },
        bookingContext(),
      );
    await expect(book("2027-05-04T10:00")).rejects.toMatchObject({
      kind: "conflict",
      message: OUTSIDE_WORKING_HOURS_MESSAGE,
    });
    await expect(book("2027-05-05T14:00")).rejects.toMatchObject({ kind: "conflict" });
    await expect(book("2027-05-04T14:00")).resolves.toMatchObject({ consultantId: consultant.id });

    // A day off added later closes that day too.
    const [dayOff] = await database.db
      .update(consultants)
      .set({ workingHours: null, daysOff: ["2027-05-06"] })
      .where(eq(consultants.id, consultant.id))
      .returning();
    await expect(book("2027-05-06T12:00")).rejects.toMatchObject({
      message: OUTSIDE_WORKING_HOURS_MESSAGE,
    });
    const after = await consultantSlots(database.db, dayOff!, { zone: ZONE, now: NOW });
    expect(after.find((day) => day.date === "2027-05-06")!.slots).toEqual([]);
    expect(after.find((day) => day.date === "2027-05-07")!.slots).toHaveLength(22);
  });
});
