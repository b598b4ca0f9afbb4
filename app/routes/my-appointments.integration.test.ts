import { users } from "@db/schema";
import { eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import type { FormFailure } from "~/infra/form-failure.server";
import { formatDay, formatTimeOfDay } from "~/lib/dates";
import type { RequestContext } from "~/request-context.server";
import { createUserWithSession } from "../../tests/setup/factories";
import { appointmentRow } from "../../tests/setup/payments";
import { callAction, callLoader, expectRedirectWithToast, routeSuite } from "../../tests/setup/route-calls";
import { action, loader } from "./my-appointments";

const suite = routeSuite();
const customerWithAppointment = suite.bookedCustomers();

function post(context: RequestContext, fields: Record<string, string>) {
  return callAction<FormFailure>(action, context, "/my-appointments", fields);
}

describe("My Appointments", () => {
  it("sends a visitor who is not signed in to login, to come back here", async () => {
    const context = await suite.pageContext();
    for (const call of [
      () => callLoader(loader, context, "/my-appointments"),
      () => callAction(action, context, "/my-appointments", {}),
    ]) {
      const answer = await call();
      expect({ status: answer.status, location: answer.location }).toEqual({
        status: 302,
        location: "/login?redirectTo=%2Fmy-appointments",
      });
    }
  });

  it("lists only the customer's own appointments", async () => {
    const mine = await customerWithAppointment("lister");
    await customerWithAppointment("someone-else");
    const { data } = await callLoader<{ appointments: { id: string; status: string }[] }>(
      loader,
      mine.context,
      "/my-appointments",
    );
    expect(data.appointments.map(({ id, status }) => ({ id, status }))).toEqual([
      { id: mine.appointmentId, status: "booked" },
    ]);
  });

  it("shows each time in the customer's own zone, named, with the agency's time beside it", async () => {
    const { customer, appointmentId } = await customerWithAppointment("zoned");
    await suite.db.update(users).set({ timeZone: "Asia/Kolkata" }).where(eq(users.id, customer.id));
    const context = await suite.pageContext({ token: customer.token });
    const { data } = await callLoader<{
      appointments: { id: string; day: string; time: string; agencyTime: string | null }[];
    }>(loader, context, "/my-appointments");
    const startsAt = (await appointmentRow(suite.db, appointmentId)).startsAt;
    const row = data.appointments.find((appointment) => appointment.id === appointmentId)!;
    expect(row.day).toBe(formatDay(startsAt, "Asia/Kolkata"));
    expect(row.time).toBe(`${formatTimeOfDay(startsAt, "Asia/Kolkata")} Kolkata time`);
    expect(row.agencyTime).toBe(
      `${DateTime.fromJSDate(startsAt, { zone: suite.app.env.AGENCY_TZ }).toFormat("hh:mm a")} New York time`,
    );
  });

  it("cancels the customer's own appointment and comes back with the toast", async () => {
    const { appointmentId, context } = await customerWithAppointment("canceller");
    const answer = await post(context, { intent: "cancel", appointmentId });
    await expectRedirectWithToast(answer, context, "/my-appointments", {
      kind: "success",
      message: "Appointment cancelled",
    });
    const row = await appointmentRow(suite.db, appointmentId);
    expect(row.cancelledAt).not.toBeNull();
    expect(row.cancelledBy).toBe("customer");
  });

  it("answers someone else's appointment as not found, leaving it booked", async () => {
    const owner = await customerWithAppointment("owner");
    const stranger = await createUserWithSession(suite.db, "stranger");
    const context = await suite.pageContext({ token: stranger.token });
    const answer = await post(context, { intent: "cancel", appointmentId: owner.appointmentId });
    expect(answer.status).toBe(404);
    expect(answer.data.error).toBe("We could not find that appointment.");
    expect((await appointmentRow(suite.db, owner.appointmentId)).cancelledAt).toBeNull();
  });

  it("answers an appointment already cancelled with 409 and a sentence", async () => {
    const { appointmentId, context } = await customerWithAppointment("twice");
    await post(context, { intent: "cancel", appointmentId });
    const again = await post(context, { intent: "cancel", appointmentId });
    expect(again.status).toBe(409);
    expect(again.data.error).toBe("This appointment is already cancelled.");
  });

  it("refuses an unknown intent or a missing appointment id with 400 and a sentence", async () => {
    const { appointmentId, context } = await customerWithAppointment("confused");
    const unknown = await post(context, { intent: "delete", appointmentId });
    expect(unknown.status).toBe(400);
    expect(unknown.data.error).toBe("This action is not available.");
    const missing = await post(context, { intent: "cancel" });
    expect(missing.status).toBe(400);
    expect(missing.data.error).toBe("Please name the appointment.");
    expect((await appointmentRow(suite.db, appointmentId)).cancelledAt).toBeNull();
  });
});
