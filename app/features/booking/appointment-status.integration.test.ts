import { appointments } from "@db/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { DatabaseHandle } from "~/infra/db.server";
import { createConsultant } from "../../../tests/setup/factories";
import { insertAppointment, insertCustomer } from "../../../tests/setup/staff-appointments";
import { createTestDatabase } from "../../../tests/setup/test-database";
import { appointmentStatus } from "./appointment-status";

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

it("the database's status column says what appointmentStatus says, for every combination of times", async () => {
  const consultant = await createConsultant(database.db, { name: "Status Consultant" });
  const customer = await insertCustomer(database.db, "Status Customer", "status.customer@example.com");
  const at = new Date("2027-05-04T17:30:00.000Z");
  const fields = ["cancelledAt", "paidAt", "completedAt", "noShowAt"] as const;
  let checked = 0;
  for (let mask = 0; mask < 2 ** fields.length; mask += 1) {
    const times = Object.fromEntries(fields.map((field, bit) => [field, mask & (1 << bit) ? at : null]));
    // The schema refuses an appointment that both took place and went unattended.
    if (times.completedAt && times.noShowAt) continue;
    const row = await insertAppointment(
      database.db,
      consultant,
      customer,
      new Date(at.getTime() + mask * 3_600_000),
      times,
    );
    const [stored] = await database.db
      .select({ status: appointments.status })
      .from(appointments)
      .where(eq(appointments.id, row.id));
    expect(stored?.status, JSON.stringify(times)).toBe(appointmentStatus(row));
    checked += 1;
  }
  expect(checked).toBe(12);
});
