import { type Project, projects, projectTypes } from "@db/schema";
import { and, asc, count, eq, ilike, isNotNull, isNull, type SQL } from "drizzle-orm";
import { type Actor, changedFields, escapeLike, recordAudit } from "~/features/audit/audit.server";
import {
  type PictureUpload,
  saveWithPicture,
  storeUploadedPicture,
} from "~/features/pictures/pictures.server";
import type { Database, Transaction } from "~/infra/db.server";
import { readPage } from "~/infra/paging.server";
import { changedBySomeoneElse, FeatureError, parseInput } from "~/lib/errors";
import { isUuid } from "~/lib/record-id";
import { type AdminProjectFilter, projectFieldsSchema, projectTypeSchema } from "./project-admin-schema";

const ADMIN_PROJECTS_PAGE_SIZE = 25;
export const PROJECT_NOT_FOUND = "We could not find this project. It may have been removed.";
const TYPE_NOT_FOUND = "We could not find this project type.";

/** Project pictures are shown at 4:3 (cards and the project page); stored at twice the card's size. */
const PROJECT_PICTURE_SIZE = { width: 800, height: 600 } as const;

export interface AdminProjectRow {
  id: string;
  name: string;
  image: string;
  status: "active" | "inactive";
  type: string;
  typeLabel: string;
  roiBasisPoints: number;
  archivedAt: Date | null;
  updatedAt: Date;
}

/** Projects for staff, archived ones included on request, a page at a time. */
export async function listAdminProjects(
  db: Database,
  filter: AdminProjectFilter,
): Promise<{ projects: AdminProjectRow[]; hasMore: boolean }> {
  const conditions: SQL[] = [];
  if (filter.q) conditions.push(ilike(projects.name, `%${escapeLike(filter.q)}%`));
  if (filter.show === "current") conditions.push(isNull(projects.archivedAt));
  if (filter.show === "archived") conditions.push(isNotNull(projects.archivedAt));
  const { rows, hasMore } = await readPage(
    db
      .select({
        id: projects.id,
        name: projects.name,
        image: projects.image,
        status: projects.status,
        type: projects.type,
        typeLabel: projectTypes.label,
        roiBasisPoints: projects.roiBasisPoints,
        archivedAt: projects.archivedAt,
        updatedAt: projects.updatedAt,
      })
      .from(projects)
      .innerJoin(projectTypes, eq(projectTypes.type, projects.type))
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(asc(projects.name), asc(projects.id)),
    filter.page,
    ADMIN_PROJECTS_PAGE_SIZE,
  );
  return { projects: rows, hasMore };
}

export async function findAdminProject(db: Database, projectId: unknown): Promise<Project | undefined> {
  if (!isUuid(projectId)) return undefined;
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId)).limit(1);
  return project;
}

export interface AdminProjectType {
  type: string;
  label: string;
  sortOrder: number;
  archivedAt: Date | null;
  projectCount: number;
}

/** Every project type, archived ones too, with how many projects use each. */
export async function listAdminProjectTypes(db: Database): Promise<AdminProjectType[]> {
  return db
    .select({
      type: projectTypes.type,
      label: projectTypes.label,
      sortOrder: projectTypes.sortOrder,
      archivedAt: projectTypes.archivedAt,
      projectCount: count(projects.id),
    })
    .from(projectTypes)
    .leftJoin(projects, eq(projects.type, projectTypes.type))
    .groupBy(projectTypes.type)
    .orderBy(asc(projectTypes.sortOrder), asc(projectTypes.label));
}

async function checkTypeOffered(transaction: Transaction, type: string, keep?: string): Promise<void> {
  const [row] = await transaction.select().from(projectTypes).where(eq(projectTypes.type, type)).limit(1);
  // A project may keep a type archived after it was filed under it; new choices must be current.
  if (!row || (row.archivedAt && type !== keep)) {
    const message = "Please choose one of the listed project types.";
    throw new FeatureError("invalid", message, { type: message });
  }
}

/** The project, locked for the rest of the transaction so two edits cannot both read its old version. */
async function lockedProject(transaction: Transaction, projectId: string): Promise<Project> {
  const [project] = await transaction.select().from(projects).where(eq(projects.id, projectId)).for("update");
  if (!project) throw new FeatureError("not-found", PROJECT_NOT_FOUND);
  return project;
}

