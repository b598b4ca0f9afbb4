import { consultantCalendars } from "@db/calendar-schema";
import { type Consultant, consultants } from "@db/schema";
import { and, asc, count, eq, ilike, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { SpecialityName } from "~/content/specialities";
import { type Actor, changedFields, escapeLike, recordAudit } from "~/features/audit/audit.server";
import {
  calendarHealthColumns,
  calendarProblemOf,
  consultantCalendarInTrouble,
} from "~/features/calendars/calendar-health.server";
import {
  type PictureUpload,
  PROFILE_PICTURE_SIZE,
  saveWithPicture,
  storeProfilePicture,
} from "~/features/pictures/pictures.server";
import { offerTimesOpenedBySchedule, type WaitlistSettings } from "~/features/waitlist/offers.server";
import type { Database } from "~/infra/db.server";
import { countedPage } from "~/infra/paging.server";
import { changedBySomeoneElse, FeatureError, parseInput } from "~/lib/errors";
import { isUuid } from "~/lib/record-id";
import {
  type ConsultantFields,
  type ConsultantState,
  consultantChangeSchema,
  consultantFieldsSchema,
  consultantVersionSchema,
} from "./consultant-schema";

export const CONSULTANT_NOT_FOUND = "We could not find that consultant.";

const STAFF_PAGE_SIZE = 20;

export interface StaffConsultantFilters {
  /** Part of the name, any case. */
  search?: string;
  speciality?: SpecialityName;
  /** "active" (default): taking bookings; "unavailable": not archived but switched off. */
  state?: ConsultantState;
  page?: number;
  /** Only consultants whose connected calendar needs a look (calendar-health.server.ts). */
  calendarTrouble?: boolean;
  /** When a calendar's trust is judged (the request's clock). */
  now?: Date;
}

export interface StaffConsultantRow extends Consultant {
  /** Appointments ever booked with the consultant, cancelled ones included. */
  appointmentCount: number;
  /** What is wrong with the consultant's connected calendar, in words; null when all is well or none is connected. */
  calendarProblem?: string | null;
}

/** Appointments ever booked with the row's consultant (names written out: drizzle would drop the outer table). */
const appointmentCount =
  sql<number>`(select count(*) from "appointments" where "appointments"."consultant_id" = "consultants"."id")`.mapWith(
    Number,
  );

/** One page of consultants for staff, by name, with how many appointments each has. */
export async function listConsultantsForStaff(
  db: Database,
  filters: StaffConsultantFilters = {},
): Promise<{ consultants: StaffConsultantRow[]; total: number; page: number; pageCount: number }> {
  const conditions: SQL[] = [];
  const search = filters.search?.trim();
  if (search) conditions.push(ilike(consultants.name, `%${escapeLike(search)}%`));
  if (filters.speciality) conditions.push(eq(consultants.speciality, filters.speciality));
  const state = filters.state ?? "all";
  if (state === "archived") conditions.push(isNotNull(consultants.archivedAt));
  if (state === "active")
    conditions.push(and(isNull(consultants.archivedAt), eq(consultants.available, true))!);
  if (state === "unavailable")
    conditions.push(and(isNull(consultants.archivedAt), eq(consultants.available, false))!);
  const now = filters.now ?? new Date();
  if (filters.calendarTrouble) conditions.push(consultantCalendarInTrouble(now));
  const where = conditions.length ? and(...conditions) : undefined;
  const [totalRow] = await db.select({ total: count() }).from(consultants).where(where);
  const total = totalRow?.total ?? 0;
  const { page, pageCount, offset } = countedPage(total, filters.page, STAFF_PAGE_SIZE);
  const rows = await db
    .select({
      consultant: consultants,
      appointmentCount,
      calendar: calendarHealthColumns,
    })
    .from(consultants)
    .leftJoin(consultantCalendars, eq(consultantCalendars.consultantId, consultants.id))
    .where(where)
    .orderBy(asc(consultants.name), asc(consultants.id))
    .limit(STAFF_PAGE_SIZE)
    .offset(offset);
  return {
    consultants: rows.map((row) => ({
      ...row.consultant,
      appointmentCount: row.appointmentCount,
      calendarProblem: calendarProblemOf(row.calendar, now),
    })),
    total,
    page,
    pageCount,
  };
}

/** Any consultant, archived ones included, for staff; a missing one is a 404 with a sentence. */
export async function getConsultantForStaff(db: Database, id: unknown): Promise<StaffConsultantRow> {
  if (!isUuid(id)) throw new FeatureError("not-found", CONSULTANT_NOT_FOUND);
  const [row] = await db
    .select({
      consultant: consultants,
      appointmentCount,
    })
    .from(consultants)
    .where(eq(consultants.id, id));
  if (!row) throw new FeatureError("not-found", CONSULTANT_NOT_FOUND);
  return { ...row.consultant, appointmentCount: row.appointmentCount };
}

export interface StaffChangeOptions {
  now: Date;
  /** A new portrait, run through the profile picture pipeline. */
  picture?: PictureUpload;
}

/** A change that may open times (hours, days off, availability): customers waiting are offered them. */
export interface ScheduleChangeOptions {
  now: Date;
  waitlist: WaitlistSettings;
}

/** The fields as columns, for insert and update alike. */
function columnsOf(fields: Partial<ConsultantFields>): Partial<typeof consultants.$inferInsert> {
  const { fee, image, ...rest } = fields;
  return {
    ...rest,
    ...(fee === undefined ? {} : { feeCents: fee }),
    ...(image === undefined ? {} : { image }),
  };
}

/** What the audit log keeps of a consultant: the fields staff edit, money in cents. */
function auditedFields(consultant: Partial<Consultant>): Record<string, unknown> {
  const { id: _id, version: _version, createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = consultant;
  return fields;
}

/**
 * Adds a consultant, with or without a picture. Every field is checked before the picture is
 * stored, so a bad form leaves no file behind; the consultant and its audit entry are written
 * together.
 */
export async function createConsultant(
  db: Database,
  input: unknown,
  actor: Actor,
  options: StaffChangeOptions,
): Promise<Consultant> {
  const fields = parseInput(consultantFieldsSchema, input);
  // Without a picture the consultant is shown as their monogram until staff add a photo.
  const image = options.picture ? await storeProfilePicture(db, options.picture) : (fields.image ?? "");
  return db.transaction(async (transaction) => {
    const [created] = await transaction
      .insert(consultants)
      .values({
        ...(columnsOf(fields) as typeof consultants.$inferInsert),
        image,
        createdAt: options.now,
        updatedAt: options.now,
      })
      .returning();
    await recordAudit(
      transaction,
      actor,
      {
        action: "consultant.create",
        targetType: "consultant",
        targetId: created!.id,
        summary: `Added ${created!.name}`,
        after: auditedFields(created!),
      },
      options.now,
    );
    return created!;
  });
}

/**
 * Changes some of a consultant's fields. With `version`, the change applies only if nobody saved
 * the consultant since that version was read; otherwise it is refused with a 409.
 */
export async function updateConsultant(
  db: Database,
  id: unknown,
  input: unknown,
  actor: Actor,
  options: StaffChangeOptions & ScheduleChangeOptions,
): Promise<Consultant> {
  if (!isUuid(id)) throw new FeatureError("not-found", CONSULTANT_NOT_FOUND);
  const { version, ...fields } = parseInput(consultantChangeSchema, input);
  return saveWithPicture(db, options.picture, PROFILE_PICTURE_SIZE, (stored, replacing) =>
    changeConsultant(db, id, version, actor, options, (current) => {
      replacing(current.image);
      const image = stored ?? fields.image;
      const changes = columnsOf({ ...fields, ...(image ? { image } : {}) });
      const { before, after } = changedFields(
        current as unknown as Record<string, unknown>,
        changes as Record<string, unknown>,
      );
      return {
        changes,
        audit: {
          action: "consultant.update",
          summary: Object.keys(after).length
            ? `Changed ${Object.keys(after).join(", ")}`
            : "Saved without changes",
          before,
          after,
        },
      };
    }),
  );
}

/**
 * Hides a consultant from customers and stops new bookings; their appointments keep showing to
 * customers and staff. Consultants are archived, never deleted, so history and the audit log
 * keep pointing at them.
 */
export const archiveConsultant = setArchived(true);

/** Brings an archived consultant back to the listing (with their availability as it was). */
export const restoreConsultant = setArchived(false);

/** Archiving or restoring; refused when the consultant already stands where staff asked. */
function setArchived(archived: boolean) {
  return (
    db: Database,
    id: unknown,
    input: unknown,
    actor: Actor,
    options: ScheduleChangeOptions,
  ): Promise<Consultant> => {
    const { version } = parseInput(consultantVersionSchema, input);
    return changeConsultant(db, id, version, actor, options, (current) => {
      if (Boolean(current.archivedAt) === archived) {
        const message = archived
          ? "This consultant is already archived."
          : "This consultant is not archived.";
        throw new FeatureError("conflict", message);
      }
      const archivedAt = archived ? options.now : null;
      return {
        changes: { archivedAt },
        audit: {
          action: archived ? "consultant.archive" : "consultant.restore",
          summary: `${archived ? "Archived" : "Restored"} ${current.name}`,
          before: { archivedAt: current.archivedAt },
          after: { archivedAt },
        },
      };
    });
  };
}

interface PlannedChange {
  changes: Partial<typeof consultants.$inferInsert>;
  audit: { action: string; summary: string; before: Record<string, unknown>; after: Record<string, unknown> };
}

/**
 * The one way a consultant row changes: read it locked, let `plan` decide (or refuse), update it
 * only if its version is still the one sent, bump the version, record the audit entry and, given
 * the waitlist's settings, offer the times the change opened, all in one transaction.
 */
export async function changeConsultant(
  db: Database,
  id: unknown,
  expectedVersion: number | undefined,
  actor: Actor,
  options: { now: Date; waitlist?: WaitlistSettings },
  plan: (current: Consultant) => PlannedChange,
): Promise<Consultant> {
  const { now, waitlist } = options;
  if (!isUuid(id)) throw new FeatureError("not-found", CONSULTANT_NOT_FOUND);
  return db.transaction(async (transaction) => {
    // "No key update", not "update": a booking's insert takes a key-share lock on this row while it
    // holds its slot's lock, and a change that offers opened times then waits for that slot.
    const [current] = await transaction
      .select()
      .from(consultants)
      .where(eq(consultants.id, id))
      .for("no key update");
    if (!current) throw new FeatureError("not-found", CONSULTANT_NOT_FOUND);
    if (expectedVersion !== undefined && current.version !== expectedVersion) {
      throw changedBySomeoneElse();
    }
    const { changes, audit } = plan(current);
    const [updated] = await transaction
      .update(consultants)
      .set({ ...changes, version: current.version + 1, updatedAt: now })
      .where(and(eq(consultants.id, id), eq(consultants.version, current.version)))
      .returning();
    if (!updated) throw changedBySomeoneElse();
    await recordAudit(
      transaction,
      actor,
      { ...audit, targetType: "consultant", targetId: id, before: audit.before, after: audit.after },
      now,
    );
    if (waitlist) await offerTimesOpenedBySchedule(transaction, current, updated, waitlist, now);
    return updated;
  });
}
