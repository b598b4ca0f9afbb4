import { auditLog, consultants } from "@db/schema";
import { waitlistEntries, waitlistOffers } from "@db/waitlist-schema";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BookingContext, bookAppointment } from "~/features/booking/booking.server";
import { cancelAppointment } from "~/features/booking/cancellation.server";
import { rescheduleOwnAppointment } from "~/features/booking/customer-reschedule.server";
import { claimWaitlistOffer } from "~/features/booking/waitlist-claim.server";
import { consultantSlots } from "~/features/consultants/consultants.server";
import { updateOwnAvailability } from "~/features/consultants/portal.server";
import {
  archiveConsultant,
  restoreConsultant,
  updateConsultant,
} from "~/features/consultants/staff-consultants.server";
import type { DatabaseHandle } from "~/infra/db.server";
import {
  createConsultant,
  createUsersWithSessions,
  createUserWithRole,
  createUserWithSession,
  type DirectUser,
  featureRefusal,
  isSentence,
} from "../../../tests/setup/factories";
import { inNewYork, NOW, ZONE } from "../../../tests/setup/frozen-suite";
import { mailsOfKind } from "../../../tests/setup/payments";
import { noPaymentProviders } from "../../../tests/setup/receipts";
import { createTestDatabase } from "../../../tests/setup/test-database";
import { testWaitlist } from "../../../tests/setup/waitlist";
import { passOnExpiredOffers } from "./offers.server";
import { listStaffWaitlist, staffRemoveWaitlistEntry } from "./staff-waitlist.server";
import { joinWaitlist, leaveWaitlist, listOwnWaitlist } from "./waitlist.server";
import { MAX_OPEN_ENTRIES, WAITLIST_HELD_MESSAGE } from "./waitlist-schema";

/** Every function takes its "now": NOW is Monday 3 May 2027, 12:10 in New York; the day waited for is Tuesday. */
const TUESDAY = "2027-05-04";
const SECOND = 1000;
const HOLD_SECONDS = 600;
const waitlist = testWaitlist(ZONE, HOLD_SECONDS);

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

function bookingContext(now = NOW, settings = waitlist): BookingContext {
  return {
    zone: ZONE,
    agencyEmail: "agency@example.com",
    perUserPerMinute: 30,
    payments: noPaymentProviders(),
    waitlist: settings,
    now,
  };
}

function join(user: DirectUser, consultantId: string, day = TUESDAY, now = NOW) {
  return joinWaitlist(database.db, user.id, { docId: consultantId, day }, { zone: ZONE, now });
}

function book(user: DirectUser, consultantId: string, startsAt: Date, now = NOW) {
  return bookAppointment(database.db, user.id, { docId: consultantId, startsAt }, bookingContext(now));
}

function cancel(user: DirectUser, appointmentId: string, now = NOW) {
  return cancelAppointment(database.db, user.id, { appointmentId }, bookingContext(now));
}

async function liveOffers(consultantId: string) {
  return database.db
    .select()
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.consultantId, consultantId), eq(waitlistOffers.status, "live")));
}

async function entryStatus(entryId: string) {
  const [entry] = await database.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, entryId));
  return entry?.status;
}

async function isListed(consultantId: string, startsAt: Date, now = NOW) {
  const [consultant] = await database.db.select().from(consultants).where(eq(consultants.id, consultantId));
  const days = await consultantSlots(database.db, consultant!, { zone: ZONE, now });
  return days.some((day) => day.slots.some((slot) => slot.startsAt === startsAt.toISOString()));
}

