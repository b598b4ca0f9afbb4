import { users } from "@db/schema";
import { seedDatabase } from "@db/seed";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAuditEntries } from "~/features/audit/audit.server";
import type { DatabaseHandle } from "~/infra/db.server";
import {
  createUserWithRole,
  GOOD_PASSWORD,
  getWith,
  postJson,
  type RequestTarget,
} from "../../../tests/setup/factories";
import { createTestApp } from "../../../tests/setup/test-app";
import { createTestDatabase } from "../../../tests/setup/test-database";
import { ensureAdminAccount } from "./accounts.server";
import { resetPassword } from "./password-reset.server";
import { createOrPromoteAdmin, demoStaffAccounts, demoStaffDataset } from "./staff-accounts.server";

let database: DatabaseHandle;
let app: RequestTarget;
const publicUrl = "https://va.example.com";

beforeAll(async () => {
  database = await createTestDatabase();
  app = createTestApp(database).app;
});
afterAll(async () => {
  await database.close();
});

function tokenOf(link: string): string {
  expect(link.startsWith(`${publicUrl}/reset-password?token=`)).toBe(true);
  return new URL(link).searchParams.get("token")!;
}

async function logIn(email: string, password: string): Promise<Response> {
  return postJson(app, "/api/user/login", { email, password });
}

describe("the staff account named in settings (ADMIN_EMAIL)", () => {
  it("is made once, and a later start with another password changes nothing", async () => {
    const email = "Settings.Staff@Example.com";
    expect(await ensureAdminAccount(database.db, email, "first staff pass phrase")).toBe(true);
    const [made] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, "settings.staff@example.com"));
    expect(made?.role).toBe("admin");
    expect(await ensureAdminAccount(database.db, email, "another pass phrase now")).toBe(false);
    const [after] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, "settings.staff@example.com"));
    expect(after?.passwordHash).toBe(made?.passwordHash);
    expect((await logIn("settings.staff@example.com", "first staff pass phrase")).status).toBe(200);
  });
});

describe("npm run create-admin", () => {
  it("creates a staff account whose printed link sets the password once, then it reaches the staff API", async () => {
    const result = await createOrPromoteAdmin(database.db, "  New.Boss@Example.com ", {
      publicUrl,
      now: new Date(),
    });
    expect(result).toMatchObject({ created: true, email: "new.boss@example.com" });
    expect((await logIn("new.boss@example.com", GOOD_PASSWORD)).status).toBe(401);

    await resetPassword(database.db, { token: tokenOf(result.link), password: GOOD_PASSWORD });
    const login = await logIn("new.boss@example.com", GOOD_PASSWORD);
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    expect((await getWith(app, "/api/admin/users", { token })).status).toBe(200);
    await expect(
      resetPassword(database.db, { token: tokenOf(result.link), password: "a different pass phrase" }),
    ).rejects.toMatchObject({ kind: "invalid" });
  });

  it("promotes an existing account (enabling it again and signing it out) instead of making a second one", async () => {
    const customer = await createUserWithRole(database.db, "investor");
    await database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, customer.id));

    const result = await createOrPromoteAdmin(database.db, customer.email, { publicUrl, now: new Date() });
    expect(result.created).toBe(false);
    const [row] = await database.db.select().from(users).where(eq(users.id, customer.id));
    expect(row).toMatchObject({ role: "admin", disabledAt: null });
    // The old session does not silently gain staff rights.
    expect((await getWith(app, "/api/admin/users", { token: customer.token })).status).toBe(401);
    tokenOf(result.link);
    const [entry] = (await listAuditEntries(database.db, { targetId: customer.id })).entries;
    expect(entry).toMatchObject({
      action: "user.promote",
      before: { role: "investor", disabled: true },
      after: { role: "admin", disabled: false },
    });
  });

  it("refuses something that is not an e-mail address", async () => {
    await expect(
      createOrPromoteAdmin(database.db, "not-an-address", { publicUrl, now: new Date() }),
    ).rejects.toMatchObject({ kind: "invalid", message: "Please enter a valid e-mail address." });
  });
});

describe("demo mode's staff accounts", () => {
  it("are created once, the consultant linked to a demo consultant, and sign in with the published passwords", async () => {
    await seedDatabase(database.db);
    expect(await seedDatabase(database.db, [demoStaffDataset])).toEqual(["demo-staff"]);
    expect(await seedDatabase(database.db, [demoStaffDataset])).toEqual([]);

    const { admin, consultant } = demoStaffAccounts;
    const [consultantRow] = await database.db.select().from(users).where(eq(users.email, consultant.email));
    expect(consultantRow?.role).toBe("consultant");
    expect(consultantRow?.consultantId).toEqual(expect.any(String));
    for (const account of [admin, consultant]) {
      expect((await logIn(account.email, account.password)).status, account.email).toBe(200);
    }
  });
});
