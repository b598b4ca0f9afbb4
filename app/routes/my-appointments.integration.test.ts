import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/infra/db.server";
import type { FormFailure } from "~/infra/form-failure.server";
import type { RequestContext } from "~/infra/request-context.server";
import { bookOrFail, createConsultant, createUserWithSession } from "../../tests/setup/factories";
import { appointmentRow } from "../../tests/setup/payments";
import {
  answerOf,
  formPost,
  laterFreeSlots,
  pageContext,
  pageGet,
  toastOf,
} from "../../tests/setup/route-calls";
import { createTestApp } from "../../tests/setup/test-app";
import { createTestDatabase } from "../../tests/setup/test-database";
import { action, loader } from "./my-appointments";

let database: DatabaseHandle;
let testApp: ReturnType<typeof createTestApp>;
let slots: { slotDate: string; slotTime: string }[];
let consultantId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = createTestApp(database);
  consultantId = (await createConsultant(database.db)).id;
  slots = await laterFreeSlots(testApp, consultantId);
});
afterAll(async () => {
  await database.close();
});

/** A customer with one booked appointment, days ahead. */
async function customerWithAppointment(label: string) {
  const customer = await createUserWithSession(database.db, label);
  const slot = slots.shift();
  if (!slot) throw new Error("no slots left for the test");
  const appointmentId = await bookOrFail(testApp.app, customer.token, { docId: consultantId, ...slot });
  return { customer, appointmentId, context: await pageContext(testApp, { token: customer.token }) };
}

function post(context: RequestContext, fields: Record<string, string>) {
  return answerOf<FormFailure>(() =>
    action({ request: formPost(context, "/my-appointments", fields), context, params: {} } as never),
  );
}

describe("My Appointments", () => {
  it("sends a visitor who is not signed in to login, to come back here", async () => {
    const context = await pageContext(testApp);
    for (const call of [
      () => loader({ request: pageGet(context, "/my-appointments"), context } as never),
      () => action({ request: formPost(context, "/my-appointments", {}), context, params: {} } as never),
    ]) {
      const answer = await answerOf(call);
      expect({ status: answer.status, location: answer.location }).toEqual({
        status: 302,
        location: "/login?redirectTo=%2Fmy-appointments",
      });
    }
  });

  it("lists only the customer's own appointments", async () => {
    const mine = await customerWithAppointment("lister");
    await customerWithAppointment("someone-else");
    const { data } = await answerOf<{ appointments: { id: string; status: string }[] }>(() =>
      loader({ request: pageGet(mine.context, "/my-appointments"), context: mine.context } as never),
    );
    expect(data.appointments.map(({ id, status }) => ({ id, status }))).toEqual([
      { id: mine.appointmentId, status: "booked" },
    ]);
  });

  it("cancels the customer's own appointment and comes back with the toast", async () => {
    const { appointmentId, context } = await customerWithAppointment("canceller");
    const answer = await post(context, { intent: "cancel", appointmentId });
    expect({ status: answer.status, location: answer.location }).toEqual({
      status: 302,
      location: "/my-appointments",
    });
    expect(await toastOf(answer, context)).toEqual({ kind: "success", message: "Appointment cancelled" });
    const row = await appointmentRow(database.db, appointmentId);
    expect(row.cancelledAt).not.toBeNull();
    expect(row.cancelledBy).toBe("customer");
  });

  it("answers someone else's appointment as not found, leaving it booked", async () => {
    const owner = await customerWithAppointment("owner");
    const stranger = await createUserWithSession(database.db, "stranger");
    const context = await pageContext(testApp, { token: stranger.token });
    const answer = await post(context, { intent: "cancel", appointmentId: owner.appointmentId });
    expect(answer.status).toBe(404);
    expect(answer.data.error).toBe("We could not find that appointment.");
    expect((await appointmentRow(database.db, owner.appointmentId)).cancelledAt).toBeNull();
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
    expect((await appointmentRow(database.db, appointmentId)).cancelledAt).toBeNull();
  });
});
