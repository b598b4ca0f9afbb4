import { sessions, users } from "@db/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, findSessionUser } from "~/features/accounts/sessions.server";
import type { DatabaseHandle } from "~/infra/db.server";
import {
  createUserWithRole,
  createUserWithSession,
  getWith,
  postJson,
  type RequestTarget,
  type RoleUser,
} from "../../tests/setup/factories";
import { createTestApp } from "../../tests/setup/test-app";
import { createTestDatabase } from "../../tests/setup/test-database";
import { type KeptSessions, keptSessionUser, startKeepingSessions } from "./sessions.server";

let database: DatabaseHandle;
let app: RequestTarget;
let keptSessions: KeptSessions | undefined;
let stopKeeping: () => Promise<void>;
let staff: RoleUser;

beforeAll(async () => {
  database = await createTestDatabase();
  const keeping = await startKeepingSessions(database);
  keptSessions = keeping.keptSessions;
  stopKeeping = keeping.stop;
  app = createTestApp(database, { kept: { sessions: keptSessions } }).app;
  staff = await createUserWithRole(database.db, "admin");
});
afterAll(async () => {
  await stopKeeping();
  await database.close();
});

async function profileStatus(token: string): Promise<number> {
  return (await getWith(app, "/api/user/get-profile", { token })).status;
}

/** The same behaviour on both databases: only the embedded one keeps sessions (its notices arrive with each commit). */
describe("kept sessions", () => {
  it("are kept on the embedded database only", () => {
    expect(keptSessions !== undefined).toBe(database.noticesArriveWithCommit);
  });

  it("refuse a token from the request after its sign-out", async () => {
    const person = await createUserWithSession(database.db, "kept");
    expect(await profileStatus(person.token)).toBe(200);
    expect(await profileStatus(person.token)).toBe(200);
    const signOut = await postJson(app, "/api/user/logout", {}, { token: person.token });
    expect(signOut.status).toBe(200);
    expect(await profileStatus(person.token)).toBe(401);
  });

  it("refuse a disabled account's token at once, and keep the other accounts' sessions", async () => {
    const person = await createUserWithSession(database.db, "disabled");
    const bystander = await createUserWithSession(database.db, "bystander");
    expect(await profileStatus(person.token)).toBe(200);
    expect(await profileStatus(bystander.token)).toBe(200);
    const disabling = await Promise.resolve(
      app.request(`/api/admin/users/${person.id}`, {
        method: "PATCH",
        headers: { "Content-Type": "application/json", token: staff.token, "X-Forwarded-For": "10.91.0.1" },
        body: JSON.stringify({ disabled: true }),
      }),
    );
    expect(disabling.status).toBe(200);
    expect(await profileStatus(person.token)).toBe(401);
    expect(await profileStatus(bystander.token)).toBe(200);
  });

  it("see a change written straight to the database, by any code, from the next request", async () => {
    const person = await createUserWithSession(database.db, "direct");
    expect(await profileStatus(person.token)).toBe(200);
    await database.db.update(users).set({ name: "Renamed By Hand" }).where(eq(users.id, person.id));
    const profile = await getWith(app, "/api/user/get-profile", { token: person.token });
    expect(((await profile.json()) as { userData: { name: string } }).userData.name).toBe("Renamed By Hand");
    await database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, person.id));
    expect(await profileStatus(person.token)).toBe(401);
  });

  it("end when the session expires, even while kept", async () => {
    const person = await createUserWithSession(database.db, "expiring");
    const now = new Date();
    const { token } = await createSession(database.db, person.id, 1 / 86_400, now);
    const userAt = (at: Date) =>
      keptSessions
        ? keptSessionUser(keptSessions, database.db, token, at)
        : findSessionUser(database.db, token, at);
    expect((await userAt(now))?.id).toBe(person.id);
    const twoSecondsLater = new Date(now.getTime() + 2_000);
    expect(await userAt(twoSecondsLater)).toBeUndefined();
  });
});
