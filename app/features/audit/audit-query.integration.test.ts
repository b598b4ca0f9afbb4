import { beforeAll, describe, expect, it } from "vitest";
import { appSuite } from "../../../tests/setup/app-suite";
import { accountForFile, expectFailure, getWith } from "../../../tests/setup/factories";
import { recordAudit } from "./audit.server";

const suite = appSuite();
const staff = accountForFile(suite, "admin");

beforeAll(async () => {
  const actor = { id: staff.id, email: staff.email };
  // Late evening in New York on March 9 is already March 10 in UTC: days are the agency's.
  await recordAudit(
    suite.db,
    actor,
    {
      action: "project.update",
      targetType: "project",
      targetId: "p-1",
      before: { name: "Old" },
      after: { name: "New" },
    },
    new Date("2027-03-10T03:30:00Z"),
  );
  await recordAudit(
    suite.db,
    { id: staff.id, email: "other-staff@example.com" },
    { action: "user.disable", targetType: "user", targetId: "u-1", summary: "u-1: disabled" },
    new Date("2027-03-11T15:00:00Z"),
  );
});

type Entries = { entries: { at: string; actor: { email: string }; action: string; target: unknown }[] };

async function entries(query: string): Promise<Entries["entries"]> {
  const response = await getWith(suite.app, `/api/admin/audit${query}`, { token: staff.token });
  expect(response.status).toBe(200);
  return ((await response.json()) as Entries).entries;
}

describe("GET /api/admin/audit", () => {
  it("lists entries newest first as at, actor, action and target, with what changed", async () => {
    const listed = await entries("");
    expect(listed.map((entry) => entry.action)).toEqual(["user.disable", "project.update"]);
    expect(listed[1]).toMatchObject({
      at: "2027-03-10T03:30:00.000Z",
      actor: { _id: staff.id, email: staff.email },
      action: "project.update",
      target: { type: "project", _id: "p-1" },
      before: { name: "Old" },
      after: { name: "New" },
    });
  });

  it("filters by action, kind of record, actor and days in the agency's zone", async () => {
    expect((await entries("?action=user.disable")).map((entry) => entry.action)).toEqual(["user.disable"]);
    expect((await entries("?targetType=project")).map((entry) => entry.action)).toEqual(["project.update"]);
    expect((await entries("?actor=OTHER-staff")).map((entry) => entry.action)).toEqual(["user.disable"]);
    expect((await entries("?from=2027-03-09&to=2027-03-09")).map((entry) => entry.action)).toEqual([
      "project.update",
    ]);
    expect(await entries("?from=2027-03-10&to=2027-03-10")).toEqual([]);
    expect((await entries("?from=2027-03-11")).map((entry) => entry.action)).toEqual(["user.disable"]);
  });

  it("answers a bad filter with a sentence", async () => {
    await expectFailure(
      await getWith(suite.app, "/api/admin/audit?from=yesterday", { token: staff.token }),
      400,
    );
    await expectFailure(
      await getWith(suite.app, "/api/admin/audit?from=2027-03-11&to=2027-03-01", { token: staff.token }),
      400,
    );
    await expectFailure(await getWith(suite.app, "/api/admin/audit?page=0", { token: staff.token }), 400);
  });
});
