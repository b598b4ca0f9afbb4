import { projects } from "@db/schema";
import { seedDatabase } from "@db/seed";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAuditEntries } from "~/features/audit/audit.server";
import type { DatabaseHandle } from "~/infra/db.server";
import {
  createUserWithRole,
  getWith,
  type RequestTarget,
  type RoleUser,
} from "../../../tests/setup/factories";
import { pictureUpload, storedPictureBytes, storedPicturePaths } from "../../../tests/setup/pictures";
import { createTestApp } from "../../../tests/setup/test-app";
import { createTestDatabase } from "../../../tests/setup/test-database";
import { findProject, listProjectTypes } from "./projects.server";
import {
  createProject,
  createProjectType,
  findAdminProject,
  setProjectArchived,
  setProjectTypeArchived,
  updateProject,
  updateProjectType,
} from "./projects-admin.server";

let database: DatabaseHandle;
let app: RequestTarget;
let staff: RoleUser;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase(database.db);
  app = createTestApp(database).app;
  staff = await createUserWithRole(database.db, "admin");
});
afterAll(async () => {
  await database.close();
});

async function photo(): Promise<Uint8Array> {
  const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: "#7c3aed" } })
    .png()
    .toBuffer();
  return new Uint8Array(png);
}

const fields = {
  name: "Lakeside Co-working",
  summary: "A shared office by the lake for small teams.",
  status: "active",
  type: "small-business",
  roiPercent: "9.75",
};

async function publicProjectNames(query = ""): Promise<string[]> {
  const response = await getWith(app, `/api/project${query}`);
  const body = (await response.json()) as { projects: { name: string }[] };
  return body.projects.map((project) => project.name);
}

describe("staff managing projects", () => {
  it("create one with a picture stored as a 4:3 WebP; visitors see it; every change is audited", async () => {
    const { projectId } = await createProject(
      database.db,
      staff,
      fields,
      pictureUpload(await photo(), staff.id),
      new Date(),
    );
    const created = await findAdminProject(database.db, projectId);
    expect(created).toMatchObject({ name: fields.name, roiBasisPoints: 975, version: 1 });
    expect(created!.image).toMatch(/^\/uploads\/[0-9a-f-]+\.webp$/);
    const stored = await storedPictureBytes(database.db, created!.image);
    expect(stored).toBeDefined();
    expect(await sharp(stored!).metadata()).toMatchObject({ format: "webp", width: 800, height: 600 });
    expect(await publicProjectNames()).toContain(fields.name);

    const [entry] = (await listAuditEntries(database.db, { targetId: projectId })).entries;
    expect(entry).toMatchObject({
      action: "project.create",
      after: { name: fields.name, roiBasisPoints: 975 },
    });
  });

  it("refuses a project without a picture, with a bad return or a type that is not offered, writing nothing", async () => {
    const before = (await database.db.select().from(projects)).length;
    await expect(createProject(database.db, staff, fields, undefined, new Date())).rejects.toMatchObject({
      kind: "invalid",
      fieldErrors: { image: "Please choose a picture for the project." },
    });
    const picture = pictureUpload(await photo(), staff.id);
    await expect(
      createProject(database.db, staff, { ...fields, roiPercent: "lots" }, picture, new Date()),
    ).rejects.toMatchObject({ kind: "invalid", fieldErrors: { roiPercent: expect.any(String) } });
    await expect(
      createProject(database.db, staff, { ...fields, type: "space-travel" }, picture, new Date()),
    ).rejects.toMatchObject({ kind: "invalid", fieldErrors: { type: expect.any(String) } });
    await expect(
      createProject(
        database.db,
        staff,
        fields,
        pictureUpload(new TextEncoder().encode("not a picture"), staff.id),
        new Date(),
      ),
    ).rejects.toMatchObject({ kind: "invalid", fieldErrors: { image: expect.any(String) } });
    expect((await database.db.select().from(projects)).length).toBe(before);
  });

  it("saves an edit once, and tells the second editor of the same version instead of overwriting", async () => {
    const { projectId } = await createProject(
      database.db,
      staff,
      { ...fields, name: "Edited Twice" },
      pictureUpload(await photo(), staff.id),
      new Date(),
    );
    await updateProject(
      database.db,
      staff,
      projectId,
      { ...fields, name: "First Edit", version: "1" },
      undefined,
      new Date(),
    );
    await expect(
      updateProject(
        database.db,
        staff,
        projectId,
        { ...fields, name: "Second Edit", version: "1" },
        undefined,
        new Date(),
      ),
    ).rejects.toMatchObject({
      kind: "conflict",
      message: expect.stringContaining("changed by someone else"),
    });
    const saved = await findAdminProject(database.db, projectId);
    expect(saved).toMatchObject({ name: "First Edit", version: 2 });
    const [entry] = (await listAuditEntries(database.db, { targetId: projectId })).entries;
    expect(entry).toMatchObject({
      action: "project.update",
      before: { name: "Edited Twice" },
      after: { name: "First Edit" },
    });
  });

  it("a new picture replaces the old one, whose file is deleted once the edit is saved", async () => {
    const { projectId } = await createProject(
      database.db,
      staff,
      { ...fields, name: "New Picture" },
      pictureUpload(await photo(), staff.id),
      new Date(),
    );
    const first = (await findAdminProject(database.db, projectId))!.image;
    const edit = async (version: string) =>
      updateProject(
        database.db,
        staff,
        projectId,
        { ...fields, name: "New Picture", version },
        pictureUpload(await photo(), staff.id),
        new Date(),
      );
    await edit("1");
    const second = (await findAdminProject(database.db, projectId))!.image;
    expect(second).not.toBe(first);
    expect(await storedPicturePaths(database.db)).toContain(second);
    expect(await storedPicturePaths(database.db)).not.toContain(first);

    // A refused edit keeps the shown picture and leaves no new file behind.
    const filesBefore = await storedPicturePaths(database.db);
    await expect(edit("1")).rejects.toMatchObject({ kind: "conflict" });
    expect(await storedPicturePaths(database.db)).toEqual(filesBefore);
  });

  it("archiving hides a project from the lists, its page and the API; restoring shows it again", async () => {
    const { projectId } = await createProject(
      database.db,
      staff,
      { ...fields, name: "Soon Archived" },
      pictureUpload(await photo(), staff.id),
      new Date(),
    );
    await setProjectArchived(database.db, staff, projectId, true, 1, new Date());
    expect(await publicProjectNames()).not.toContain("Soon Archived");
    expect(await publicProjectNames("/type/small-business")).not.toContain("Soon Archived");
    expect(await findProject(database.db, projectId)).toBeUndefined();
    // A stale version is refused.
    await expect(
      setProjectArchived(database.db, staff, projectId, false, 1, new Date()),
    ).rejects.toMatchObject({
      kind: "conflict",
    });
    await setProjectArchived(database.db, staff, projectId, false, 2, new Date());
    expect(await publicProjectNames()).toContain("Soon Archived");
  });
});

