import { asc, eq } from "drizzle-orm";
import type { Database } from "~/infra/db.server";
import { type Project, projects, projectTypes } from "../../../db/schema";
import { isUuid } from "../consultants/consultants.server";

/** The old clients' project shape; ROI as a percentage (8.5 means 8.5 %). */
export interface PublicProject {
  _id: string;
  name: string;
  image: string;
  status: "active" | "inactive";
  type: string;
  summary: string;
  investmentDetails: { roi: number };
}

export function toPublicProject(project: Project): PublicProject {
  return {
    _id: project.id,
    name: project.name,
    image: project.image,
    status: project.status,
    type: project.type,
    summary: project.summary,
    investmentDetails: { roi: project.roiBasisPoints / 100 },
  };
}

export async function listProjectTypes(db: Database): Promise<{ type: string; label: string }[]> {
  return db
    .select({ type: projectTypes.type, label: projectTypes.label })
    .from(projectTypes)
    .orderBy(asc(projectTypes.sortOrder), asc(projectTypes.label));
}

/** All projects, or those of one type; an unknown type is simply an empty list. */
export async function listProjects(db: Database, type?: string): Promise<PublicProject[]> {
  const rows = await db
    .select()
    .from(projects)
    .where(type === undefined ? undefined : eq(projects.type, type))
    .orderBy(asc(projects.name));
  return rows.map(toPublicProject);
}

export async function findProject(
  db: Database,
  id: unknown,
): Promise<(PublicProject & { typeLabel: string }) | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({ project: projects, typeLabel: projectTypes.label })
    .from(projects)
    .innerJoin(projectTypes, eq(projectTypes.type, projects.type))
    .where(eq(projects.id, id))
    .limit(1);
  return row ? { ...toPublicProject(row.project), typeLabel: row.typeLabel } : undefined;
}
