import { describe, expect, it } from "vitest";
import { SAMPLE_MEETING_URL, sampleBookingEmailData } from "../../../../tests/setup/appointment-fixtures";
import { expectMail, linksOf } from "../../../../tests/setup/email-reading";
import { appointmentReminderEmail, type ReminderEmailData } from "./reminder-emails";

const MEETING_URL = SAMPLE_MEETING_URL;
const data: ReminderEmailData = {
  ...sampleBookingEmailData(5_000),
  lead: "day",
  publicUrl: "https://va.example.com",
};
const WHEN = "Tuesday, May 4, 2027 at 1:30 PM EDT";
const JOIN = `Join the meeting online at that time (it opens in your browser):\n${MEETING_URL}`;
const MY_APPOINTMENTS =
  "To see, move or cancel it, open My Appointments:\nhttps://va.example.com/my-appointments";

describe("the reminder e-mails", () => {
  it("remind the customer a day ahead: who, when with the zone, the meeting link, My Appointments", () => {
    const mail = appointmentReminderEmail(data);
    expectMail(
      mail,
      {
        kind: "appointment-reminder-day",
        to: "ada@example.com",
        subject: `Reminder: your consultation with Nina Petrova on ${WHEN}`,
      },
      [
        "Hello Ada <Lovelace>,",
        `This is a reminder of your consultation with Nina Petrova (Entrepreneurial Consultants) on ${WHEN}.`,
        JOIN,
        MY_APPOINTMENTS,
      ],
    );
    expect(linksOf(mail.html!)).toEqual([MEETING_URL, "https://va.example.com/my-appointments"]);
  });

  it("say an hour ahead that it starts soon", () => {
    expectMail(
      appointmentReminderEmail({ ...data, lead: "hour" }),
      {
        kind: "appointment-reminder-hour",
        to: "ada@example.com",
        subject: "Starting in about an hour: your consultation with Nina Petrova",
      },
      [
        `Your consultation with Nina Petrova (Entrepreneurial Consultants) starts in about an hour, on ${WHEN}.`,
        JOIN,
        MY_APPOINTMENTS,
      ],
    );
  });
});
