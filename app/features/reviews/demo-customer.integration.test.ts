import { seedDatabase } from "@db/seed";
import { afterAll, beforeAll, expect, it } from "vitest";
import { demoStaffDataset } from "~/features/accounts/staff-accounts.server";
import type { DatabaseHandle } from "~/infra/db.server";
import { getWith, postJson, type RequestTarget } from "../../../tests/setup/factories";
import { createTestApp } from "../../../tests/setup/test-app";
import { createTestDatabase } from "../../../tests/setup/test-database";
import { demoCustomerAccount, demoCustomerDataset } from "./demo-customer.server";

let database: DatabaseHandle;
let app: RequestTarget;

beforeAll(async () => {
  database = await createTestDatabase();
  app = createTestApp(database).app;
});
afterAll(async () => {
  await database.close();
});

it("demo mode's customer signs in with the published password, once, and can review their past consultation", async () => {
  await seedDatabase(database.db);
  expect(await seedDatabase(database.db, [demoStaffDataset, demoCustomerDataset])).toEqual([
    "demo-staff",
    "demo-customer",
  ]);
  expect(await seedDatabase(database.db, [demoStaffDataset, demoCustomerDataset])).toEqual([]);

  const login = await postJson(app, "/api/user/login", {
    email: demoCustomerAccount.email,
    password: demoCustomerAccount.password,
  });
  expect(login.status).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const listed = (await (await getWith(app, "/api/user/appointments", { token })).json()) as {
    appointments: { _id: string; isCompleted: boolean; docData: { name: string } }[];
  };
  expect(listed.appointments).toHaveLength(1);
  const [past] = listed.appointments;
  expect(past?.isCompleted).toBe(true);

  const reviewed = await postJson(
    app,
    "/api/user/reviews",
    { appointmentId: past!._id, rating: 5 },
    { token },
  );
  expect(reviewed.status).toBe(201);
});
