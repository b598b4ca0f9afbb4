import { type Project, projects, projectTypes } from "@db/schema";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Database } from "~/infra/db.server";
import { isUuid } from "~/lib/record-id";

/** Return on investment as a percentage (1250 basis points are 12.5 %). */
export function roiPercent(project: Pick<Project, "roiBasisPoints">): number {
  return project.roiBasisPoints / 100;
}

/** What the pages show of a project. */
export type ProjectView = Pick<Project, "id" | "name" | "image" | "status" | "type" | "summary"> & {
  roiPercent: number;
};

export function projectView(project: Project): ProjectView {
  const { id, name, image, status, type, summary } = project;
  return { id, name, image, status, type, summary, roiPercent: roiPercent(project) };
}

/** The types offered to visitors (archived ones are not). */
export async function listProjectTypes(db: Database): Promise<{ type: string; label: string }[]> {
  return db
    .select({ type: projectTypes.type, label: projectTypes.label })
    .from(projectTypes)
    .where(isNull(projectTypes.archivedAt))
    .orderBy(asc(projectTypes.sortOrder), asc(projectTypes.label));
}

/**
 * The projects visitors see (archived ones are not), or those of one type; an unknown or archived
 * type is simply an empty list.
 */
export async function listProjects(db: Database, type?: string): Promise<Project[]> {
  const rows = await db
    .select({ project: projects })
    .from(projects)
    .innerJoin(projectTypes, eq(projectTypes.type, projects.type))
    .where(
      and(
        isNull(projects.archivedAt),
        type === undefined ? undefined : and(eq(projects.type, type), isNull(projectTypes.archivedAt)),
      ),
    )
    .orderBy(asc(projects.name));
  return rows.map((row) => row.project);
}

export async function findProject(
  db: Database,
  id: unknown,
): Promise<(Project & { typeLabel: string }) | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({ project: projects, typeLabel: projectTypes.label })
    .from(projects)
    .innerJoin(projectTypes, eq(projectTypes.type, projects.type))
    .where(and(eq(projects.id, id), isNull(projects.archivedAt)))
    .limit(1);
  return row ? { ...row.project, typeLabel: row.typeLabel } : undefined;
}
