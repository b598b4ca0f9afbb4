import { appointments, outbox, payments } from "@db/schema";
import { and, eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { describe, expect, it, vi } from "vitest";
import { SLOT_TAKEN_MESSAGE } from "~/features/booking/booking.server";
import {
  bookOrFail,
  cancel,
  consultantNamed,
  countRows,
  createUsersWithSessions,
  expectFailure,
  postJson,
} from "../../tests/setup/factories";
import { frozenSuite, ZONE } from "../../tests/setup/frozen-suite";
import { parseICalendar } from "../../tests/setup/icalendar";
import { bookedAppointment } from "../../tests/setup/payments";
import { paidAppointment } from "../../tests/setup/staff-appointments";

/**
 * The clock stands at NOW, Monday 3 May 2027, 12:10 PM in New York: the booking window runs from
 * 3_5_2027 to 9_5_2027.
 */
const suite = frozenSuite({ gateways: true });

function reschedule(token: string, body: Record<string, unknown>) {
  return postJson(suite.app, "/api/user/reschedule-appointment", body, { token });
}

async function row(appointmentId: string) {
  const [found] = await suite.db.select().from(appointments).where(eq(appointments.id, appointmentId));
  return found!;
}

function wallClock(instant: Date): string {
  return DateTime.fromJSDate(instant, { zone: ZONE }).toFormat("yyyy-MM-dd HH:mm");
}

describe("POST /api/user/reschedule-appointment", () => {
  it("moves the appointment to a free slot: same id, old slot free again, an updated invitation", async () => {
    const priya = await consultantNamed(suite.db, "Priya Desai");
    const [owner, other] = await createUsersWithSessions(suite.db, 2, "mover");
    const from = { docId: priya.id, slotDate: "6_5_2027", slotTime: "10:00 AM" };
    const id = await bookOrFail(suite.app, owner!.token, from);
    const mailsBefore = await countRows(suite.db, outbox);

    const response = await reschedule(owner!.token, {
      appointmentId: id,
      slotDate: "7_5_2027",
      slotTime: "02:30 PM",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: "Appointment rescheduled" });
    // The customer's updated invitation and the agency's notice.
    expect(await countRows(suite.db, outbox)).toBe(mailsBefore + 2);
    const moved = await row(id);
    expect(wallClock(moved.startsAt)).toBe("2027-05-07 14:30");
    expect(moved.calendarSequence).toBe(1);
    expect(moved.cancelledAt).toBeNull();
    const owned = await suite.db.select().from(appointments).where(eq(appointments.userId, owner!.id));
    expect(owned.map((appointment) => appointment.id)).toEqual([id]);

    // The old time is free for someone else at once.
    expect(await bookOrFail(suite.app, other!.token, from)).toBeTruthy();

    // The customer's e-mail carries the same calendar event, one sequence later; the agency is told.
    const [toCustomer] = await suite.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, "appointment-rescheduled"), eq(outbox.recipient, owner!.email)));
    const invite = toCustomer?.attachments.find((attachment) => attachment.filename.endsWith(".ics"));
    expect(parseICalendar(invite!.content).events[0]).toMatchObject({
      UID: `appointment-${id}@va-hub`,
      SEQUENCE: "1",
    });
  });

  it("refuses a taken slot, a past one, a cancelled appointment and someone else's, changing nothing", async () => {
    const aisha = await consultantNamed(suite.db, "Aisha Bello");
    const [owner, neighbour, stranger] = await createUsersWithSessions(suite.db, 3, "refused");
    const id = await bookOrFail(suite.app, owner!.token, {
      docId: aisha.id,
      slotDate: "5_5_2027",
      slotTime: "11:00 AM",
    });
    await bookOrFail(suite.app, neighbour!.token, {
      docId: aisha.id,
      slotDate: "5_5_2027",
      slotTime: "04:00 PM",
    });
    const before = await row(id);

    const taken = await reschedule(owner!.token, {
      appointmentId: id,
      slotDate: "5_5_2027",
      slotTime: "04:00 PM",
    });
    expect((await expectFailure(taken, 409)).message).toBe(SLOT_TAKEN_MESSAGE);

    const past = await reschedule(owner!.token, {
      appointmentId: id,
      slotDate: "3_5_2027",
      slotTime: "10:00 AM",
    });
    expect((await expectFailure(past, 400)).message).toMatch(/already passed/);

    const notMine = await reschedule(stranger!.token, {
      appointmentId: id,
      slotDate: "6_5_2027",
      slotTime: "01:00 PM",
    });
    await expectFailure(notMine, 404);

    const unreadable = await reschedule(owner!.token, { appointmentId: id, slotDate: "6_5_2027" });
    await expectFailure(unreadable, 400);

    expect(await row(id)).toEqual(before);

    expect((await cancel(suite.app, owner!.token, id)).status).toBe(200);
    const cancelled = await reschedule(owner!.token, {
      appointmentId: id,
      slotDate: "6_5_2027",
      slotTime: "01:00 PM",
    });
    await expectFailure(cancelled, 409);
    expect((await row(id)).startsAt).toEqual(before.startsAt);
  });

  it("refuses once the appointment has started", async () => {
    const consultant = await consultantNamed(suite.db, "Priya Desai");
    const { user: owner, appointmentId: id } = await bookedAppointment(suite.app, suite.db, {
      docId: consultant.id,
      slotDate: "4_5_2027",
      slotTime: "10:30 AM",
    });
    vi.setSystemTime(DateTime.fromISO("2027-05-04T10:35", { zone: ZONE }).toJSDate());
    const response = await reschedule(owner.token, {
      appointmentId: id,
      slotDate: "6_5_2027",
      slotTime: "05:00 PM",
    });
    await expectFailure(response, 409);
  });

  it("keeps a paid appointment paid, with its one payment", async () => {
    const consultant = await consultantNamed(suite.db, "Aisha Bello");
    const booked = await paidAppointment(suite.app, suite.db, suite.gateways, {
      docId: consultant.id,
      slotDate: "8_5_2027",
      slotTime: "10:00 AM",
    });
    const paidBefore = (await row(booked.appointmentId)).paidAt;
    expect(paidBefore).not.toBeNull();
    const response = await reschedule(booked.user.token, {
      appointmentId: booked.appointmentId,
      slotDate: "9_5_2027",
      slotTime: "11:00 AM",
    });
    expect(response.status).toBe(200);
    const moved = await row(booked.appointmentId);
    expect(moved.paidAt).toEqual(paidBefore);
    expect(moved.status).toBe("paid");
    const paymentRows = await suite.db
      .select()
      .from(payments)
      .where(eq(payments.appointmentId, booked.appointmentId));
    expect(paymentRows).toHaveLength(1);
    expect(paymentRows[0]?.refundedAt ?? null).toBeNull();
  });

  it("lets exactly one of two customers move into the same free slot at the same time", async () => {
    const consultant = await consultantNamed(suite.db, "Priya Desai");
    // Both customers hold a slot on Friday 7 May and race for the same later one that day.
    const onFriday = (slotTime: string) => ({ docId: consultant.id, slotDate: "7_5_2027", slotTime });
    const first = await bookedAppointment(suite.app, suite.db, onFriday("10:00 AM"));
    const second = await bookedAppointment(suite.app, suite.db, onFriday("10:30 AM"));
    const target = { slotDate: "7_5_2027", slotTime: "06:00 PM" };
    const answers = await Promise.all([
      reschedule(first.user.token, { appointmentId: first.appointmentId, ...target }),
      reschedule(second.user.token, { appointmentId: second.appointmentId, ...target }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const starts = [
      wallClock((await row(first.appointmentId)).startsAt),
      wallClock((await row(second.appointmentId)).startsAt),
    ];
    expect(starts.filter((start) => start === "2027-05-07 18:00")).toHaveLength(1);
  });

  it("answers without a token with 401", async () => {
    const response = await postJson(suite.app, "/api/user/reschedule-appointment", {
      appointmentId: "00000000-0000-4000-8000-000000000000",
      slotDate: "6_5_2027",
      slotTime: "10:00 AM",
    });
    await expectFailure(response, 401);
  });
});
