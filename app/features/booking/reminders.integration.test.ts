import { type Appointment, appointments } from "@db/schema";
import { eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "~/infra/db.server";
import { createConsultant, createUserWithSession, type DirectUser } from "../../../tests/setup/factories";
import { mailsOfKind } from "../../../tests/setup/payments";
import { noPaymentProviders } from "../../../tests/setup/receipts";
import { createTestDatabase } from "../../../tests/setup/test-database";
import { testWaitlist } from "../../../tests/setup/waitlist";
import { bookAppointment } from "./booking.server";
import { cancelAppointment } from "./cancellation.server";
import { queueDueReminders } from "./reminders.server";
import { rescheduleAppointment } from "./staff-changes.server";

const ZONE = "America/New_York";
const AGENCY_EMAIL = "agency@example.com";
const PUBLIC_URL = "https://va.example.com";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let database: DatabaseHandle;

beforeAll(async () => {
  // Only Date: the database driver's own timers keep running.
  vi.useFakeTimers({ toFake: ["Date"] });
  database = await createTestDatabase();
});
afterAll(async () => {
  vi.useRealTimers();
  await database?.close();
});

function at(wallClock: string): Date {
  return DateTime.fromISO(wallClock, { zone: ZONE }).toJSDate();
}

/** Moves the clock (the app's and the outbox's) to `instant`. */
function clockAt(instant: Date | number): Date {
  vi.setSystemTime(instant);
  return new Date(instant);
}

/** One reminder run at `instant`, as the server's worker does it. */
function remindAt(instant: Date | number) {
  return queueDueReminders(database.db, { now: clockAt(instant), zone: ZONE, publicUrl: PUBLIC_URL });
}

/** A customer with one appointment at `startsAt`, booked at `bookedAt` through every rule. */
async function bookedAt(
  bookedAt: Date,
  startsAt: Date,
): Promise<{ customer: DirectUser; appointment: Appointment }> {
  const consultant = await createConsultant(database.db);
  const customer = await createUserWithSession(database.db, "reminded");
  const appointment = await bookAppointment(
    database.db,
    customer.id,
    { docId: consultant.id, startsAt },
    {
      zone: ZONE,
      agencyEmail: AGENCY_EMAIL,
      perUserPerMinute: 30,
      payments: noPaymentProviders(),
      waitlist: testWaitlist(ZONE),
      now: clockAt(bookedAt),
    },
  );
  return { customer, appointment };
}

/** The customer moves their appointment to `startsAt` at `instant`, through every rule. */
function customerReschedulesAt(
  instant: Date | number,
  customer: DirectUser,
  appointmentId: string,
  startsAt: Date,
) {
  return rescheduleAppointment(
    database.db,
    appointmentId,
    { startsAt },
    { kind: "customer", userId: customer.id },
    { zone: ZONE, agencyEmail: AGENCY_EMAIL, waitlist: testWaitlist(ZONE), now: clockAt(instant) },
  );
}

async function reminders(customer: DirectUser) {
  return {
    day: await mailsOfKind(database.db, customer.email, "appointment-reminder-day"),
    hour: await mailsOfKind(database.db, customer.email, "appointment-reminder-hour"),
  };
}

async function row(appointmentId: string): Promise<Appointment> {
  const [found] = await database.db.select().from(appointments).where(eq(appointments.id, appointmentId));
  return found!;
}

describe("queueDueReminders", () => {
  it("queues the day-ahead reminder once, 24 hours ahead, even when two runs race", async () => {
    const startsAt = at("2027-06-08T10:00");
    const { customer, appointment } = await bookedAt(at("2027-06-03T09:00"), startsAt);

    await remindAt(startsAt.getTime() - 25 * HOUR);
    expect((await reminders(customer)).day).toHaveLength(0);

    const runs = await Promise.all([
      remindAt(startsAt.getTime() - 24 * HOUR + MINUTE),
      remindAt(startsAt.getTime() - 24 * HOUR + MINUTE),
    ]);
    expect(runs.reduce((sum, run) => sum + run.day, 0)).toBe(1);
    await remindAt(startsAt.getTime() - 23 * HOUR);
    const { day, hour } = await reminders(customer);
    expect(day).toHaveLength(1);
    expect(hour).toHaveLength(0);
    expect((await row(appointment.id)).reminderDaySentAt).toEqual(
      new Date(startsAt.getTime() - 24 * HOUR + MINUTE),
    );

    const [mail] = day;
    expect(mail!.subject).toBe(
      "Reminder: your consultation with " +
        `${appointment.consultantSnapshot.name} on Tuesday, June 8, 2027 at 10:00 AM EDT`,
    );
    expect(mail!.textBody).toContain(appointment.meetingUrl!);
    expect(mail!.htmlBody).toContain(`href="${appointment.meetingUrl}"`);
    expect(mail!.textBody).toContain(`${PUBLIC_URL}/my-appointments`);
  });

  it("queues the hour-ahead reminder once, within the last hour only", async () => {
    const startsAt = at("2027-06-15T14:30");
    const { customer, appointment } = await bookedAt(at("2027-06-10T09:00"), startsAt);

    await remindAt(startsAt.getTime() - 23 * HOUR);
    await remindAt(startsAt.getTime() - 61 * MINUTE);
    expect(await reminders(customer)).toMatchObject({ day: [expect.anything()], hour: [] });

    await Promise.all([
      remindAt(startsAt.getTime() - 59 * MINUTE),
      remindAt(startsAt.getTime() - 59 * MINUTE),
    ]);
    await remindAt(startsAt.getTime() - 10 * MINUTE);
    await remindAt(startsAt.getTime() + MINUTE);
    const { day, hour } = await reminders(customer);
    expect(day).toHaveLength(1);
    expect(hour).toHaveLength(1);
    expect(hour[0]!.subject).toBe(
      `Starting in about an hour: your consultation with ${appointment.consultantSnapshot.name}`,
    );
    expect(hour[0]!.textBody).toContain("starts in about an hour, on Tuesday, June 15, 2027 at 2:30 PM EDT.");
    expect(hour[0]!.textBody).toContain(appointment.meetingUrl!);
  });

  it("sends nothing for a cancelled appointment", async () => {
    const startsAt = at("2027-06-22T11:00");
    const { customer, appointment } = await bookedAt(at("2027-06-17T09:00"), startsAt);
    await cancelAppointment(
      database.db,
      customer.id,
      { appointmentId: appointment.id },
      {
        zone: ZONE,
        agencyEmail: AGENCY_EMAIL,
        payments: noPaymentProviders(),
        waitlist: testWaitlist(ZONE),
        now: clockAt(at("2027-06-18T09:00")),
      },
    );
    await remindAt(startsAt.getTime() - 23 * HOUR);
    await remindAt(startsAt.getTime() - 30 * MINUTE);
    expect(await reminders(customer)).toEqual({ day: [], hour: [] });
  });

  it("sends nothing for an appointment already marked completed or a no-show", async () => {
    const startsAt = at("2027-06-29T12:00");
    const first = await bookedAt(at("2027-06-24T09:00"), startsAt);
    const second = await bookedAt(at("2027-06-24T09:00"), startsAt);
    await database.db
      .update(appointments)
      .set({ completedAt: at("2027-06-25T09:00") })
      .where(eq(appointments.id, first.appointment.id));
    await database.db
      .update(appointments)
      .set({ noShowAt: at("2027-06-25T09:00") })
      .where(eq(appointments.id, second.appointment.id));
    await remindAt(startsAt.getTime() - 23 * HOUR);
    await remindAt(startsAt.getTime() - 30 * MINUTE);
    expect(await reminders(first.customer)).toEqual({ day: [], hour: [] });
    expect(await reminders(second.customer)).toEqual({ day: [], hour: [] });
  });

  it("skips the day-ahead reminder of a booking made less than 24 hours ahead, and both under an hour", async () => {
    const startsAt = at("2027-07-06T15:00");
    const late = await bookedAt(at("2027-07-06T09:00"), startsAt);
    const last = await bookedAt(at("2027-07-06T14:40"), startsAt);
    await remindAt(at("2027-07-06T09:01"));
    expect(await reminders(late.customer)).toEqual({ day: [], hour: [] });
    await remindAt(startsAt.getTime() - 50 * MINUTE);
    await remindAt(at("2027-07-06T14:41"));
    expect(await reminders(late.customer)).toMatchObject({ day: [], hour: [expect.anything()] });
    expect(await reminders(last.customer)).toEqual({ day: [], hour: [] });
  });

  it("does not send the day-ahead reminder late once the hour-ahead one is due", async () => {
    const startsAt = at("2027-07-13T16:00");
    const { customer } = await bookedAt(at("2027-07-08T09:00"), startsAt);
    // The server was down all day: the first run is 45 minutes before the start.
    await remindAt(startsAt.getTime() - 45 * MINUTE);
    expect(await reminders(customer)).toMatchObject({ day: [], hour: [expect.anything()] });
  });

  it("sends the reminders again for the new time after a reschedule, with the same meeting link", async () => {
    const startsAt = at("2027-07-20T10:00");
    const { customer, appointment } = await bookedAt(at("2027-07-15T09:00"), startsAt);
    await remindAt(startsAt.getTime() - 23 * HOUR);
    expect((await reminders(customer)).day).toHaveLength(1);

    // The next morning, an hour before the start, the customer moves it two days later.
    const movedTo = at("2027-07-22T10:00");
    await customerReschedulesAt(startsAt.getTime() - 2 * HOUR, customer, appointment.id, movedTo);
    expect(await row(appointment.id)).toMatchObject({
      startsAt: movedTo,
      reminderDaySentAt: null,
      reminderHourSentAt: null,
      meetingUrl: appointment.meetingUrl,
    });
    // Nothing for the old time any more.
    await remindAt(startsAt.getTime() - 30 * MINUTE);
    await remindAt(movedTo.getTime() - 25 * HOUR);
    expect(await reminders(customer)).toMatchObject({ day: [expect.anything()], hour: [] });

    await remindAt(movedTo.getTime() - 23 * HOUR);
    await remindAt(movedTo.getTime() - 59 * MINUTE);
    const { day, hour } = await reminders(customer);
    expect(day).toHaveLength(2);
    expect(hour).toHaveLength(1);
    const latest = day.find((mail) => mail.subject.includes("July 22"));
    expect(latest?.textBody).toContain(appointment.meetingUrl!);
  });

  it("does not remind at once of a time moved to less than 24 hours ahead", async () => {
    const startsAt = at("2027-07-27T10:00");
    const { customer, appointment } = await bookedAt(at("2027-07-23T09:00"), startsAt);
    const movedTo = at("2027-07-24T18:00");
    await customerReschedulesAt(at("2027-07-24T09:00"), customer, appointment.id, movedTo);
    await remindAt(at("2027-07-24T09:01"));
    expect(await reminders(customer)).toEqual({ day: [], hour: [] });
    await remindAt(movedTo.getTime() - 59 * MINUTE);
    expect(await reminders(customer)).toMatchObject({ day: [], hour: [expect.anything()] });
  });
});