describe("a freed slot and the waitlist", () => {
  it("A waits, B books and cancels: A alone is offered it and e-mailed, C gets 409, A claims it", async () => {
    const consultant = await createConsultant(database.db);
    const [waiter, booker, other] = await createUsersWithSessions(database.db, 3, "waitlist-story");
    const slot = inNewYork(`${TUESDAY}T15:00`);
    const booked = await book(booker!, consultant.id, slot);
    const { entry } = await join(waiter!, consultant.id);

    await cancel(booker!, booked.id);

    const [offer] = await liveOffers(consultant.id);
    expect(offer).toMatchObject({ entryId: entry.id, userId: waiter!.id, startsAt: slot });
    expect(offer!.expiresAt.getTime()).toBe(NOW.getTime() + HOLD_SECONDS * SECOND);
    expect(await entryStatus(entry.id)).toBe("offered");
    const [mail] = await mailsOfKind(database.db, waiter!.email, "waitlist-offer");
    expect(mail?.subject).toContain(consultant.name);
    expect(mail?.textBody).toContain("Tuesday, May 4, 2027 at 3:00 PM EDT");
    expect(mail?.textBody).toContain("http://localhost:3000/my-appointments#waitlist");
    expect(await isListed(consultant.id, slot)).toBe(false);

    const refusal = await featureRefusal(
      bookAppointment(database.db, other!.id, { docId: consultant.id, startsAt: slot }, bookingContext()),
    );
    expect(refusal).toMatchObject({ kind: "conflict", message: WAITLIST_HELD_MESSAGE });

    const appointment = await claimWaitlistOffer(
      database.db,
      waiter!.id,
      entry.id,
      (startsAt) => startsAt.getTime() === slot.getTime(),
      bookingContext(new Date(NOW.getTime() + 60 * SECOND)),
    );
    expect(appointment).toMatchObject({ userId: waiter!.id, consultantId: consultant.id, startsAt: slot });
    expect(await entryStatus(entry.id)).toBe("booked");
    expect(await liveOffers(consultant.id)).toEqual([]);
    const [ended] = await database.db.select().from(waitlistOffers).where(eq(waitlistOffers.id, offer!.id));
    expect(ended?.status).toBe("claimed");
  });

  it("passes an unclaimed offer to the next customer after the hold, then makes the slot public", async () => {
    const consultant = await createConsultant(database.db);
    const [first, second, booker] = await createUsersWithSessions(database.db, 3, "waitlist-pass");
    const slot = inNewYork(`${TUESDAY}T16:00`);
    const booked = await book(booker!, consultant.id, slot);
    const firstEntry = (await join(first!, consultant.id)).entry;
    const secondEntry = (await join(second!, consultant.id, TUESDAY, new Date(NOW.getTime() + SECOND))).entry;
    await cancel(booker!, booked.id);
    expect((await liveOffers(consultant.id)).map((offer) => offer.userId)).toEqual([first!.id]);

    // Not yet over: nothing moves.
    expect(await passOnExpiredOffers(database.db, waitlist, new Date(NOW.getTime() + 599 * SECOND))).toBe(0);
    const afterHold = new Date(NOW.getTime() + HOLD_SECONDS * SECOND);
    expect(await passOnExpiredOffers(database.db, waitlist, afterHold)).toBe(1);
    expect(await entryStatus(firstEntry.id)).toBe("missed");
    expect(await entryStatus(secondEntry.id)).toBe("offered");
    const [passedOn] = await liveOffers(consultant.id);
    expect(passedOn).toMatchObject({ userId: second!.id, startsAt: slot });
    expect(await mailsOfKind(database.db, second!.email, "waitlist-offer")).toHaveLength(1);

    // The first customer's chance is over: their claim is refused with a sentence.
    const late = await featureRefusal(
      claimWaitlistOffer(database.db, first!.id, firstEntry.id, undefined, bookingContext(afterHold)),
    );
    expect(late.kind).toBe("conflict");
    expect(isSentence(late.message)).toBe(true);

    const afterSecondHold = new Date(afterHold.getTime() + HOLD_SECONDS * SECOND);
    expect(await isListed(consultant.id, slot, afterSecondHold)).toBe(false);
    expect(await passOnExpiredOffers(database.db, waitlist, afterSecondHold)).toBe(1);
    expect(await liveOffers(consultant.id)).toEqual([]);
    expect(await isListed(consultant.id, slot, afterSecondHold)).toBe(true);
  });

  it("never holds a slot past its start", async () => {
    const consultant = await createConsultant(database.db);
    const [waiter, booker] = await createUsersWithSessions(database.db, 2, "waitlist-soon");
    const today = "2027-05-03";
    const slot = inNewYork(`${today}T12:30`);
    const booked = await book(booker!, consultant.id, slot);
    await join(waiter!, consultant.id, today);
    // The default half-hour hold would reach past the 12:30 start.
    await cancelAppointment(
      database.db,
      booker!.id,
      { appointmentId: booked.id },
      bookingContext(NOW, testWaitlist(ZONE)),
    );
    const [offer] = await liveOffers(consultant.id);
    expect(offer?.expiresAt).toEqual(slot);
  });

  it("offers concurrent cancellations of one day to different customers, each once", async () => {
    const consultant = await createConsultant(database.db);
    const waiters = await createUsersWithSessions(database.db, 8, "waitlist-rush");
    const bookers = await createUsersWithSessions(database.db, 5, "waitlist-rush-booker");
    const slots = [10, 11, 13, 14, 17].map((hour) => inNewYork(`${TUESDAY}T${hour}:00`));
    const booked = await Promise.all(
      bookers.map((booker, index) => book(booker, consultant.id, slots[index]!)),
    );
    for (const [index, waiter] of waiters.entries()) {
      await join(waiter, consultant.id, TUESDAY, new Date(NOW.getTime() + index * SECOND));
    }
    await Promise.all(booked.map((appointment, index) => cancel(bookers[index]!, appointment.id)));
    const offers = await liveOffers(consultant.id);
    expect(offers).toHaveLength(5);
    expect(new Set(offers.map((offer) => offer.userId)).size).toBe(5);
    expect(new Set(offers.map((offer) => offer.startsAt.getTime())).size).toBe(5);
    // The five who waited longest.
    expect(new Set(offers.map((offer) => offer.userId))).toEqual(
      new Set(waiters.slice(0, 5).map((waiter) => waiter.id)),
    );
  });

  it("offers the time a customer moves away from, and refuses a move onto a held time", async () => {
    const consultant = await createConsultant(database.db);
    const [waiter, mover, other] = await createUsersWithSessions(database.db, 3, "waitlist-move");
    const from = inNewYork(`${TUESDAY}T18:00`);
    const to = inNewYork(`${TUESDAY}T18:30`);
    const appointment = await book(mover!, consultant.id, from);
    await join(waiter!, consultant.id);
    await rescheduleOwnAppointment(
      database.db,
      mover!.id,
      { appointmentId: appointment.id, startsAt: to },
      bookingContext(),
    );
    const [offer] = await liveOffers(consultant.id);
    expect(offer).toMatchObject({ userId: waiter!.id, startsAt: from });

    const otherAppointment = await book(other!, consultant.id, inNewYork(`${TUESDAY}T19:00`));
    const refusal = await featureRefusal(
      rescheduleOwnAppointment(
        database.db,
        other!.id,
        { appointmentId: otherAppointment.id, startsAt: from },
        bookingContext(),
      ),
    );
    expect(refusal.message).toBe(WAITLIST_HELD_MESSAGE);
  });

  it("passes a held time on at once when its customer leaves the waitlist", async () => {
    const consultant = await createConsultant(database.db);
    const [first, second, booker] = await createUsersWithSessions(database.db, 3, "waitlist-leave");
    const slot = inNewYork(`${TUESDAY}T11:30`);
    const booked = await book(booker!, consultant.id, slot);
    const { entry } = await join(first!, consultant.id);
    await join(second!, consultant.id, TUESDAY, new Date(NOW.getTime() + SECOND));
    await cancel(booker!, booked.id);

    await leaveWaitlist(database.db, first!.id, entry.id, waitlist, NOW);
    expect(await entryStatus(entry.id)).toBe("removed");
    const [offer] = await liveOffers(consultant.id);
    expect(offer?.userId).toBe(second!.id);
  });
});