/** The project type, locked for the rest of the transaction (types are changed in place). */
async function lockedProjectType(
  transaction: Transaction,
  type: string,
): Promise<typeof projectTypes.$inferSelect> {
  const [found] = await transaction
    .select()
    .from(projectTypes)
    .where(eq(projectTypes.type, type))
    .for("update");
  if (!found) throw new FeatureError("not-found", TYPE_NOT_FOUND);
  return found;
}

/** The audit entry of archiving or restoring a project or a type: `<targetType>.archive` or `.restore`. */
function recordArchiving(
  transaction: Transaction,
  actor: Actor,
  targetType: "project" | "project-type",
  targetId: string,
  title: string,
  change: { was: boolean; archived: boolean; now: Date },
): Promise<void> {
  const { was, archived, now } = change;
  return recordAudit(
    transaction,
    actor,
    {
      action: `${targetType}.${archived ? "archive" : "restore"}`,
      targetType,
      targetId,
      summary: `${title} ${archived ? "archived" : "restored"}`,
      before: { archived: was },
      after: { archived },
    },
    now,
  );
}

function auditedFields(
  project: Pick<Project, "name" | "summary" | "status" | "type" | "roiBasisPoints" | "image">,
) {
  const { name, summary, status, type, roiBasisPoints, image } = project;
  return { name, summary, status, type, roiBasisPoints, image };
}

/** Creates a project with its picture (required), and its audit entry. */
export async function createProject(
  db: Database,
  actor: Actor,
  input: unknown,
  picture: PictureUpload | undefined,
  now: Date,
): Promise<{ projectId: string }> {
  const fields = parseInput(projectFieldsSchema, input);
  if (!picture) {
    const message = "Please choose a picture for the project.";
    throw new FeatureError("invalid", message, { image: message });
  }
  // The type is checked before the picture is written, so a refused form leaves no file behind.
  await db.transaction((transaction) => checkTypeOffered(transaction, fields.type));
  const image = await storeUploadedPicture(db, picture, PROJECT_PICTURE_SIZE);
  return db.transaction(async (transaction) => {
    await checkTypeOffered(transaction, fields.type);
    const values = {
      name: fields.name,
      summary: fields.summary,
      status: fields.status,
      type: fields.type,
      roiBasisPoints: fields.roiPercent,
      image,
    };
    const [created] = await transaction
      .insert(projects)
      .values({ ...values, createdAt: now, updatedAt: now })
      .returning({ id: projects.id });
    await recordAudit(
      transaction,
      actor,
      {
        action: "project.create",
        targetType: "project",
        targetId: created!.id,
        summary: `Project "${values.name}" created`,
        after: values,
      },
      now,
    );
    return { projectId: created!.id };
  });
}

/** Saves staff's edit when nobody changed the project since `version`; a new picture is optional. */
export async function updateProject(
  db: Database,
  actor: Actor,
  projectId: unknown,
  input: unknown,
  picture: PictureUpload | undefined,
  now: Date,
): Promise<void> {
  if (!isUuid(projectId)) throw new FeatureError("not-found", PROJECT_NOT_FOUND);
  const fields = parseInput(projectFieldsSchema, input);
  if (fields.version === undefined)
    throw new FeatureError("invalid", "Please reload the page and try again.");
  const current = await findAdminProject(db, projectId);
  if (!current) throw new FeatureError("not-found", PROJECT_NOT_FOUND);
  if (current.version !== fields.version) throw changedBySomeoneElse();
  await saveWithPicture(db, picture, PROJECT_PICTURE_SIZE, (image, replacing) =>
    db.transaction(async (transaction) => {
      const before = await lockedProject(transaction, projectId);
      replacing(before.image);
      await checkTypeOffered(transaction, fields.type, before.type);
      const next = {
        name: fields.name,
        summary: fields.summary,
        status: fields.status,
        type: fields.type,
        roiBasisPoints: fields.roiPercent,
        image: image ?? before.image,
      };
      const [updated] = await transaction
        .update(projects)
        .set({ ...next, version: before.version + 1, updatedAt: now })
        .where(and(eq(projects.id, projectId), eq(projects.version, fields.version!)))
        .returning({ id: projects.id });
      if (!updated) throw changedBySomeoneElse();
      await recordAudit(
        transaction,
        actor,
        {
          action: "project.update",
          targetType: "project",
          targetId: projectId,
          summary: `Project "${next.name}" edited`,
          ...changedFields(auditedFields(before), next),
        },
        now,
      );
    }),
  );
}

