import type { Database, Transaction } from "./database";
import { demoConsultants } from "./demo-consultants";
import { appMetadata, consultants, projects, projectTypes } from "./schema";

/** One set of demo data; each is loaded once, the first time the server meets a database without it. */
interface DemoDataset {
  name: string;
  load(transaction: Transaction): Promise<void>;
}

const demoProjectTypes = [
  { type: "real-estate", label: "Real Estate", sortOrder: 1 },
  { type: "renewable-energy", label: "Renewable Energy", sortOrder: 2 },
  { type: "small-business", label: "Small Business", sortOrder: 3 },
];

const demoProjects = [
  {
    name: "Harbor View Apartments",
    type: "real-estate",
    status: "active",
    roi: 850,
    image: "harbor-view",
    summary: "Forty waterfront apartments near the marina, fully let, with a long-term maintenance plan.",
  },
  {
    name: "Maple Street Offices",
    type: "real-estate",
    status: "inactive",
    roi: 620,
    image: "maple-street",
    summary: "A renovated three-storey office building; closed to new investment while tenants move in.",
  },
  {
    name: "Riverside Storage Units",
    type: "real-estate",
    status: "active",
    roi: 910,
    image: "riverside",
    summary: "Self-storage units beside the river with steady occupancy and low running costs.",
  },
  {
    name: "Sunfield Solar Farm",
    type: "renewable-energy",
    status: "active",
    roi: 1120,
    image: "sunfield",
    summary: "A 12-acre solar farm selling power to the local grid under a fixed-price contract.",
  },
  {
    name: "Coastal Wind Co-op",
    type: "renewable-energy",
    status: "active",
    roi: 1340,
    image: "coastal-wind",
    summary: "A community-owned group of wind turbines on the coast, shared by local businesses.",
  },
  {
    name: "Greenroof Retrofit Fund",
    type: "renewable-energy",
    status: "inactive",
    roi: 780,
    image: "greenroof",
    summary: "Green roofs and insulation for older city buildings; the fund is fully subscribed.",
  },
  {
    name: "Corner Bakery Expansion",
    type: "small-business",
    status: "active",
    roi: 1500,
    image: "corner-bakery",
    summary: "A neighbourhood bakery adding a second oven and a café corner to meet demand.",
  },
  {
    name: "Trailhead Outfitters",
    type: "small-business",
    status: "active",
    roi: 1275,
    image: "trailhead",
    summary: "An outdoor gear shop opening a rental counter for hikers at the trailhead.",
  },
] as const;

export const demoDatasets: DemoDataset[] = [
  {
    name: "projects",
    load: async (transaction) => {
      await transaction.insert(projectTypes).values(demoProjectTypes).onConflictDoNothing();
      await transaction.insert(projects).values(
        demoProjects.map((project) => ({
          name: project.name,
          type: project.type,
          status: project.status,
          roiBasisPoints: project.roi,
          summary: project.summary,
          image: `/images/projects/${project.image}.svg`,
        })),
      );
    },
  },
  {
    name: "consultants",
    load: async (transaction) => {
      await transaction.insert(consultants).values(
        demoConsultants.map((consultant) => ({
          name: consultant.name,
          image: `/images/consultants/${consultant.slug}.webp`,
          speciality: consultant.speciality,
          degree: consultant.degree,
          experience: consultant.experience,
          about: consultant.about,
          feeCents: consultant.feeDollars * 100,
          currency: "USD",
          available: consultant.available,
          addressLine1: consultant.address[0],
          addressLine2: consultant.address[1],
        })),
      );
    },
  },
];

/**
 * Loads each demo dataset the database has not received yet. A dataset's marker row and its data
 * are written in one transaction: a crash leaves both or neither, and a second process starting
 * at the same moment waits on the marker's key, then finds it taken. A dataset is never loaded
 * again, so what staff changed or deleted stays as it is.
 * @returns the names of the datasets this call loaded.
 */
export async function seedDatabase(db: Database, datasets: DemoDataset[] = demoDatasets): Promise<string[]> {
  const loaded: string[] = [];
  for (const dataset of datasets) {
    const claimed = await db.transaction(async (transaction) => {
      const marker = await transaction
        .insert(appMetadata)
        .values({ key: `seed:${dataset.name}`, value: new Date().toISOString() })
        .onConflictDoNothing()
        .returning({ key: appMetadata.key });
      if (marker.length === 0) return false;
      await dataset.load(transaction);
      return true;
    });
    if (claimed) loaded.push(dataset.name);
  }
  return loaded;
}