describe("a schedule change and the waitlist", () => {
  async function consultantRow(consultantId: string) {
    const [row] = await database.db.select().from(consultants).where(eq(consultants.id, consultantId));
    return row!;
  }

  it("offers the times staff add to a waited-for day, one per customer in order, and nothing for a change that opens none", async () => {
    const staff = await createUserWithRole(database.db, "admin");
    const consultant = await createConsultant(database.db, {
      workingHours: { "2": { start: 10 * 60, end: 11 * 60 } },
    });
    const [first, second, booker, otherBooker] = await createUsersWithSessions(
      database.db,
      4,
      "waitlist-hours",
    );
    await book(booker!, consultant.id, inNewYork(`${TUESDAY}T10:00`));
    await book(otherBooker!, consultant.id, inNewYork(`${TUESDAY}T10:30`));
    const firstEntry = (await join(first!, consultant.id)).entry;
    const secondEntry = (await join(second!, consultant.id, TUESDAY, new Date(NOW.getTime() + SECOND))).entry;
    const change = { now: NOW, waitlist };

    // The name alone: no time opens, and the hours are kept.
    const renamed = await updateConsultant(
      database.db,
      consultant.id,
      { name: "Renamed", version: 1 },
      staff,
      change,
    );
    expect(renamed.workingHours).toEqual({ "2": { start: 600, end: 660 } });
    expect(await liveOffers(consultant.id)).toEqual([]);

    await updateConsultant(
      database.db,
      consultant.id,
      { workingHours: { "2": { start: "10:00", end: "12:00" } }, version: 2 },
      staff,
      change,
    );
    const offers = await liveOffers(consultant.id);
    expect(offers.map((offer) => [offer.userId, offer.startsAt.getTime()]).sort()).toEqual(
      [
        [first!.id, inNewYork(`${TUESDAY}T11:00`).getTime()],
        [second!.id, inNewYork(`${TUESDAY}T11:30`).getTime()],
      ].sort(),
    );
    expect(await entryStatus(firstEntry.id)).toBe("offered");
    expect(await entryStatus(secondEntry.id)).toBe("offered");
    const [mail] = await mailsOfKind(database.db, first!.email, "waitlist-offer");
    expect(mail?.textBody).toContain("Tuesday, May 4, 2027 at 11:00 AM EDT");
    expect(await mailsOfKind(database.db, second!.email, "waitlist-offer")).toHaveLength(1);
  });

  it("offers a waited-for day again when the consultant takes back a day off or switches bookings on", async () => {
    const consultant = await createConsultant(database.db);
    const [waiter, laterWaiter] = await createUsersWithSessions(database.db, 2, "waitlist-day-off");
    const portalActor = await createUserWithRole(database.db, "consultant", { consultantId: consultant.id });
    const change = { now: NOW, waitlist };
    const { entry } = await join(waiter!, consultant.id);

    const dayOff = await updateOwnAvailability(
      database.db,
      consultant.id,
      { available: "on", daysOff: [TUESDAY], version: 1 },
      portalActor,
      change,
    );
    expect(await liveOffers(consultant.id)).toEqual([]);
    await updateOwnAvailability(
      database.db,
      consultant.id,
      { available: "on", daysOff: [], version: dayOff.version },
      portalActor,
      change,
    );
    const [offer] = await liveOffers(consultant.id);
    expect(offer).toMatchObject({ entryId: entry.id, startsAt: inNewYork(`${TUESDAY}T10:00`) });
    expect(await mailsOfKind(database.db, waiter!.email, "waitlist-offer")).toHaveLength(1);

    // Bookings off, then on again: the next customer waiting is offered the next time.
    const later = (await join(laterWaiter!, consultant.id)).entry;
    const current = await consultantRow(consultant.id);
    const off = await updateOwnAvailability(
      database.db,
      consultant.id,
      { available: false, version: current.version },
      portalActor,
      change,
    );
    expect(off.available).toBe(false);
    expect(await entryStatus(later.id)).toBe("waiting");
    await updateOwnAvailability(
      database.db,
      consultant.id,
      { available: "on", version: off.version },
      portalActor,
      change,
    );
    expect(await entryStatus(later.id)).toBe("offered");
    expect((await liveOffers(consultant.id)).map((live) => live.userId).sort()).toEqual(
      [waiter!.id, laterWaiter!.id].sort(),
    );
  });

  it("offers a waited-for day when staff restore an archived consultant, and nothing while archived", async () => {
    const staff = await createUserWithRole(database.db, "admin");
    const consultant = await createConsultant(database.db);
    const [waiter] = await createUsersWithSessions(database.db, 1, "waitlist-restore");
    const change = { now: NOW, waitlist };
    const { entry } = await join(waiter!, consultant.id);
    const archived = await archiveConsultant(database.db, consultant.id, { version: 1 }, staff, change);
    expect(await entryStatus(entry.id)).toBe("waiting");
    await restoreConsultant(database.db, consultant.id, { version: archived.version }, staff, change);
    expect(await entryStatus(entry.id)).toBe("offered");
    expect(await mailsOfKind(database.db, waiter!.email, "waitlist-offer")).toHaveLength(1);
  });
});

