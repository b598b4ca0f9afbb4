import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { specialityNames } from "~/content/specialities";
import type { DatabaseHandle } from "~/infra/db.server";
import { createTestDatabase } from "../tests/setup/test-database";
import { consultants, projects, projectTypes } from "./schema";
import { demoDatasets, seedDatabase } from "./seed";

let database: DatabaseHandle;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.close();
});

describe("seedDatabase", () => {
  it("fills an empty database with the demo data", async () => {
    expect(await seedDatabase(database.db)).toEqual(["projects", "consultants"]);
    expect(await database.db.select().from(projectTypes)).toHaveLength(3);
    expect(await database.db.select().from(projects)).toHaveLength(8);
    const seededConsultants = await database.db.select().from(consultants);
    expect(seededConsultants.length).toBeGreaterThanOrEqual(16);
    for (const speciality of specialityNames) {
      expect(
        seededConsultants.filter((consultant) => consultant.speciality === speciality).length,
      ).toBeGreaterThanOrEqual(2);
    }
    expect(seededConsultants.some((consultant) => !consultant.available)).toBe(true);
  });

  it("runs once and never overwrites what staff changed afterwards", async () => {
    await seedDatabase(database.db);
    const [first] = await database.db.select().from(projects).limit(1);
    await database.db.update(projects).set({ name: "Renamed by staff" }).where(eq(projects.id, first!.id));
    await database.db.delete(projects).where(eq(projects.type, "small-business"));

    expect(await seedDatabase(database.db)).toEqual([]);
    const [again] = await database.db.select().from(projects).where(eq(projects.id, first!.id));
    expect(again?.name).toBe("Renamed by staff");
    expect(await database.db.select().from(projects)).toHaveLength(6);
  });

  it("loads a dataset added later into a database seeded before it existed", async () => {
    await seedDatabase(database.db, demoDatasets.slice(0, 1));
    expect(await database.db.select().from(consultants)).toHaveLength(0);
    expect(await seedDatabase(database.db)).toEqual(["consultants"]);
    expect((await database.db.select().from(consultants)).length).toBeGreaterThanOrEqual(16);
  });

  it("seeds exactly once when several processes start together", async () => {
    const results = await Promise.all([1, 2, 3, 4].map(() => seedDatabase(database.db)));
    expect(results.flat().sort()).toEqual(["consultants", "projects"]);
    expect(await database.db.select().from(projects)).toHaveLength(8);
  });
});
