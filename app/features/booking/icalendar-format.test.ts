import { describe, expect, it } from "vitest";
import { foldLine, icalendarText, parameterValue, textValue, utcDateTime } from "~/lib/icalendar-format";
import { parseICalendar } from "../../../tests/setup/icalendar";
import { appointmentInvite } from "./calendar-invite";

const octets = (line: string) => new TextEncoder().encode(line).length;

describe("iCalendar writing", () => {
  it("escapes the characters a TEXT value reserves", () => {
    expect(textValue("a\\b; c, d\ne\r\nf")).toBe("a\\\\b\\; c\\, d\\ne\\nf");
  });

  it("quotes parameter values and caret-encodes what cannot stand inside quotes", () => {
    expect(parameterValue('Zoë "Q" Müller, Jr.: ^x')).toBe(`"Zoë ^'Q^' Müller, Jr.: ^^x"`);
    expect(parameterValue("two\nlines")).toBe('"two^nlines"');
  });

  it("writes UTC date-times without separators", () => {
    expect(utcDateTime(new Date("2027-03-05T18:30:00.250Z"))).toBe("20270305T183000Z");
  });

  it("folds at 75 octets, never inside a character, and unfolds to the same line", () => {
    const line = `DESCRIPTION:${"é".repeat(40)}${"x".repeat(30)}${"😀".repeat(20)}`;
    const folded = foldLine(line);
    const parts = folded.split("\r\n");
    expect(parts.length).toBeGreaterThan(2);
    expect(octets(parts[0]!)).toBeLessThanOrEqual(75);
    for (const continuation of parts.slice(1)) {
      expect(continuation.startsWith(" ")).toBe(true);
      expect(octets(continuation)).toBeLessThanOrEqual(75);
    }
    expect(folded.replace(/\r\n /g, "")).toBe(line);
    expect(folded).not.toContain("\uFFFD");
  });

  it("leaves a short line alone and ends every line with CRLF", () => {
    expect(foldLine("VERSION:2.0")).toBe("VERSION:2.0");
    expect(
      icalendarText([
        ["BEGIN", "VCALENDAR"],
        ["X-NAME", "v", 'CN="a"'],
      ]),
    ).toBe('BEGIN:VCALENDAR\r\nX-NAME;CN="a":v\r\n');
  });
});

describe("an appointment's invitation", () => {
  const appointment = {
    id: "0b6f5c1e-1111-4222-8333-444455556666",
    startsAt: new Date("2027-03-05T18:30:00Z"),
    calendarSequence: 2,
    meetingUrl: "https://meet.jit.si/VAHub-0123456789abcdef0123456789abcdef",
    consultantSnapshot: {
      name: "Dr. Ada; Lovelace, PhD",
      speciality: "Virtual Assistant",
      address: { line1: "17th Cross, Richmond", line2: "Circle, Ring Road" },
    },
  } as Parameters<typeof appointmentInvite>[0];
  const people = {
    customer: { name: 'Zoë "Q" Müller', email: "zoe@example.com" },
    agencyEmail: "hello@agency.test",
  };

  it("reads back as the appointment, names with quotes and all", () => {
    const invite = appointmentInvite(appointment, people, "request");
    expect(invite).toMatchObject({
      filename: "invite.ics",
      contentType: "text/calendar; charset=utf-8; method=REQUEST",
    });
    const calendar = parseICalendar(invite.content);
    expect(calendar.properties.METHOD).toBe("REQUEST");
    expect(calendar.events).toHaveLength(1);
    expect(calendar.events[0]).toMatchObject({
      UID: "appointment-0b6f5c1e-1111-4222-8333-444455556666@va-hub",
      DTSTART: "20270305T183000Z",
      DURATION: "PT30M",
      SEQUENCE: "2",
      STATUS: "CONFIRMED",
      LOCATION: appointment.meetingUrl,
      URL: appointment.meetingUrl,
      ORGANIZER: "mailto:hello@agency.test",
      ATTENDEE: "mailto:zoe@example.com",
    });
    expect(calendar.events[0]!.SUMMARY).toBe("Consultation with Dr. Ada; Lovelace, PhD (VA Hub)");
    expect(calendar.events[0]!.DESCRIPTION).toContain(
      "Consultant's address: 17th Cross, Richmond, Circle, Ring Road.",
    );
    expect(invite.content).toContain(`CN="Zoë ^'Q^' Müller"`);
    for (const line of invite.content.split("\r\n")) expect(octets(line)).toBeLessThanOrEqual(75);
  });

  it("cancels under the same UID", () => {
    const cancel = appointmentInvite(appointment, people, "cancel");
    expect(cancel.filename).toBe("cancel.ics");
    const calendar = parseICalendar(cancel.content);
    expect(calendar.properties.METHOD).toBe("CANCEL");
    expect(calendar.events[0]).toMatchObject({
      STATUS: "CANCELLED",
      UID: "appointment-0b6f5c1e-1111-4222-8333-444455556666@va-hub",
    });
  });
});
