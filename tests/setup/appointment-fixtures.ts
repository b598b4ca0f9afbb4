import type { ConsultantSnapshot } from "@db/schema";
import type { BookingEmailData } from "~/features/email/templates/booking-emails";

/** The fixed facts the e-mail and calendar tests read back: Nina Petrova, 4 May 2027, 1:30 PM in New York. */
export const SAMPLE_MEETING_URL = "https://meet.jit.si/VAHub-0123456789abcdef0123456789abcdef";
export const SAMPLE_APPOINTMENT_ID = "5f0c1c7e-2d4b-4c8a-9e1f-3a2b1c0d9e8f";
/** 1:30 PM in New York. */
export const SAMPLE_STARTS_AT = new Date("2027-05-04T17:30:00.000Z");

/** A stand-in for the calendar invitation the booking e-mails attach (its content is not read). */
export const SAMPLE_INVITE = {
  filename: "invite.ics",
  contentType: "text/calendar; method=REQUEST",
  content: "BEGIN:VCALENDAR",
};

export function sampleSnapshot(feeCents: number): ConsultantSnapshot {
  return {
    name: "Nina Petrova",
    image: "/images/consultants/nina-petrova.webp",
    speciality: "Entrepreneurial Consultants",
    degree: "MBA",
    experience: "10 Years",
    about: "Works with founders.",
    feeCents,
    currency: "USD",
    address: { line1: "60 Broad Street", line2: "New York, NY" },
  };
}

/** An appointment of that consultant at that time, booked by Ada, told in New York's zone. */
export function sampleBookingEmailData(feeCents: number): BookingEmailData {
  return {
    appointment: {
      id: SAMPLE_APPOINTMENT_ID,
      startsAt: SAMPLE_STARTS_AT,
      amountCents: feeCents,
      currency: "USD",
      consultantSnapshot: sampleSnapshot(feeCents),
      meetingUrl: SAMPLE_MEETING_URL,
    },
    customer: { name: "Ada <Lovelace>", email: "ada@example.com" },
    zone: "America/New_York",
  };
}
