import { describe, expect, it } from "vitest";
import {
  SAMPLE_INVITE,
  SAMPLE_MEETING_URL,
  sampleBookingEmailData,
} from "../../../../tests/setup/appointment-fixtures";
import { expectMail } from "../../../../tests/setup/email-reading";
import {
  appointmentCancelledByAgencyEmail,
  appointmentRescheduledEmail,
  appointmentRescheduledNoticeEmail,
} from "./appointment-change-emails";
import type { BookingEmailData } from "./booking-emails";

const data: BookingEmailData = sampleBookingEmailData(123_450);
const WHEN = "Tuesday, May 4, 2027 at 1:30 PM EDT";
const BEFORE = "Monday, May 3, 2027 at 10:00 AM EDT";

describe("the agency's cancellation e-mail", () => {
  const cancelled = (money: "refunded" | "kept" | "unpaid") =>
    appointmentCancelledByAgencyEmail({
      ...data,
      invite: SAMPLE_INVITE,
      reason: "Nina is ill <today>.",
      money,
      agencyEmail: "agency@example.com",
    });

  it("tells the customer who cancelled, why, and that the money comes back; a reply reaches the agency", () => {
    const mail = cancelled("refunded");
    expectMail(
      mail,
      {
        kind: "appointment-cancelled-by-agency",
        to: "ada@example.com",
        replyTo: "agency@example.com",
        attachments: [SAMPLE_INVITE],
        subject: `We cancelled your consultation with Nina Petrova on ${WHEN}`,
      },
      [
        "Hello Ada <Lovelace>,",
        `We are sorry: we had to cancel your consultation with Nina Petrova on ${WHEN}.`,
        "The reason:\nNina is ill <today>.",
        "Your payment of $1,234.50 is refunded in full; a separate e-mail confirms the refund.",
        "You are welcome to book another time from our site.",
      ],
    );
    expect(mail.html).toContain("Nina is ill &lt;today&gt;.");
  });

  it("says plainly when the money is kept, or when there was none", () => {
    expect(cancelled("kept").text).toContain(
      "Your payment of $1,234.50 was not refunded. If you have a question about it, please reply to this e-mail.",
    );
    expect(cancelled("unpaid").text).toContain("You had not paid for it, so there is nothing to refund.");
  });
});

describe("the reschedule e-mails", () => {
  const moved = { ...data, invite: SAMPLE_INVITE, previousStartsAt: new Date("2027-05-03T14:00:00.000Z") };

  it("tell the customer the old and the new time, that the payment stays, with the calendar update", () => {
    expectMail(
      appointmentRescheduledEmail({ ...moved, movedBy: "staff" }),
      {
        kind: "appointment-rescheduled",
        to: "ada@example.com",
        attachments: [SAMPLE_INVITE],
        subject: `New time: your consultation with Nina Petrova is now on ${WHEN}`,
      },
      [
        `We moved your consultation with Nina Petrova from ${BEFORE} to ${WHEN}.`,
        "Everything else stays the same, including any payment you made.",
        `Join the meeting online at that time (it opens in your browser):\n${SAMPLE_MEETING_URL}`,
        "The attached update moves it in your calendar.",
      ],
    );
    expect(appointmentRescheduledEmail({ ...moved, movedBy: "customer" }).text).toContain(
      `Your consultation with Nina Petrova has moved from ${BEFORE} to ${WHEN}.`,
    );
  });

  it("tell the agency who moved whose appointment", () => {
    expectMail(
      appointmentRescheduledNoticeEmail({
        ...moved,
        movedBy: "staff",
        agencyEmail: "agency@example.com",
        actorEmail: "staff@example.com",
      }),
      {
        kind: "appointment-rescheduled-notice",
        to: "agency@example.com",
        replyTo: "ada@example.com",
        subject: `Rescheduled: Nina Petrova, now ${WHEN}`,
      },
      [
        `staff@example.com moved the consultation of Ada <Lovelace> <ada@example.com> with Nina Petrova from ${BEFORE} to ${WHEN}. Appointment 5f0c1c7e-2d4b-4c8a-9e1f-3a2b1c0d9e8f.`,
      ],
    );
  });
});
