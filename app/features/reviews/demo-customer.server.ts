import { appointments, consultants, users } from "@db/schema";
import { eq } from "drizzle-orm";
import { hashPassword } from "~/features/accounts/password.server";
import { snapshotOf } from "~/features/consultants/consultants.server";
import { SLOT_MINUTES } from "~/features/slot-grid/slots";
import type { Transaction } from "~/infra/db.server";

/** Demo mode's customer; README "Staff area" prints the same. */
export const demoCustomerAccount = {
  name: "Demo Customer",
  email: "demo-customer@example.com",
  password: "demo-customer-pass-2026",
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Demo mode's customer with one consultation that took place two days before the first start,
 * with the demo consultant's profile, so writing a review (and seeing it on the consultant's page
 * and schedule) can be tried at once instead of after a booked time has come. Runs after the
 * demo staff dataset; loaded once, like the other demo data.
 */
export const demoCustomerDataset = {
  name: "demo-customer",
  load: async (transaction: Transaction): Promise<void> => {
    const [linked] = await transaction
      .select({ consultant: consultants })
      .from(users)
      .innerJoin(consultants, eq(consultants.id, users.consultantId))
      .where(eq(users.email, "demo-consultant@example.com"));
    const [customer] = await transaction
      .insert(users)
      .values({
        name: demoCustomerAccount.name,
        email: demoCustomerAccount.email,
        passwordHash: await hashPassword(demoCustomerAccount.password),
        role: "investor",
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!linked || !customer) return;
    const slotMs = SLOT_MINUTES * 60_000;
    const startsAt = new Date(Math.floor((Date.now() - 2 * DAY_MS) / slotMs) * slotMs);
    const snapshot = snapshotOf(linked.consultant);
    await transaction.insert(appointments).values({
      userId: customer.id,
      consultantId: linked.consultant.id,
      startsAt,
      amountCents: snapshot.feeCents,
      currency: snapshot.currency,
      consultantSnapshot: snapshot,
      paidAt: new Date(startsAt.getTime() - DAY_MS),
      completedAt: new Date(startsAt.getTime() + slotMs),
    });
  },
};
