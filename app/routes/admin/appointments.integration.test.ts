import { randomBytes } from "node:crypto";
import type { Consultant } from "@db/schema";
import { appointments, payments } from "@db/schema";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { consultantSlots } from "~/features/consultants/consultants.server";
import { writeReview } from "~/features/reviews/reviews.server";
import { setReviewHidden } from "~/features/reviews/staff-reviews.server";
import type { FormFailure } from "~/infra/form-failure.server";
import { loader as myAppointmentsLoader } from "~/routes/my-appointments";
import { accountForFile, createConsultant, createUserWithRole } from "../../../tests/setup/factories";
import { appointmentRow, mailsOfKind } from "../../../tests/setup/payments";
import { callAction, callLoader, routeSuite, toastOf } from "../../../tests/setup/route-calls";
import { insertAppointment, insertCustomer } from "../../../tests/setup/staff-appointments";
import { action as detailAction, loader as detailLoader } from "./appointment";
import { loader as listLoader } from "./appointments";
import { loader as exportLoader } from "./appointments-export";

const suite = routeSuite();
const staff = accountForFile(suite, "admin");
let consultant: Consultant;

const HOUR = 3_600_000;

beforeAll(async () => {
  consultant = await createConsultant(suite.db, { name: "Route Consultant" });
});

async function staffContext() {
  return suite.pageContext({ token: staff.token });
}

/**
 * A customer (with a session) and their appointment `hoursAhead` from now, optionally paid, with a
 * consultant of its own so appointments of different tests never share a slot.
 */
async function appointmentFor(hoursAhead: number, options: { paid?: boolean } = {}) {
  const consultant = await createConsultant(suite.db, { name: "Route Consultant" });
  const customer = await createUserWithRole(suite.db, "investor", { name: "Grace Hopper" });
  const startsAt = new Date(Math.ceil((Date.now() + hoursAhead * HOUR) / (30 * 60_000)) * 30 * 60_000);
  const row = await insertAppointment(suite.db, consultant, customer.id, startsAt, {
    paidAt: options.paid ? new Date() : null,
  });
  if (options.paid) {
    await suite.db.insert(payments).values({
      appointmentId: row.id,
      provider: "stripe",
      mode: "sandbox",
      providerReference: `cs_sandbox_${randomBytes(6).toString("hex")}`,
      providerPaymentId: `pi_sandbox_${randomBytes(6).toString("hex")}`,
      amountCents: row.amountCents,
      currency: row.currency,
      status: "paid",
      paidAt: new Date(),
    });
  }
  return { customer, appointment: row, consultant };
}

async function post(appointmentId: string, fields: Record<string, string>, search = "") {
  const context = await staffContext();
  const answer = await callAction<FormFailure>(
    detailAction,
    context,
    `/admin/appointments/${appointmentId}${search}`,
    fields,
    { appointmentId },
  );
  return { answer, context };
}

