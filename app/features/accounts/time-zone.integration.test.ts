import { users } from "@db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appSuite } from "../../../tests/setup/app-suite";
import { GOOD_PASSWORD, postJson, uniqueEmail } from "../../../tests/setup/factories";
import { getProfile, updateProfile } from "./profile.server";

const suite = appSuite();

async function zoneOf(email: string): Promise<string | null | undefined> {
  const [row] = await suite.db.select().from(users).where(eq(users.email, email));
  return row?.timeZone;
}

function register(email: string, timeZone?: string) {
  return postJson(suite.app, "/api/user/register", {
    name: "Zone Keeper",
    email,
    password: GOOD_PASSWORD,
    timeZone,
  });
}

describe("the customer's time zone", () => {
  it("is kept from the browser at sign-up; an unknown one is dropped, never refused", async () => {
    const kolkata = uniqueEmail("kolkata");
    expect((await register(kolkata, "Asia/Kolkata")).status).toBe(201);
    expect(await zoneOf(kolkata)).toBe("Asia/Kolkata");

    // Browsers still report some zones by their old names; the account keeps the current one.
    const calcutta = uniqueEmail("calcutta");
    expect((await register(calcutta, "Asia/Calcutta")).status).toBe(201);
    expect(await zoneOf(calcutta)).toBe("Asia/Kolkata");

    for (const nonsense of ["Mars/Olympus_Mons", "IST", "<script>"]) {
      const email = uniqueEmail("nonsense");
      expect((await register(email, nonsense)).status, nonsense).toBe(201);
      expect(await zoneOf(email)).toBeNull();
    }
  });

  it("is learnt at sign-in by an account that has none, and never overwrites one it has", async () => {
    const email = uniqueEmail("later");
    expect((await register(email)).status).toBe(201);
    expect(await zoneOf(email)).toBeNull();
    const logIn = (timeZone: string) =>
      postJson(suite.app, "/api/user/login", { email, password: GOOD_PASSWORD, timeZone });
    expect((await logIn("America/Los_Angeles")).status).toBe(200);
    expect(await zoneOf(email)).toBe("America/Los_Angeles");
    expect((await logIn("Europe/Berlin")).status).toBe(200);
    expect(await zoneOf(email)).toBe("America/Los_Angeles");
  });

  it("is changed on the profile; an unknown zone is refused with a sentence and changes nothing", async () => {
    const email = uniqueEmail("profile");
    expect((await register(email, "Asia/Kolkata")).status).toBe(201);
    const [user] = await suite.db.select().from(users).where(eq(users.email, email));
    const base = { name: "Zone Keeper" };
    await updateProfile(suite.db, user!.id, { ...base, timeZone: "Europe/Lisbon" });
    expect((await getProfile(suite.db, user!.id)).timeZone).toBe("Europe/Lisbon");

    await expect(updateProfile(suite.db, user!.id, { ...base, timeZone: "Lisbon" })).rejects.toMatchObject({
      kind: "invalid",
      fieldErrors: { timeZone: "Please choose a time zone from the list." },
    });
    // A form without the field (the old clients' profile form) keeps the zone.
    await updateProfile(suite.db, user!.id, { ...base, name: "Zone Renamed" });
    expect(await getProfile(suite.db, user!.id)).toMatchObject({
      name: "Zone Renamed",
      timeZone: "Europe/Lisbon",
    });
  });
});