describe("joining and leaving", () => {
  it("lists the customer's entries with the time held for them", async () => {
    const consultant = await createConsultant(database.db, { name: "Listed Waitlist Consultant" });
    const [waiter, booker] = await createUsersWithSessions(database.db, 2, "waitlist-list");
    const slot = inNewYork(`${TUESDAY}T12:00`);
    const booked = await book(booker!, consultant.id, slot);
    await join(waiter!, consultant.id);
    await join(waiter!, consultant.id, "2027-05-05");
    await cancel(booker!, booked.id);
    const entries = await listOwnWaitlist(database.db, waiter!.id, { zone: ZONE, now: NOW });
    expect(entries.map((entry) => [entry.day, entry.status, entry.consultantName])).toEqual([
      [TUESDAY, "offered", "Listed Waitlist Consultant"],
      ["2027-05-05", "waiting", "Listed Waitlist Consultant"],
    ]);
    expect(entries[0]?.offer).toEqual({
      startsAt: slot,
      expiresAt: new Date(NOW.getTime() + HOLD_SECONDS * SECOND),
    });
    expect(entries[1]?.offer).toBeNull();
  });

  it(`refuses a fourth open entry, a second for the same day, and days outside the window, with sentences`, async () => {
    const consultant = await createConsultant(database.db, {
      daysOff: ["2027-05-07"],
    });
    const customer = await createUserWithSession(database.db, "waitlist-rules");
    await join(customer, consultant.id, "2027-05-04");
    const duplicate = await featureRefusal(join(customer, consultant.id, "2027-05-04"));
    expect(duplicate).toMatchObject({
      kind: "conflict",
      message: "You are already on the waitlist for that day.",
    });
    await join(customer, consultant.id, "2027-05-05");
    await join(customer, consultant.id, "2027-05-06");
    const fourth = await featureRefusal(join(customer, consultant.id, "2027-05-08"));
    expect(fourth.kind).toBe("conflict");
    expect(fourth.message).toContain(`${MAX_OPEN_ENTRIES} days`);

    const other = await createUserWithSession(database.db, "waitlist-rules-other");
    for (const [day, kind] of [
      ["2027-05-02", "invalid"],
      ["2027-05-10", "invalid"],
      ["2027-05-07", "conflict"],
      ["tuesday", "invalid"],
    ] as const) {
      const refusal = await featureRefusal(join(other, consultant.id, day));
      expect(refusal.kind, day).toBe(kind);
      expect(isSentence(refusal.message), day).toBe(true);
    }
    const unknown = await featureRefusal(join(other, "not-a-consultant"));
    expect(unknown.kind).toBe("not-found");
    expect(
      await database.db.select().from(waitlistEntries).where(eq(waitlistEntries.userId, other.id)),
    ).toEqual([]);
  });

  it("treats another customer's entry as missing", async () => {
    const consultant = await createConsultant(database.db);
    const [owner, intruder] = await createUsersWithSessions(database.db, 2, "waitlist-owner");
    const { entry } = await join(owner!, consultant.id);
    const refusal = await featureRefusal(leaveWaitlist(database.db, intruder!.id, entry.id, waitlist, NOW));
    expect(refusal.kind).toBe("not-found");
    const claim = await featureRefusal(
      claimWaitlistOffer(database.db, intruder!.id, entry.id, undefined, bookingContext()),
    );
    expect(claim.kind).toBe("not-found");
    expect(await entryStatus(entry.id)).toBe("waiting");
  });
});

