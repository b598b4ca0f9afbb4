import { appointments, type Consultant, users } from "@db/schema";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { appSuite } from "../../tests/setup/app-suite";
import {
  createConsultant,
  createUserWithRole,
  expectFailure,
  getWith,
  postJson,
  type RoleUser,
} from "../../tests/setup/factories";
import { insertAppointment } from "../../tests/setup/staff-appointments";

const suite = appSuite();
let consultant: Consultant;
let other: Consultant;
let account: RoleUser;
let customer: RoleUser;

const HOUR = 3_600_000;

beforeAll(async () => {
  consultant = await createConsultant(suite.db, { name: "Portal Owner" });
  other = await createConsultant(suite.db, { name: "Someone Else" });
  account = await createUserWithRole(suite.db, "consultant", { consultantId: consultant.id });
  customer = await createUserWithRole(suite.db, "investor", { name: "Carla Customer" });
});

interface PortalAppointment {
  _id: string;
  user: { _id: string; name: string; email: string };
  startsAt: string;
  slotDate: string;
  slotTime: string;
  amount: number;
  status: string;
}

async function listed(when: "upcoming" | "started") {
  const response = await getWith(suite.app, `/api/consultant-portal/appointments?when=${when}`, {
    token: account.token,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { appointments: PortalAppointment[] }).appointments;
}

describe("GET /api/consultant-portal/appointments", () => {
  it("lists only the consultant's own appointments, with the customer's name, upcoming or started", async () => {
    const soon = await insertAppointment(suite.db, consultant, customer.id, new Date(Date.now() + 48 * HOUR));
    const started = await insertAppointment(suite.db, consultant, customer.id, new Date(Date.now() - HOUR));
    const notMine = await insertAppointment(suite.db, other, customer.id, new Date(Date.now() + 24 * HOUR));

    const upcoming = await listed("upcoming");
    expect(upcoming.map((row) => row._id)).toEqual([soon.id]);
    expect(upcoming[0]).toMatchObject({
      user: { _id: customer.id, name: "Carla Customer", email: customer.email },
      amount: 50,
      status: "booked",
    });
    expect((await listed("started")).map((row) => row._id)).toEqual([started.id]);
    expect([...upcoming, ...(await listed("started"))].map((row) => row._id)).not.toContain(notMine.id);
  });

  it("refuses other roles and an account not linked to a consultant", async () => {
    const unlinked = await createUserWithRole(suite.db, "consultant");
    const staff = await createUserWithRole(suite.db, "admin");
    await expectFailure(await getWith(suite.app, "/api/consultant-portal/appointments"), 401);
    await expectFailure(
      await getWith(suite.app, "/api/consultant-portal/appointments", { token: staff.token }),
      403,
    );
    await expectFailure(
      await getWith(suite.app, "/api/consultant-portal/appointments", { token: customer.token }),
      403,
    );
    // createUserWithRole links a fresh profile; unlinking it leaves the account without a portal.
    await suite.db.update(users).set({ consultantId: null }).where(eq(users.id, unlinked.id));
    await expectFailure(
      await getWith(suite.app, "/api/consultant-portal/appointments", { token: unlinked.token }),
      403,
    );
  });
});

describe("POST /api/consultant-portal/appointments/{id}/complete and /no-show", () => {
  it("marks the consultant's started appointment, once", async () => {
    const started = await insertAppointment(
      suite.db,
      consultant,
      customer.id,
      new Date(Date.now() - 2 * HOUR),
    );
    const path = `/api/consultant-portal/appointments/${started.id}/complete`;
    const response = await postJson(suite.app, path, {}, { token: account.token });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: "Appointment marked completed" });
    const [row] = await suite.db.select().from(appointments).where(eq(appointments.id, started.id));
    expect(row!.completedAt).not.toBeNull();
    await expectFailure(await postJson(suite.app, path, {}, { token: account.token }), 409);
    // The customer now sees it completed.
    const mine = (await (
      await getWith(suite.app, "/api/user/appointments", { token: customer.token })
    ).json()) as {
      appointments: { _id: string; isCompleted: boolean; status: string }[];
    };
    expect(mine.appointments.find((row) => row._id === started.id)).toMatchObject({
      isCompleted: true,
      status: "completed",
    });
  });

  it("records a no-show, and refuses one that has not started yet with 409", async () => {
    const started = await insertAppointment(
      suite.db,
      consultant,
      customer.id,
      new Date(Date.now() - 3 * HOUR),
    );
    const response = await postJson(
      suite.app,
      `/api/consultant-portal/appointments/${started.id}/no-show`,
      {},
      {
        token: account.token,
      },
    );
    expect(response.status).toBe(200);
    const future = await insertAppointment(
      suite.db,
      consultant,
      customer.id,
      new Date(Date.now() + 72 * HOUR),
    );
    await expectFailure(
      await postJson(
        suite.app,
        `/api/consultant-portal/appointments/${future.id}/complete`,
        {},
        { token: account.token },
      ),
      409,
    );
  });

  it("answers 404 for another consultant's appointment and leaves it unmarked", async () => {
    const theirs = await insertAppointment(suite.db, other, customer.id, new Date(Date.now() - 4 * HOUR));
    await expectFailure(
      await postJson(
        suite.app,
        `/api/consultant-portal/appointments/${theirs.id}/complete`,
        {},
        { token: account.token },
      ),
      404,
    );
    const [row] = await suite.db.select().from(appointments).where(eq(appointments.id, theirs.id));
    expect(row!.completedAt).toBeNull();
  });
});
