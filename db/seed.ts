import { sql } from "drizzle-orm";
import type { Database } from "~/infra/db.server";
import { appMetadata, projects, projectTypes } from "./schema";

/** Raise when the demo data changes; a database seeded at an older version is left as it is. */
export const SEED_VERSION = "1";

const demoProjectTypes = [
  { type: "real-estate", label: "Real Estate", sortOrder: 1 },
  { type: "renewable-energy", label: "Renewable Energy", sortOrder: 2 },
  { type: "small-business", label: "Small Business", sortOrder: 3 },
];

const demoProjects = [
  { name: "Harbor View Apartments", type: "real-estate", status: "active", roi: 850, image: "harbor-view" },
  { name: "Maple Street Offices", type: "real-estate", status: "inactive", roi: 620, image: "maple-street" },
  { name: "Riverside Storage Units", type: "real-estate", status: "active", roi: 910, image: "riverside" },
  { name: "Sunfield Solar Farm", type: "renewable-energy", status: "active", roi: 1120, image: "sunfield" },
  {
    name: "Coastal Wind Co-op",
    type: "renewable-energy",
    status: "active",
    roi: 1340,
    image: "coastal-wind",
  },
  {
    name: "Greenroof Retrofit Fund",
    type: "renewable-energy",
    status: "inactive",
    roi: 780,
    image: "greenroof",
  },
  {
    name: "Corner Bakery Expansion",
    type: "small-business",
    status: "active",
    roi: 1500,
    image: "corner-bakery",
  },
  { name: "Trailhead Outfitters", type: "small-business", status: "active", roi: 1275, image: "trailhead" },
] as const;

/**
 * Loads the demo data into an empty database, once. The marker row and the data are written in
 * one transaction, so a crash leaves either both or neither, and a second process starting at the
 * same time waits on the marker's key and then finds it taken.
 * @returns whether this call seeded the database.
 */
export async function seedDatabase(db: Database): Promise<boolean> {
  return db.transaction(async (transaction) => {
    const claimed = await transaction
      .insert(appMetadata)
      .values({ key: "seed_version", value: SEED_VERSION })
      .onConflictDoNothing()
      .returning({ key: appMetadata.key });
    if (claimed.length === 0) return false;

    await transaction.insert(projectTypes).values(demoProjectTypes).onConflictDoNothing();
    const [existing] = await transaction.select({ count: sql<number>`count(*)::int` }).from(projects);
    if ((existing?.count ?? 0) === 0) {
      await transaction.insert(projects).values(
        demoProjects.map((project) => ({
          name: project.name,
          type: project.type,
          status: project.status,
          roiBasisPoints: project.roi,
          summary: `${project.name} is one of our demonstration projects.`,
          image: `/images/projects/${project.image}.svg`,
        })),
      );
    }
    return true;
  });
}