describe("the appointments list page", () => {
  it("lists the filtered page and answers 400 with the problem for a filter it cannot read", async () => {
    const customer = await insertCustomer(
      suite.db,
      "Listed Person",
      `listed.${randomBytes(3).toString("hex")}@example.com`,
    );
    await insertAppointment(suite.db, consultant, customer, new Date(Date.now() + 400 * HOUR));
    const context = await staffContext();
    const listed = await callLoader<{ list: { rows: { customer: { name: string } }[] } }>(
      listLoader,
      context,
      `/admin/appointments?q=Listed+Person`,
    );
    expect(listed.status).toBe(200);
    expect(listed.data.list.rows.map((row) => row.customer.name)).toEqual(["Listed Person"]);

    const refused = await callLoader<{ error: string; list: null }>(
      listLoader,
      context,
      "/admin/appointments?from=2027-13-01",
    );
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      error: "That date does not exist. Please give a real calendar day.",
      list: null,
    });
  });

  it("downloads the filtered list as a CSV file", async () => {
    const csvConsultant = await createConsultant(suite.db, { name: "Csv Consultant" });
    const customer = await insertCustomer(
      suite.db,
      "Csv Person",
      `csv.${randomBytes(3).toString("hex")}@example.com`,
    );
    const row = await insertAppointment(suite.db, csvConsultant, customer, new Date(Date.now() + 300 * HOUR));
    const context = await staffContext();
    const answer = await callLoader<string>(
      exportLoader,
      context,
      `/admin/appointments/export.csv?consultantId=${csvConsultant.id}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="appointments-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = answer.data
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Appointment ID,Starts \(agency time\),/);
    expect(lines[1]).toContain(`${row.id},`);
    expect(lines[1]).toContain(",Csv Person,");

    const refused = await callLoader<string>(
      exportLoader,
      context,
      "/admin/appointments/export.csv?status=lost",
    );
    expect({ status: refused.status, body: refused.data }).toEqual({
      status: 400,
      body: "Please choose a status from the list.",
    });
  });
});

describe("the appointment page", () => {
  it("answers 404 for an unknown appointment, and offers cancelling only before the start", async () => {
    const context = await staffContext();
    const missing = await callLoader(
      detailLoader,
      context,
      "/admin/appointments/00000000-0000-4000-8000-000000000000",
      { appointmentId: "00000000-0000-4000-8000-000000000000" },
    );
    expect(missing.status).toBe(404);

    const { appointment } = await appointmentFor(48, { paid: true });
    const page = await callLoader<{
      step: string | null;
      appointment: { refundByPolicy: boolean; started: boolean };
    }>(detailLoader, context, `/admin/appointments/${appointment.id}?step=cancel`, {
      appointmentId: appointment.id,
    });
    expect(page.data).toMatchObject({
      step: "cancel",
      appointment: { refundByPolicy: true, started: false },
    });

    const begun = await appointmentFor(-1);
    const startedPage = await callLoader<{ step: string | null; appointment: { started: boolean } }>(
      detailLoader,
      context,
      `/admin/appointments/${begun.appointment.id}?step=cancel`,
      { appointmentId: begun.appointment.id },
    );
    expect(startedPage.data).toMatchObject({ step: null, appointment: { started: true } });

    // A no-show cannot be taken back, so it is asked for as a step, offered only once started.
    const stepOf = async (appointmentId: string, query: string) =>
      (
        await callLoader<{ step: string | null }>(
          detailLoader,
          context,
          `/admin/appointments/${appointmentId}${query}`,
          { appointmentId },
        )
      ).data.step;
    expect(await stepOf(begun.appointment.id, "?step=no-show")).toBe("no-show");
    expect(await stepOf(appointment.id, "?step=no-show")).toBeNull();
  });

  it("cancels with a reason and a toast, refunds by the policy, and the customer sees the agency's reason", async () => {
    const { appointment, customer } = await appointmentFor(72, { paid: true });
    const withoutReason = await post(
      appointment.id,
      { intent: "cancel", reason: "", sequence: "0" },
      "?step=cancel",
    );
    expect(withoutReason.answer.status).toBe(400);
    expect(withoutReason.answer.data.fieldErrors.reason).toBe(
      "Please give the reason for cancelling; the customer reads it.",
    );
    expect((await appointmentRow(suite.db, appointment.id)).cancelledAt).toBeNull();

    const stale = await post(appointment.id, { intent: "cancel", reason: "Office closed", sequence: "4" });
    expect(stale.answer.status).toBe(409);
    expect(stale.answer.data.error).toBe(
      "This record was changed by someone else while you were editing. Reload to see the latest version.",
    );

    const { answer, context } = await post(appointment.id, {
      intent: "cancel",
      reason: "Office closed for a holiday",
      sequence: "0",
    });
    expect({ status: answer.status, location: answer.location }).toEqual({
      status: 302,
      location: `/admin/appointments/${appointment.id}`,
    });
    expect(await toastOf(answer, context)).toEqual({
      kind: "success",
      message: "Appointment cancelled and payment refunded. The customer has been e-mailed.",
    });
    expect(await mailsOfKind(suite.db, customer.email, "appointment-cancelled-by-agency")).toHaveLength(1);

    const customerContext = await suite.pageContext({ token: customer.token });
    const mine = await callLoader<{
      appointments: { id: string; status: string; refunded: boolean; agencyReason: string | null }[];
    }>(myAppointmentsLoader, customerContext, "/my-appointments");
    expect(mine.data.appointments.find((row) => row.id === appointment.id)).toMatchObject({
      status: "cancelled",
      refunded: true,
      agencyReason: "Office closed for a holiday",
    });
  });

  it("marks attendance only once started, and moves an appointment to a free slot", async () => {
    const upcoming = await appointmentFor(30);
    const early = await post(upcoming.appointment.id, { intent: "complete" });
    expect(early.answer.status).toBe(409);

    const begun = await appointmentFor(-1);
    const marked = await post(begun.appointment.id, { intent: "no-show" });
    expect(marked.answer.status).toBe(302);
    expect((await appointmentRow(suite.db, begun.appointment.id)).noShowAt).not.toBeNull();

    const days = await consultantSlots(suite.db, upcoming.consultant, { zone: suite.app.env.AGENCY_TZ });
    const free = days.flatMap((day) => day.slots).at(-1)!;
    const moved = await post(upcoming.appointment.id, {
      intent: "reschedule",
      startsAt: free.startsAt,
      sequence: "0",
    });
    expect(moved.answer.status).toBe(302);
    expect((await appointmentRow(suite.db, upcoming.appointment.id)).startsAt.toISOString()).toBe(
      free.startsAt,
    );

    const nothing = await post(upcoming.appointment.id, {});
    expect(nothing.answer).toMatchObject({ status: 400, data: { error: "This action is not available." } });
  });

  it("shows the customer's review, or why there is none, with the way to hide it", async () => {
    const context = await staffContext();
    const reviewOn = async (appointmentId: string) =>
      (
        await callLoader<{ review: Record<string, unknown> }>(
          detailLoader,
          context,
          `/admin/appointments/${appointmentId}`,
          { appointmentId },
        )
      ).data.review;

    const { appointment, customer } = await appointmentFor(-1);
    expect(await reviewOn(appointment.id)).toEqual({ kind: "not-completed" });

    expect((await post(appointment.id, { intent: "complete" })).answer.status).toBe(302);
    expect(await reviewOn(appointment.id)).toMatchObject({ kind: "invited", until: expect.any(String) });

    const review = await writeReview(
      suite.db,
      customer.id,
      { appointmentId: appointment.id, rating: 4, comment: "Clear and kind." },
      { now: new Date() },
    );
    expect(await reviewOn(appointment.id)).toMatchObject({
      kind: "written",
      rating: 4,
      comment: "Clear and kind.",
      hiddenReason: null,
      written: expect.any(String),
    });

    await setReviewHidden(suite.db, review.id, true, { reason: "Names a phone number" }, staff, {
      now: new Date(),
      publicUrl: suite.app.env.publicUrl,
    });
    expect(await reviewOn(appointment.id)).toMatchObject({
      kind: "written",
      hiddenReason: "Names a phone number",
    });

    // Completed longer ago than the customer may review: nothing to wait for.
    const old = await appointmentFor(-1);
    await post(old.appointment.id, { intent: "complete" });
    await suite.db
      .update(appointments)
      .set({ completedAt: new Date(Date.now() - 61 * 24 * HOUR) })
      .where(eq(appointments.id, old.appointment.id));
    expect(await reviewOn(old.appointment.id)).toEqual({ kind: "closed" });
  });
});
