import { snapshotOf } from "~/features/consultants/consultants.server";
import type { Database } from "~/infra/db.server";
import { type Appointment, appointments, type Consultant } from "../../db/schema";

/** An appointment written straight to the table at the given start, past or future, bypassing the booking rules. */
export async function appointmentAt(
  db: Database,
  consultant: Consultant,
  userId: string,
  startsAt: Date,
  overrides: Partial<Appointment> = {},
): Promise<Appointment> {
  const [row] = await db
    .insert(appointments)
    .values({
      userId,
      consultantId: consultant.id,
      startsAt,
      amountCents: consultant.feeCents,
      currency: consultant.currency,
      consultantSnapshot: snapshotOf(consultant),
      ...overrides,
    })
    .returning();
  return row!;
}
