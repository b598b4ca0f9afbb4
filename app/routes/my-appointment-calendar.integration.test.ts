import { describe, expect, it } from "vitest";
import { inviteUid } from "~/features/calendars/calendar-event";
import type { RequestContext } from "~/request-context.server";
import { cancel, createUserWithSession, getWith } from "../../tests/setup/factories";
import { parseICalendar } from "../../tests/setup/icalendar";
import { mailsOfKind } from "../../tests/setup/payments";
import { callLoader, routeSuite } from "../../tests/setup/route-calls";
import { loader } from "./my-appointment-calendar";
import { loader as myAppointmentsLoader } from "./my-appointments";

const suite = routeSuite();
const bookedCustomer = suite.bookedCustomers();

function download(context: RequestContext, appointmentId: string) {
  const path = `/my-appointments/${appointmentId}/calendar.ics`;
  return callLoader<string>(loader, context, path, { appointmentId });
}

describe("GET /my-appointments/:id/calendar.ics", () => {
  it("gives the owner the appointment as the same calendar event as the e-mailed invitation", async () => {
    const { customer, appointmentId, context } = await bookedCustomer("owner");
    const answer = await download(context, appointmentId);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(answer.headers.get("Content-Disposition")).toMatch(/^attachment; filename=".+\.ics"$/);
    expect(answer.headers.get("Cache-Control")).toContain("no-store");

    const [event] = parseICalendar(answer.data).events;
    const [mail] = await mailsOfKind(suite.db, customer.email, "appointment-confirmation");
    const [invited] = parseICalendar(mail!.attachments[0]!.content).events;
    expect(event!.UID).toBe(inviteUid(appointmentId));
    expect(event).toMatchObject({
      UID: invited!.UID,
      SEQUENCE: invited!.SEQUENCE,
      DTSTART: invited!.DTSTART,
      LOCATION: invited!.LOCATION,
    });
    expect(event!.LOCATION).toMatch(/^https:\/\/meet\.jit\.si\/VAHub-[0-9a-f]{32}$/);
  });

  it("answers 404 to anyone else, and for an unknown id or one that is not an id", async () => {
    const { appointmentId } = await bookedCustomer("victim");
    const intruder = await createUserWithSession(suite.db, "intruder");
    const context = await suite.pageContext({ token: intruder.token });
    for (const id of [appointmentId, "00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      const answer = await download(context, id);
      expect(answer.status, id).toBe(404);
      expect(answer.data).not.toContain("BEGIN:VCALENDAR");
    }
  });

  it("sends a visitor who is not signed in to the login page first", async () => {
    const { appointmentId } = await bookedCustomer("later");
    const answer = await download(await suite.pageContext(), appointmentId);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(
      `/login?redirectTo=${encodeURIComponent(`/my-appointments/${appointmentId}/calendar.ics`)}`,
    );
  });
});

describe("the meeting link and calendar links", () => {
  type Listed = { id: string; meetingUrl: string | null; calendarLinks: { file: string } | null };

  async function listed(context: RequestContext, appointmentId: string): Promise<Listed> {
    const answer = await callLoader<{ appointments: Listed[] }>(
      myAppointmentsLoader,
      context,
      "/my-appointments",
    );
    return answer.data.appointments.find((appointment) => appointment.id === appointmentId)!;
  }

  it("are on My Appointments and in GET /api/user/appointments while the appointment is on", async () => {
    const { customer, appointmentId, context } = await bookedCustomer("listed");
    const shown = await listed(context, appointmentId);
    expect(shown.meetingUrl).toMatch(/^https:\/\/meet\.jit\.si\/VAHub-[0-9a-f]{32}$/);
    expect(shown.calendarLinks?.file).toBe(`/my-appointments/${appointmentId}/calendar.ics`);

    const response = await getWith(suite.app.app, "/api/user/appointments", { token: customer.token });
    const body = (await response.json()) as { appointments: { _id: string; meetingUrl: string }[] };
    expect(body.appointments.find((appointment) => appointment._id === appointmentId)?.meetingUrl).toBe(
      shown.meetingUrl,
    );

    // Once cancelled, there is nothing to join or add.
    expect((await cancel(suite.app.app, customer.token, appointmentId)).status).toBe(200);
    expect(await listed(context, appointmentId)).toMatchObject({ meetingUrl: null, calendarLinks: null });
  });
});