describe("staff's waitlist", () => {
  it("shows each entry with every offer's fate, and staff can take someone off (audited)", async () => {
    const consultant = await createConsultant(database.db, { name: "Staff Waitlist Consultant" });
    const staff = await createUserWithRole(database.db, "admin");
    const [first, second, booker] = await createUsersWithSessions(database.db, 3, "waitlist-staff");
    const slot = inNewYork(`${TUESDAY}T20:00`);
    const booked = await book(booker!, consultant.id, slot);
    const firstEntry = (await join(first!, consultant.id)).entry;
    const secondEntry = (await join(second!, consultant.id, TUESDAY, new Date(NOW.getTime() + SECOND))).entry;
    await cancel(booker!, booked.id);
    await passOnExpiredOffers(database.db, waitlist, new Date(NOW.getTime() + HOLD_SECONDS * SECOND));

    const listed = await listStaffWaitlist(
      database.db,
      { consultantId: consultant.id, day: TUESDAY },
      { zone: ZONE, now: NOW },
    );
    expect(
      listed.map((entry) => [entry.customerEmail, entry.status, entry.offers.map((offer) => offer.status)]),
    ).toEqual([
      [first!.email, "missed", ["passed"]],
      [second!.email, "offered", ["live"]],
    ]);

    const noReason = await featureRefusal(
      staffRemoveWaitlistEntry(database.db, secondEntry.id, { reason: "" }, staff, waitlist, NOW),
    );
    expect(noReason.kind).toBe("invalid");
    await staffRemoveWaitlistEntry(
      database.db,
      secondEntry.id,
      { reason: "Asked us by phone" },
      staff,
      waitlist,
      NOW,
    );
    expect(await entryStatus(secondEntry.id)).toBe("removed");
    expect(await entryStatus(firstEntry.id)).toBe("missed");
    expect(await liveOffers(consultant.id)).toEqual([]);
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.targetId, secondEntry.id));
    expect(audit).toMatchObject({ action: "waitlist.remove", actorId: staff.id });
    expect(audit?.summary).toContain("Asked us by phone");
  });
});
