import { describe, expect, it } from "vitest";
import { expectMail, linksOf } from "../../../../tests/setup/email-reading";
import { appointmentReminderEmail, type ReminderEmailData } from "./reminder-emails";

const MEETING_URL = "https://meet.jit.si/VAHub-0123456789abcdef0123456789abcdef";
const data: ReminderEmailData = {
  appointment: {
    id: "5f0c1c7e-2d4b-4c8a-9e1f-3a2b1c0d9e8f",
    // 1:30 PM in New York.
    startsAt: new Date("2027-05-04T17:30:00.000Z"),
    amountCents: 5_000,
    currency: "USD",
    meetingUrl: MEETING_URL,
    consultantSnapshot: {
      name: "Nina Petrova",
      image: "/images/consultants/nina-petrova.webp",
      speciality: "Entrepreneurial Consultants",
      degree: "MBA",
      experience: "10 Years",
      about: "Works with founders.",
      feeCents: 5_000,
      currency: "USD",
      address: { line1: "60 Broad Street", line2: "New York, NY" },
    },
  },
  customer: { name: "Ada <Lovelace>", email: "ada@example.com" },
  zone: "America/New_York",
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
