import { randomBytes } from "node:crypto";
import { consultants, users } from "@db/schema";
import { and, asc, eq, isNull } from "drizzle-orm";
import { recordAudit } from "~/features/audit/audit.server";
import type { Database, Transaction } from "~/infra/db.server";
import { FeatureError, parseInput } from "~/lib/errors";
import { hashPassword } from "./password.server";
import { issuePasswordLink } from "./password-reset.server";
import { staffEmailSchema } from "./people-schema";
import { revokeAllSessions } from "./sessions.server";

/** How the audit log names changes made from the command line, where nobody is signed in. */
const COMMAND_LINE_ACTOR = "command line (npm run create-admin)";

/**
 * `npm run create-admin -- <email>`: makes the address a staff account and returns a one-time link
 * to set its password (a week long). A new address gets a new account; an existing one is promoted
 * to staff and enabled again, so the command also rescues an agency locked out of its staff area.
 * Its other sessions end, since whoever held them did not ask for staff rights.
 */
export async function createOrPromoteAdmin(
  db: Database,
  emailInput: string,
  options: { publicUrl: string; now: Date },
): Promise<{ created: boolean; link: string; email: string }> {
  const { email } = parseInput(staffEmailSchema, { email: emailInput });
  const unusablePassword = await hashPassword(randomBytes(32).toString("base64url"));
  return db.transaction(async (transaction) => {
    const [existing] = await transaction.select().from(users).where(eq(users.email, email)).for("update");
    let userId: string;
    if (existing) {
      userId = existing.id;
      await transaction
        .update(users)
        .set({ role: "admin", consultantId: null, disabledAt: null, updatedAt: options.now })
        .where(eq(users.id, userId));
      await revokeAllSessions(transaction, userId, options.now);
    } else {
      const [created] = await transaction
        .insert(users)
        .values({ name: "Agency staff", email, passwordHash: unusablePassword, role: "admin" })
        .returning({ id: users.id });
      userId = created!.id;
    }
    const link = await issuePasswordLink(transaction, userId, existing ? "reset" : "invite", options);
    await recordAudit(
      transaction,
      { id: userId, email: COMMAND_LINE_ACTOR },
      {
        action: existing ? "user.promote" : "user.create-admin",
        targetType: "user",
        targetId: userId,
        summary: existing
          ? `${email} made agency staff from the command line`
          : `Staff account ${email} created`,
        before: existing
          ? {
              role: existing.role,
              consultantId: existing.consultantId,
              disabled: existing.disabledAt !== null,
            }
          : undefined,
        after: { role: "admin", consultantId: null, disabled: false },
      },
      options.now,
    );
    return { created: !existing, link, email };
  });
}

/** The demo staff accounts' sign-in details; README "Staff area" prints the same. */
export const demoStaffAccounts = {
  admin: { name: "Demo Staff", email: "demo-admin@example.com", password: "demo-admin-pass-2026" },
  consultant: {
    name: "Demo Consultant",
    email: "demo-consultant@example.com",
    password: "demo-consultant-pass-2026",
  },
} as const;

/**
 * Demo mode's two staff accounts (loaded once, like the other demo data): agency staff, and a
 * consultant account linked to the first demo consultant no account speaks for yet.
 */
export const demoStaffDataset = {
  name: "demo-staff",
  load: async (transaction: Transaction): Promise<void> => {
    const [profile] = await transaction
      .select({ id: consultants.id })
      .from(consultants)
      .leftJoin(users, eq(users.consultantId, consultants.id))
      .where(and(isNull(users.id), isNull(consultants.archivedAt)))
      .orderBy(asc(consultants.name))
      .limit(1);
    if (!profile) throw new FeatureError("not-found", "Demo mode needs a consultant profile to link to.");
    const { admin, consultant } = demoStaffAccounts;
    await transaction
      .insert(users)
      .values([
        {
          name: admin.name,
          email: admin.email,
          passwordHash: await hashPassword(admin.password),
          role: "admin",
        },
        {
          name: consultant.name,
          email: consultant.email,
          passwordHash: await hashPassword(consultant.password),
          role: "consultant",
          consultantId: profile.id,
        },
      ])
      .onConflictDoNothing({ target: users.email });
  },
};