describe("staff managing project types", () => {
  it("add, rename and archive a type; an archived type is not offered to visitors or for new projects", async () => {
    await createProjectType(
      database.db,
      staff,
      { type: "Green-Tech", label: "Green Tech", sortOrder: "7" },
      new Date(),
    );
    expect(await listProjectTypes(database.db)).toContainEqual({ type: "green-tech", label: "Green Tech" });
    await expect(
      createProjectType(
        database.db,
        staff,
        { type: "green-tech", label: "Again", sortOrder: "1" },
        new Date(),
      ),
    ).rejects.toMatchObject({ kind: "conflict" });

    await updateProjectType(
      database.db,
      staff,
      { type: "green-tech", label: "Clean Technology", sortOrder: "7" },
      { label: "Green Tech", sortOrder: "7" },
      new Date(),
    );
    await expect(
      updateProjectType(
        database.db,
        staff,
        { type: "green-tech", label: "Stale", sortOrder: "7" },
        { label: "Green Tech", sortOrder: "7" },
        new Date(),
      ),
    ).rejects.toMatchObject({ kind: "conflict" });

    await setProjectTypeArchived(database.db, staff, "green-tech", true, new Date());
    expect((await listProjectTypes(database.db)).map((type) => type.type)).not.toContain("green-tech");
    const typesAnswer = (await (await getWith(app, "/api/project/types")).json()) as {
      types: { type: string }[];
    };
    expect(typesAnswer.types.map((type) => type.type)).not.toContain("green-tech");
    await expect(
      createProject(
        database.db,
        staff,
        { ...fields, type: "green-tech" },
        pictureUpload(await photo(), staff.id),
        new Date(),
      ),
    ).rejects.toMatchObject({ kind: "invalid", fieldErrors: { type: expect.any(String) } });
    const entries = (
      await listAuditEntries(database.db, { targetType: "project-type", targetId: "green-tech" })
    ).entries;
    expect(entries.map((entry) => entry.action)).toEqual([
      "project-type.archive",
      "project-type.update",
      "project-type.create",
    ]);
    const [seeded] = await database.db
      .select()
      .from(projects)
      .where(eq(projects.type, "real-estate"))
      .limit(1);
    expect(seeded).toBeDefined();
  });
});
