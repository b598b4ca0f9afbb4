import { appointments, type Consultant, consultants } from "@db/schema";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { FormFailure } from "~/infra/form-failure.server";
import { createConsultant, createUserWithRole, type RoleUser } from "../../tests/setup/factories";
import { callAction, callLoader, expectRedirectWithToast, routeSuite } from "../../tests/setup/route-calls";
import { insertAppointment } from "../../tests/setup/staff-appointments";
import { action, loader } from "./my-schedule";
import { action as profileAction } from "./my-schedule-profile";

const suite = routeSuite();
const HOUR = 3_600_000;
let consultant: Consultant;
let other: Consultant;
let account: RoleUser;
let customer: RoleUser;

beforeAll(async () => {
  consultant = await createConsultant(suite.db, { name: "Schedule Owner" });
  other = await createConsultant(suite.db, { name: "Other Consultant" });
  account = await createUserWithRole(suite.db, "consultant", { consultantId: consultant.id });
  customer = await createUserWithRole(suite.db, "investor", { name: "Noor Customer" });
});

async function post(path: string, fields: Record<string, string | string[]>, act = action) {
  const context = await suite.pageContext({ token: account.token });
  return {
    context,
    answer: await callAction<FormFailure>(act, context, path, fields),
  };
}

describe("/my-schedule", () => {
  it("lists the consultant's own appointments with the customer's name, upcoming and started apart", async () => {
    const soon = await insertAppointment(suite.db, consultant, customer.id, new Date(Date.now() + 30 * HOUR));
    const started = await insertAppointment(suite.db, consultant, customer.id, new Date(Date.now() - HOUR));
    await insertAppointment(suite.db, other, customer.id, new Date(Date.now() + 31 * HOUR));
    const context = await suite.pageContext({ token: account.token });
    const { data } = await callLoader<{
      upcoming: { appointments: { id: string; customer: { name: string }; markable: boolean }[] };
      started: { appointments: { id: string; markable: boolean }[] };
    }>(loader, context, "/my-schedule");
    expect(data.upcoming.appointments.map((row) => [row.id, row.customer.name, row.markable])).toEqual([
      [soon.id, "Noor Customer", false],
    ]);
    expect(data.started.appointments.map((row) => [row.id, row.markable])).toEqual([[started.id, true]]);
  });

  it("marks the consultant's started appointment completed, and reports another's as missing", async () => {
    const mine = await insertAppointment(suite.db, consultant, customer.id, new Date(Date.now() - 2 * HOUR));
    const { answer, context } = await post("/my-schedule", { intent: "complete", appointmentId: mine.id });
    await expectRedirectWithToast(answer, context, "/my-schedule", {
      kind: "success",
      message: "Appointment marked completed",
    });
    const theirs = await insertAppointment(suite.db, other, customer.id, new Date(Date.now() - 3 * HOUR));
    const refused = await post("/my-schedule", { intent: "no_show", appointmentId: theirs.id });
    expect(refused.answer.status).toBe(404);
    const [row] = await suite.db.select().from(appointments).where(eq(appointments.id, theirs.id));
    expect(row!.noShowAt).toBeNull();
  });

  it("saves availability and days off, and refuses a stale form with 409", async () => {
    const [current] = await suite.db.select().from(consultants).where(eq(consultants.id, consultant.id));
    const fields = { intent: "availability", version: String(current!.version), daysOff: ["2031-05-01", ""] };
    const { answer, context } = await post("/my-schedule", fields);
    await expectRedirectWithToast(answer, context, "/my-schedule", {
      kind: "success",
      message: "Availability saved",
    });
    const [saved] = await suite.db.select().from(consultants).where(eq(consultants.id, consultant.id));
    expect(saved).toMatchObject({ available: false, daysOff: ["2031-05-01"] });
    expect((await post("/my-schedule", fields)).answer.status).toBe(409);
    expect(
      (
        await post("/my-schedule", {
          intent: "availability",
          version: String(saved!.version),
          daysOff: "5/1/2031",
        })
      ).answer.status,
    ).toBe(400);
  });

  it("lets the consultant rewrite their own about text, and nothing else", async () => {
    const [current] = await suite.db.select().from(consultants).where(eq(consultants.id, consultant.id));
    const { answer, context } = await post(
      "/my-schedule/profile",
      { about: "Now with weekend hours.", version: String(current!.version), name: "Renamed", fee: "1" },
      profileAction as never,
    );
    await expectRedirectWithToast(answer, context, "/my-schedule/profile", {
      kind: "success",
      message: "Profile updated",
    });
    const [saved] = await suite.db.select().from(consultants).where(eq(consultants.id, consultant.id));
    expect(saved).toMatchObject({
      about: "Now with weekend hours.",
      name: "Schedule Owner",
      feeCents: current!.feeCents,
    });
  });
});
