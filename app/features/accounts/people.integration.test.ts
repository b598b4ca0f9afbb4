import { randomUUID } from "node:crypto";
import { auditLog, outbox, users } from "@db/schema";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listAuditEntries } from "~/features/audit/audit.server";
import { appSuite } from "../../../tests/setup/app-suite";
import {
  accountForFile,
  createConsultant,
  createUserWithRole,
  expectFailure,
  GOOD_PASSWORD,
  getWith,
  postJson,
  type RequestTarget,
  signUp as signUpThroughApi,
} from "../../../tests/setup/factories";
import { resetPassword } from "./password-reset.server";
import { findPerson, listPeople, updatePerson } from "./people.server";

const suite = appSuite();
const staff = accountForFile(suite, "admin", { name: "Head of staff" });

function patchUser(userId: string, body: unknown, token = staff.token): Promise<Response> {
  return Promise.resolve(
    suite.app.request(`/api/admin/users/${userId}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json", token, "X-Forwarded-For": "10.77.0.1" },
      body: JSON.stringify(body),
    }),
  );
}

function logIn(email: string, password: string, address = `10.78.${Math.floor(Math.random() * 250)}.1`) {
  return postJson(suite.app, "/api/user/login", { email, password }, { address });
}

async function entriesFor(targetId: string) {
  return (await listAuditEntries(suite.db, { targetId })).entries;
}

/** A customer signed up through the API, with their account's id. */
async function signUp(target: RequestTarget) {
  const account = await signUpThroughApi(target);
  const [row] = await suite.db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
  return { ...account, id: row!.id };
}

const lockSettings = () => ({ failedLoginsPerAccount: 5, now: new Date() });

describe("disabling an account", () => {
  it("ends its sessions at once: the next request with its token is refused, and it cannot log in", async () => {
    const customer = await signUp(suite.app);
    expect((await getWith(suite.app, "/api/user/get-profile", { token: customer.token })).status).toBe(200);

    const response = await patchUser(customer.id, { disabled: true });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: true });

    await expectFailure(await getWith(suite.app, "/api/user/get-profile", { token: customer.token }), 401);
    await expectFailure(await logIn(customer.email, customer.password), 403);
    const [entry] = await entriesFor(customer.id);
    expect(entry).toMatchObject({
      action: "user.disable",
      actorEmail: staff.email,
      before: { disabled: false },
      after: { disabled: true },
    });

    expect((await patchUser(customer.id, { disabled: false })).status).toBe(200);
    // Enabling does not bring the ended sessions back; signing in again works.
    await expectFailure(await getWith(suite.app, "/api/user/get-profile", { token: customer.token }), 401);
    expect((await logIn(customer.email, customer.password)).status).toBe(200);
    expect((await entriesFor(customer.id))[0]).toMatchObject({ action: "user.enable" });
  });
});

describe("staff protecting themselves and the agency", () => {
  it("refuses to let staff disable themselves or give up their own staff role", async () => {
    await expectFailure(await patchUser(staff.id, { disabled: true }), 409);
    await expectFailure(await patchUser(staff.id, { role: "investor" }), 409);
    const [row] = await suite.db.select().from(users).where(eq(users.id, staff.id));
    expect(row).toMatchObject({ role: "admin", disabledAt: null });
  });

  it("keeps the last active staff account, even when someone else asks", async () => {
    const colleague = await createUserWithRole(suite.db, "admin");
    // Two staff: one may demote the other.
    expect((await patchUser(colleague.id, { role: "borrower" })).status).toBe(200);
    const [remaining] = await suite.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, "admin")));
    expect(remaining?.id).toBe(staff.id);
    // Nobody may remove the only one left (here a script acting for the agency).
    const outsider = { id: randomUUID(), email: "script@example.com" };
    await expect(
      updatePerson(suite.db, outsider, staff.id, { disabled: true }, new Date()),
    ).rejects.toMatchObject({
      kind: "conflict",
      message: expect.stringContaining("at least one active staff account"),
    });
    await expect(
      updatePerson(suite.db, outsider, staff.id, { role: "consultant" }, new Date()),
    ).rejects.toMatchObject({ kind: "conflict" });
  });

  it("tells a second editor that the account changed meanwhile instead of overwriting", async () => {
    const customer = await createUserWithRole(suite.db, "investor");
    const seen = await findPerson(suite.db, customer.id, lockSettings());
    await updatePerson(
      suite.db,
      staff,
      customer.id,
      { role: "borrower", version: seen!.version },
      new Date(),
    );
    await expect(
      updatePerson(suite.db, staff, customer.id, { disabled: true, version: seen!.version }, new Date()),
    ).rejects.toMatchObject({
      kind: "conflict",
      message: expect.stringContaining("changed by someone else"),
    });
    const [row] = await suite.db.select().from(users).where(eq(users.id, customer.id));
    expect(row).toMatchObject({ role: "borrower", disabledAt: null });
  });
});

describe("roles and consultant links", () => {
  it("needs an existing, unlinked consultant profile for the consultant role", async () => {
    const person = await createUserWithRole(suite.db, "investor");
    await expectFailure(await patchUser(person.id, { role: "consultant" }), 400);
    await expectFailure(await patchUser(person.id, { role: "consultant", consultantId: randomUUID() }), 400);
    const taken = await createUserWithRole(suite.db, "consultant");
    const refused = await expectFailure(
      await patchUser(person.id, { role: "consultant", consultantId: taken.consultantId }),
      409,
    );
    expect(refused.message).toContain(taken.email);

    const profile = await createConsultant(suite.db);
    expect((await patchUser(person.id, { role: "consultant", consultantId: profile.id })).status).toBe(200);
    const [row] = await suite.db.select().from(users).where(eq(users.id, person.id));
    expect(row).toMatchObject({ role: "consultant", consultantId: profile.id });
    expect((await entriesFor(person.id))[0]).toMatchObject({
      action: "user.update",
      before: { role: "investor", consultantId: null },
      after: { role: "consultant", consultantId: profile.id },
    });

    // Leaving the consultant role drops the link, so the profile can be linked to someone else.
    expect((await patchUser(person.id, { role: "investor" })).status).toBe(200);
    const [after] = await suite.db.select().from(users).where(eq(users.id, person.id));
    expect(after).toMatchObject({ role: "investor", consultantId: null });
  });

  it("answers bad input and unknown accounts with a sentence", async () => {
    await expectFailure(await patchUser(randomUUID(), { disabled: true }), 404);
    await expectFailure(await patchUser("not-an-id", { disabled: true }), 404);
    const person = await createUserWithRole(suite.db, "investor");
    await expectFailure(await patchUser(person.id, {}), 400);
    await expectFailure(await patchUser(person.id, { role: "emperor" }), 400);
    await expectFailure(await patchUser(person.id, { disabled: "yes" }), 400);
  });
});

describe("lifting the failed-login waits", () => {
  it("lets the address that failed try again at once", async () => {
    const customer = await signUp(suite.app);
    const address = "10.79.0.1";
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await logIn(customer.email, "not the password at all", address)).status).toBe(401);
    }
    // The address that failed must now wait, even with the right password.
    expect((await logIn(customer.email, customer.password, address)).status).toBe(429);
    const before = await listPeople(suite.db, { q: customer.email, page: 1 }, lockSettings());
    expect(before.people[0]).toMatchObject({ id: customer.id, locked: true });

    const lifted = await postJson(
      suite.app,
      `/api/admin/users/${customer.id}/unlock`,
      {},
      { token: staff.token },
    );
    expect(lifted.status).toBe(200);
    expect((await logIn(customer.email, customer.password, address)).status).toBe(200);
    const after = await listPeople(suite.db, { q: customer.email, page: 1 }, lockSettings());
    expect(after.people[0]).toMatchObject({ locked: false });
    expect((await entriesFor(customer.id))[0]).toMatchObject({ action: "user.unlock" });
  });
});

describe("inviting staff and consultants", () => {
  async function invitationLinkFor(email: string): Promise<string> {
    const [mail] = await suite.db.select().from(outbox).where(eq(outbox.recipient, email));
    expect(mail).toMatchObject({ kind: "invitation", subject: "You are invited to VA Hub" });
    const link = mail!.textBody.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0];
    expect(link).toBeDefined();
    return decodeURIComponent(new URL(link!).searchParams.get("token")!);
  }

  it("creates a consultant account nobody can enter until the e-mailed link sets its password, once", async () => {
    const profile = await createConsultant(suite.db);
    const email = `new-consultant-${randomUUID().slice(0, 8)}@example.com`;
    const response = await postJson(
      suite.app,
      "/api/admin/users/invite",
      { email, name: "Nora Newcomer", role: "consultant", consultantId: profile.id },
      { token: staff.token },
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ success: true, message: `Invitation sent to ${email}.` });

    const [created] = await suite.db.select().from(users).where(eq(users.email, email));
    expect(created).toMatchObject({ role: "consultant", consultantId: profile.id, name: "Nora Newcomer" });
    expect((await logIn(email, GOOD_PASSWORD)).status).toBe(401);

    const token = await invitationLinkFor(email);
    expect(await resetPassword(suite.db, { token, password: GOOD_PASSWORD })).toEqual({
      purpose: "invite",
    });
    expect((await logIn(email, GOOD_PASSWORD)).status).toBe(200);
    await expect(
      resetPassword(suite.db, { token, password: "another fine pass phrase" }),
    ).rejects.toMatchObject({
      kind: "invalid",
    });

    const [entry] = await suite.db.select().from(auditLog).where(eq(auditLog.targetId, created!.id));
    expect(entry).toMatchObject({ action: "user.invite", after: { email, role: "consultant" } });
  });

  it("refuses an address that already has an account, and a consultant without a profile", async () => {
    const existing = await createUserWithRole(suite.db, "investor");
    const invite = (body: object) =>
      postJson(suite.app, "/api/admin/users/invite", body, { token: staff.token });
    await expectFailure(await invite({ email: existing.email, name: "Someone", role: "admin" }), 409);
    await expectFailure(await invite({ email: "x@example.com", name: "Someone", role: "consultant" }), 400);
    await expectFailure(await invite({ email: "y@example.com", name: "Someone", role: "investor" }), 400);
    await expectFailure(await invite({ email: "not an address", name: "Someone", role: "admin" }), 400);
    const invited = await suite.db.select().from(users).where(eq(users.email, "x@example.com"));
    expect(invited).toEqual([]);
  });
});

describe("the people list", () => {
  it("finds accounts by name or e-mail with role, KYC status and state, a page at a time", async () => {
    const tagged = await createUserWithRole(suite.db, "borrower", { name: "Zebulon Quartz" });
    const answer = await getWith(suite.app, "/api/admin/users?q=zebulon", { token: staff.token });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { users: Record<string, unknown>[]; hasMore: boolean };
    expect(body.users).toEqual([
      expect.objectContaining({
        _id: tagged.id,
        name: "Zebulon Quartz",
        email: tagged.email,
        role: "borrower",
        kycStatus: null,
        disabled: false,
        locked: false,
      }),
    ]);
    expect(body.hasMore).toBe(false);

    const firstPage = await listPeople(suite.db, { page: 1 }, lockSettings());
    expect(firstPage.people.length).toBeLessThanOrEqual(25);
    const admins = await listPeople(suite.db, { role: "admin", page: 1 }, lockSettings());
    expect(admins.people.every((person) => person.role === "admin")).toBe(true);
  });
});
