import { seedDatabase } from "@db/seed";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/infra/db.server";
import { createTestApp } from "../../tests/setup/test-app";
import { createTestDatabase } from "../../tests/setup/test-database";

let database: DatabaseHandle;
let app: ReturnType<typeof createTestApp>["app"];

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase(database.db);
  app = createTestApp(database).app;
});
afterAll(async () => {
  await database.close();
});

async function getJson(path: string) {
  const response = await app.request(path);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("project API", () => {
  it("lists the project types", async () => {
    const { status, body } = await getJson("/api/project/types");
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      types: [
        { type: "real-estate", label: "Real Estate" },
        { type: "renewable-energy", label: "Renewable Energy" },
        { type: "small-business", label: "Small Business" },
      ],
    });
  });

  it("lists every project in the old clients' shape, ROI as a percentage", async () => {
    const { status, body } = await getJson("/api/project");
    expect(status).toBe(200);
    const projects = body.projects as Record<string, unknown>[];
    expect(projects).toHaveLength(8);
    const sunfield = projects.find((project) => project.name === "Sunfield Solar Farm");
    expect(sunfield).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      image: "http://localhost:3000/images/projects/sunfield.svg",
      status: "active",
      type: "renewable-energy",
      investmentDetails: { roi: 11.2 },
    });
    expect(projects.some((project) => project.status === "inactive")).toBe(true);
  });

  it("filters by type, exactly", async () => {
    const { body } = await getJson("/api/project/type/small-business");
    const projects = body.projects as { type: string }[];
    expect(projects).toHaveLength(2);
    expect(projects.every((project) => project.type === "small-business")).toBe(true);
  });

  it("answers an unknown type with an empty list, not an error", async () => {
    for (const type of ["space-travel", "REAL-ESTATE", "%3Cscript%3E", "' or 1=1 --"]) {
      const { status, body } = await getJson(`/api/project/type/${encodeURIComponent(type)}`);
      expect(status, type).toBe(200);
      expect(body, type).toEqual({ success: true, projects: [] });
    }
  });
});
