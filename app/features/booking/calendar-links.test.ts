import { describe, expect, it } from "vitest";
import { SAMPLE_MEETING_URL, sampleSnapshot } from "../../../tests/setup/appointment-fixtures";
import {
  appointmentCalendarLinks,
  type CalendarEvent,
  calendarFilePath,
  googleCalendarUrl,
  googleDateTime,
  outlookCalendarUrl,
  outlookDateTime,
} from "./calendar-links";

const MEETING_URL = SAMPLE_MEETING_URL;
const event: CalendarEvent = {
  title: "Consultation with Nina Petrova (VA Hub)",
  // 1:30 PM in New York.
  startsAt: new Date("2027-05-04T17:30:00.000Z"),
  endsAt: new Date("2027-05-04T18:00:00.000Z"),
  details: "30-minute consultation & more\nJoin the meeting: https://example.com/?a=1",
  location: MEETING_URL,
};

describe("calendar date-times", () => {
  it("are written in UTC as each service wants them", () => {
    expect(googleDateTime(event.startsAt)).toBe("20270504T173000Z");
    expect(outlookDateTime(event.startsAt)).toBe("2027-05-04T17:30:00Z");
  });
});

describe("googleCalendarUrl", () => {
  it("fills Google's event template, every value encoded, the times as start/end in UTC", () => {
    const url = new URL(googleCalendarUrl(event));
    expect(url.origin + url.pathname).toBe("https://calendar.google.com/calendar/render");
    expect(url.search).toContain("&dates=20270504T173000Z/20270504T180000Z&");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      action: "TEMPLATE",
      text: event.title,
      dates: "20270504T173000Z/20270504T180000Z",
      details: event.details,
      location: MEETING_URL,
    });
  });
});

describe("outlookCalendarUrl", () => {
  it("fills Outlook's compose form with ISO times in UTC", () => {
    const url = new URL(outlookCalendarUrl(event));
    expect(url.origin + url.pathname).toBe("https://outlook.live.com/calendar/0/deeplink/compose");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      subject: event.title,
      startdt: "2027-05-04T17:30:00Z",
      enddt: "2027-05-04T18:00:00Z",
      body: event.details,
      location: MEETING_URL,
    });
  });
});

describe("appointmentCalendarLinks", () => {
  const appointment = {
    id: "5f0c1c7e-2d4b-4c8a-9e1f-3a2b1c0d9e8f",
    startsAt: event.startsAt,
    meetingUrl: MEETING_URL,
    consultantSnapshot: sampleSnapshot(5_000),
  };

  it("offers a 30-minute event at the meeting link, with the consultant's address in the details", () => {
    const links = appointmentCalendarLinks(appointment);
    const google = new URL(links.google).searchParams;
    expect(google.get("text")).toBe("Consultation with Nina Petrova (VA Hub)");
    expect(google.get("dates")).toBe("20270504T173000Z/20270504T180000Z");
    expect(google.get("location")).toBe(MEETING_URL);
    expect(google.get("details")).toContain(`Join the meeting: ${MEETING_URL}`);
    expect(google.get("details")).toContain("60 Broad Street, New York, NY");
    expect(new URL(links.outlook).searchParams.get("enddt")).toBe("2027-05-04T18:00:00Z");
    expect(links.file).toBe(calendarFilePath(appointment.id));
    expect(links.file).toBe("/my-appointments/5f0c1c7e-2d4b-4c8a-9e1f-3a2b1c0d9e8f/calendar.ics");
  });

  it("falls back to the consultant's address for a row without a meeting link", () => {
    const links = appointmentCalendarLinks({ ...appointment, meetingUrl: null });
    expect(new URL(links.google).searchParams.get("location")).toBe("60 Broad Street, New York, NY");
  });
});