/** Hides a project from visitors (archive) or shows it again (restore); history keeps it. */
export async function setProjectArchived(
  db: Database,
  actor: Actor,
  projectId: unknown,
  archived: boolean,
  version: unknown,
  now: Date,
): Promise<{ name: string }> {
  if (!isUuid(projectId)) throw new FeatureError("not-found", PROJECT_NOT_FOUND);
  const expected = Number(version);
  if (!Number.isInteger(expected)) throw new FeatureError("invalid", "Please reload the page and try again.");
  return db.transaction(async (transaction) => {
    const before = await lockedProject(transaction, projectId);
    if (before.version !== expected) throw changedBySomeoneElse();
    await transaction
      .update(projects)
      .set({ archivedAt: archived ? now : null, version: before.version + 1, updatedAt: now })
      .where(eq(projects.id, projectId));
    await recordArchiving(transaction, actor, "project", projectId, `Project "${before.name}"`, {
      was: before.archivedAt !== null,
      archived,
      now,
    });
    return { name: before.name };
  });
}

export async function createProjectType(
  db: Database,
  actor: Actor,
  input: unknown,
  now: Date,
): Promise<void> {
  const fields = parseInput(projectTypeSchema, input);
  await db.transaction(async (transaction) => {
    const created = await transaction
      .insert(projectTypes)
      .values(fields)
      .onConflictDoNothing({ target: projectTypes.type })
      .returning({ type: projectTypes.type });
    if (created.length === 0) {
      const message = "A project type with this code already exists.";
      throw new FeatureError("conflict", message, { type: message });
    }
    await recordAudit(
      transaction,
      actor,
      {
        action: "project-type.create",
        targetType: "project-type",
        targetId: fields.type,
        summary: `Project type "${fields.label}" created`,
        after: fields,
      },
      now,
    );
  });
}

/**
 * Renames or moves a type. Types have no version column: the form sends the label and position it
 * showed, and the change is refused when either differs from the stored ones.
 */
export async function updateProjectType(
  db: Database,
  actor: Actor,
  input: unknown,
  shown: { label: unknown; sortOrder: unknown },
  now: Date,
): Promise<void> {
  const fields = parseInput(projectTypeSchema, input);
  await db.transaction(async (transaction) => {
    const before = await lockedProjectType(transaction, fields.type);
    if (before.label !== shown.label || String(before.sortOrder) !== String(shown.sortOrder)) {
      throw changedBySomeoneElse();
    }
    const next = { label: fields.label, sortOrder: fields.sortOrder };
    const changed = changedFields({ label: before.label, sortOrder: before.sortOrder }, next);
    if (Object.keys(changed.after).length === 0) return;
    await transaction.update(projectTypes).set(next).where(eq(projectTypes.type, fields.type));
    await recordAudit(
      transaction,
      actor,
      {
        action: "project-type.update",
        targetType: "project-type",
        targetId: fields.type,
        summary: `Project type "${fields.label}" edited`,
        ...changed,
      },
      now,
    );
  });
}

/** Stops offering a type to visitors and for new projects (or offers it again); its projects keep it. */
export async function setProjectTypeArchived(
  db: Database,
  actor: Actor,
  type: unknown,
  archived: boolean,
  now: Date,
): Promise<{ label: string }> {
  if (typeof type !== "string" || type.length === 0 || type.length > 40) {
    throw new FeatureError("not-found", TYPE_NOT_FOUND);
  }
  return db.transaction(async (transaction) => {
    const before = await lockedProjectType(transaction, type);
    if ((before.archivedAt !== null) === archived) return { label: before.label };
    await transaction
      .update(projectTypes)
      .set({ archivedAt: archived ? now : null })
      .where(eq(projectTypes.type, type));
    await recordArchiving(transaction, actor, "project-type", type, `Project type "${before.label}"`, {
      was: !archived,
      archived,
      now,
    });
    return { label: before.label };
  });
}
