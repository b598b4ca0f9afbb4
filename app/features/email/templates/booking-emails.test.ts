import { describe, expect, it } from "vitest";
import {
  SAMPLE_INVITE,
  SAMPLE_MEETING_URL,
  sampleBookingEmailData,
} from "../../../../tests/setup/appointment-fixtures";
import { expectMail, linksOf } from "../../../../tests/setup/email-reading";
import {
  appointmentBookedNoticeEmail,
  appointmentCancellationEmail,
  appointmentCancelledNoticeEmail,
  appointmentConfirmationEmail,
  type BookingEmailData,
} from "./booking-emails";

const data: BookingEmailData & { agencyEmail: string; invite: typeof SAMPLE_INVITE } = {
  ...sampleBookingEmailData(123_450),
  agencyEmail: "agency@example.com",
  invite: SAMPLE_INVITE,
};
const WHEN = "Tuesday, May 4, 2027 at 1:30 PM EDT";

describe("the booking e-mails", () => {
  it("confirm the booking to the customer: who, when with the zone, the fee, the invitation", () => {
    const mail = appointmentConfirmationEmail(data);
    expectMail(
      mail,
      {
        kind: "appointment-confirmation",
        to: "ada@example.com",
        attachments: [SAMPLE_INVITE],
        subject: `Your consultation with Nina Petrova on ${WHEN}`,
      },
      [
        "Hello Ada <Lovelace>,",
        `Your 30-minute consultation with Nina Petrova (Entrepreneurial Consultants) is booked for ${WHEN}.`,
        "Fee: $1,234.50. You can pay online from My Appointments.",
        `Join the meeting online at that time (it opens in your browser):\n${SAMPLE_MEETING_URL}`,
        "The attached invitation adds it to your calendar.",
        "VA Hub",
      ],
    );
    expect(mail.html).toContain("Hello Ada &lt;Lovelace&gt;,");
    expect(linksOf(mail.html!)).toEqual([SAMPLE_MEETING_URL]);
  });

  it("tell the agency who booked whom, when, for how much; a reply goes to the customer", () => {
    const mail = appointmentBookedNoticeEmail(data);
    expectMail(
      mail,
      {
        kind: "appointment-booked-notice",
        to: "agency@example.com",
        replyTo: "ada@example.com",
        subject: `New booking: Nina Petrova, ${WHEN}`,
      },
      [
        `Ada <Lovelace> <ada@example.com> booked Nina Petrova (Entrepreneurial Consultants) for ${WHEN}. Fee $1,234.50. Appointment 5f0c1c7e-2d4b-4c8a-9e1f-3a2b1c0d9e8f.`,
      ],
    );
  });

  it("tell the customer the cancellation, with the calendar update", () => {
    const mail = appointmentCancellationEmail(data);
    expectMail(
      mail,
      {
        kind: "appointment-cancellation",
        to: "ada@example.com",
        attachments: [SAMPLE_INVITE],
        subject: `Cancelled: your consultation with Nina Petrova on ${WHEN}`,
      },
      [
        `Your consultation with Nina Petrova on ${WHEN} is cancelled and the time is free again.`,
        "The attached update removes it from your calendar.",
      ],
    );
  });

  it("tell the agency about the cancellation", () => {
    const mail = appointmentCancelledNoticeEmail(data);
    expectMail(
      mail,
      {
        kind: "appointment-cancelled-notice",
        to: "agency@example.com",
        subject: `Cancelled booking: Nina Petrova, ${WHEN}`,
      },
      [
        `Ada <Lovelace> <ada@example.com> cancelled the consultation with Nina Petrova on ${WHEN}. Appointment 5f0c1c7e-2d4b-4c8a-9e1f-3a2b1c0d9e8f.`,
      ],
    );
  });

  it("tell the time in the zone they are given, named", () => {
    const mail = appointmentConfirmationEmail({ ...data, zone: "Europe/London" });
    expect(mail.subject).toBe("Your consultation with Nina Petrova on Tuesday, May 4, 2027 at 6:30 PM GMT+1");
  });

  it("tell a customer with a zone of their own the time in it, and the agency's beside it", () => {
    const customer = { ...data.customer, timeZone: "Asia/Kolkata" };
    const mail = appointmentConfirmationEmail({ ...data, customer });
    expect(mail.subject).toBe(
      "Your consultation with Nina Petrova on Tuesday, May 4, 2027 at 11:00 PM (Kolkata time); 1:30 PM New York time",
    );
    // The agency reads its own time.
    expect(appointmentBookedNoticeEmail({ ...data, customer }).text).toContain(WHEN);
  });
});
