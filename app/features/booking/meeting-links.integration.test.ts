import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { inviteUid } from "~/features/calendars/calendar-event";
import type { DatabaseHandle } from "~/infra/db.server";
import { createConsultant, createUserWithSession } from "../../../tests/setup/factories";
import { parseICalendar } from "../../../tests/setup/icalendar";
import { mailsOfKind } from "../../../tests/setup/payments";
import { noPaymentProviders } from "../../../tests/setup/receipts";
import { createTestDatabase } from "../../../tests/setup/test-database";
import { testWaitlist } from "../../../tests/setup/waitlist";
import { type BookingContext, bookAppointment } from "./booking.server";
import { rescheduleAppointment } from "./staff-changes.server";

const ZONE = "America/New_York";
const NOW = DateTime.fromISO("2027-06-07T09:00", { zone: ZONE }).toJSDate();
const TEMPLATE = "https://meet.example.com/va-hub/{room}";

let database: DatabaseHandle;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  database = await createTestDatabase();
});
afterAll(async () => {
  vi.useRealTimers();
  await database?.close();
});

const context: BookingContext = {
  zone: ZONE,
  agencyEmail: "agency@example.com",
  perUserPerMinute: 30,
  payments: noPaymentProviders(),
  waitlist: testWaitlist(ZONE),
  meetingUrlTemplate: TEMPLATE,
  now: NOW,
};

function startingAt(wallClock: string) {
  return { startsAt: DateTime.fromISO(wallClock, { zone: ZONE }).toJSDate() };
}

describe("the meeting link of an appointment", () => {
  it("is made from MEETING_URL_TEMPLATE at booking, a different room each time", async () => {
    const consultant = await createConsultant(database.db);
    const customer = await createUserWithSession(database.db);
    const first = await bookAppointment(
      database.db,
      customer.id,
      { docId: consultant.id, ...startingAt("2027-06-09T10:00") },
      context,
    );
    const second = await bookAppointment(
      database.db,
      customer.id,
      { docId: consultant.id, ...startingAt("2027-06-09T10:30") },
      context,
    );
    expect(first.meetingUrl).toMatch(/^https:\/\/meet\.example\.com\/va-hub\/[0-9a-f]{32}$/);
    expect(second.meetingUrl).toMatch(/^https:\/\/meet\.example\.com\/va-hub\/[0-9a-f]{32}$/);
    expect(second.meetingUrl).not.toBe(first.meetingUrl);
  });

  it("is a Jitsi room when no template is given", async () => {
    const consultant = await createConsultant(database.db);
    const customer = await createUserWithSession(database.db);
    const { meetingUrlTemplate: _unset, ...withoutTemplate } = context;
    const booked = await bookAppointment(
      database.db,
      customer.id,
      { docId: consultant.id, ...startingAt("2027-06-09T11:00") },
      withoutTemplate,
    );
    expect(booked.meetingUrl).toMatch(/^https:\/\/meet\.jit\.si\/VAHub-[0-9a-f]{32}$/);
  });

  it("is in the confirmation e-mail and is the invitation's LOCATION, the address staying in its description", async () => {
    const consultant = await createConsultant(database.db, {
      addressLine1: "60 Broad Street",
      addressLine2: "New York, NY",
    });
    const customer = await createUserWithSession(database.db);
    const booked = await bookAppointment(
      database.db,
      customer.id,
      { docId: consultant.id, ...startingAt("2027-06-10T15:00") },
      context,
    );
    const [mail] = await mailsOfKind(database.db, customer.email, "appointment-confirmation");
    expect(mail!.textBody).toContain(
      `Join the meeting online at that time (it opens in your browser):\n${booked.meetingUrl}`,
    );
    expect(mail!.htmlBody).toContain(`<a href="${booked.meetingUrl}"`);
    const [event] = parseICalendar(mail!.attachments[0]!.content).events;
    expect(event).toMatchObject({
      UID: inviteUid(booked.id),
      SEQUENCE: "0",
      LOCATION: booked.meetingUrl,
      URL: booked.meetingUrl,
    });
    expect(event!.DESCRIPTION).toContain(`Join the meeting: ${booked.meetingUrl}`);
    expect(event!.DESCRIPTION).toContain("Consultant's address: 60 Broad Street, New York, NY.");
  });

  it("stays the same when the appointment moves, and the reschedule e-mail repeats it", async () => {
    const consultant = await createConsultant(database.db);
    const customer = await createUserWithSession(database.db);
    const booked = await bookAppointment(
      database.db,
      customer.id,
      { docId: consultant.id, ...startingAt("2027-06-11T12:00") },
      context,
    );
    const moved = await rescheduleAppointment(
      database.db,
      booked.id,
      startingAt("2027-06-12T12:00"),
      { kind: "customer", userId: customer.id },
      { zone: ZONE, agencyEmail: "agency@example.com", waitlist: testWaitlist(ZONE), now: NOW },
    );
    expect(moved.meetingUrl).toBe(booked.meetingUrl);
    const [mail] = await mailsOfKind(database.db, customer.email, "appointment-rescheduled");
    expect(mail!.textBody).toContain(booked.meetingUrl!);
    const [event] = parseICalendar(mail!.attachments[0]!.content).events;
    expect(event).toMatchObject({ UID: inviteUid(booked.id), SEQUENCE: "1", LOCATION: booked.meetingUrl });
  });
});
