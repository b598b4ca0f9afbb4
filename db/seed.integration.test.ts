import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/infra/db.server";
import { createTestDatabase } from "../tests/setup/test-database";
import { projects, projectTypes } from "./schema";
import { seedDatabase } from "./seed";

let database: DatabaseHandle;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.close();
});

describe("seedDatabase", () => {
  it("fills an empty database with the demo data", async () => {
    expect(await seedDatabase(database.db)).toBe(true);
    expect(await database.db.select().from(projectTypes)).toHaveLength(3);
    expect(await database.db.select().from(projects)).toHaveLength(8);
  });

  it("runs once and never overwrites what staff changed afterwards", async () => {
    await seedDatabase(database.db);
    const [first] = await database.db.select().from(projects).limit(1);
    await database.db.update(projects).set({ name: "Renamed by staff" }).where(eq(projects.id, first!.id));
    await database.db.delete(projects).where(eq(projects.type, "small-business"));

    expect(await seedDatabase(database.db)).toBe(false);
    const [again] = await database.db.select().from(projects).where(eq(projects.id, first!.id));
    expect(again?.name).toBe("Renamed by staff");
    expect(await database.db.select().from(projects)).toHaveLength(6);
  });

  it("seeds exactly once when several processes start together", async () => {
    const results = await Promise.all([1, 2, 3, 4].map(() => seedDatabase(database.db)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await database.db.select().from(projects)).toHaveLength(8);
  });
});
