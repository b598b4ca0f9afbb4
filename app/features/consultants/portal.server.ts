import { type Appointment, appointments, type Consultant, consultants, users } from "@db/schema";
import { and, asc, count, desc, eq, gt, lte, type SQL } from "drizzle-orm";
import type { Actor } from "~/features/audit/audit.server";
import { changedFields } from "~/features/audit/audit.server";
import {
  type PictureUpload,
  PROFILE_PICTURE_SIZE,
  saveWithPicture,
} from "~/features/pictures/pictures.server";
import type { Database } from "~/infra/db.server";
import { countedPage } from "~/infra/paging.server";
import { FeatureError, parseInput } from "~/lib/errors";
import { ownAvailabilitySchema, ownProfileSchema } from "./consultant-schema";
import {
  CONSULTANT_NOT_FOUND,
  changeConsultant,
  type ScheduleChangeOptions,
} from "./staff-consultants.server";

const PORTAL_PAGE_SIZE = 20;

/** The consultant profile a consultant account speaks for. */
export async function getOwnConsultant(db: Database, consultantId: string): Promise<Consultant> {
  const [consultant] = await db.select().from(consultants).where(eq(consultants.id, consultantId));
  if (!consultant) throw new FeatureError("not-found", CONSULTANT_NOT_FOUND);
  return consultant;
}

export interface ScheduledAppointment {
  appointment: Appointment;
  customer: { id: string; name: string; email: string };
}

/**
 * One page of the consultant's own appointments: "upcoming" (not started yet, soonest first) or
 * "started" (started or over, latest first: these can be marked completed or no-show).
 */
export async function listOwnAppointments(
  db: Database,
  consultantId: string,
  options: { now: Date; when: "upcoming" | "started"; page?: number },
): Promise<{ appointments: ScheduledAppointment[]; total: number; page: number; pageCount: number }> {
  const upcoming = options.when === "upcoming";
  const where: SQL = and(
    eq(appointments.consultantId, consultantId),
    upcoming ? gt(appointments.startsAt, options.now) : lte(appointments.startsAt, options.now),
  )!;
  const [totalRow] = await db.select({ total: count() }).from(appointments).where(where);
  const total = totalRow?.total ?? 0;
  const { page, pageCount, offset } = countedPage(total, options.page, PORTAL_PAGE_SIZE);
  const rows = await db
    .select({
      appointment: appointments,
      customer: { id: users.id, name: users.name, email: users.email },
    })
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.userId))
    .where(where)
    .orderBy(upcoming ? asc(appointments.startsAt) : desc(appointments.startsAt), asc(appointments.createdAt))
    .limit(PORTAL_PAGE_SIZE)
    .offset(offset);
  return { appointments: rows, total, page, pageCount };
}

/** The consultant switches bookings on or off and sets their days off. */
export async function updateOwnAvailability(
  db: Database,
  consultantId: string,
  input: unknown,
  actor: Actor,
  options: ScheduleChangeOptions,
): Promise<Consultant> {
  const { version, ...changes } = parseInput(ownAvailabilitySchema, input);
  return changeConsultant(db, consultantId, version, actor, options, (current) => ({
    changes,
    audit: {
      action: "consultant.availability",
      summary: "Changed their availability in the consultant portal",
      ...changedFields(current as unknown as Record<string, unknown>, changes),
    },
  }));
}

/** The consultant rewrites their own "about" text and may replace their picture. */
export async function updateOwnProfile(
  db: Database,
  consultantId: string,
  input: unknown,
  actor: Actor,
  options: { now: Date; picture?: PictureUpload },
): Promise<Consultant> {
  const { version, about } = parseInput(ownProfileSchema, input);
  return saveWithPicture(db, options.picture, PROFILE_PICTURE_SIZE, (image, replacing) =>
    changeConsultant(db, consultantId, version, actor, { now: options.now }, (current) => {
      replacing(current.image);
      const changes = { about, ...(image ? { image } : {}) };
      return {
        changes,
        audit: {
          action: "consultant.profile",
          summary: "Changed their profile in the consultant portal",
          ...changedFields(current as unknown as Record<string, unknown>, changes),
        },
      };
    }),
  );
}
