import type { Consultant } from "@db/schema";
import type { Context } from "hono";
import { Hono } from "hono";
import { findSpeciality } from "~/content/specialities";
import { type ConsultantState, consultantStates } from "~/features/consultants/consultant-schema";
import { findConsultant, upcomingBookings } from "~/features/consultants/consultants.server";
import {
  createConsultant,
  listConsultantsForStaff,
  type StaffConsultantRow,
  updateConsultant,
} from "~/features/consultants/staff-consultants.server";
import { type PictureUpload, pictureUploadFrom } from "~/features/pictures/pictures.server";
import { waitlistSettingsFrom } from "~/features/waitlist/offers.server";
import { FeatureError } from "~/lib/errors";
import { type ApiEnv, requireApiRole } from "../api-env";
import { calendarApi } from "../calendar-api";
import { legacyDoctor } from "../legacy-shapes";
import { parseJsonField, readFormBody, readJsonObject } from "../request-body";

/**
 * A consultant for staff: the /api/doctor/list shape (`doctors`), then what only staff see
 * (archived or not, working hours, days off, the version to send back with a change).
 */
function staffDoctor(
  consultant: Consultant | StaffConsultantRow,
  upcoming: readonly Date[],
  settings: { zone: string; publicUrl: string },
) {
  return {
    ...legacyDoctor(consultant, upcoming, settings.zone, settings.publicUrl),
    archived: consultant.archivedAt !== null,
    workingHours: consultant.workingHours,
    daysOff: consultant.daysOff,
    version: consultant.version,
    ...("appointmentCount" in consultant ? { appointmentCount: consultant.appointmentCount } : {}),
  };
}

const ADDRESS_MESSAGE = "The address must be an object with the text fields line1 and line2.";

/**
 * The request's consultant fields in the features' names: the old clients' `fees` (dollars) and
 * `address: {line1, line2}` are accepted beside `fee`, `addressLine1` and `addressLine2`. A JSON
 * body or a multipart form (whose `address`, `workingHours` and `daysOff` are JSON text, and whose
 * `image` is the picture file). Only the keys sent are passed on.
 */
async function consultantRequest(
  context: Context<ApiEnv>,
  staffId: string,
): Promise<{ fields: Record<string, unknown>; picture?: PictureUpload }> {
  const multipart = (context.req.header("Content-Type") ?? "").startsWith("multipart/form-data");
  const body: Record<string, unknown> = multipart
    ? await readFormBody(context)
    : await readJsonObject(context);
  const fields: Record<string, unknown> = {};
  for (const key of ["name", "speciality", "degree", "experience", "about", "available", "version"]) {
    if (body[key] !== undefined) fields[key] = body[key];
  }
  if (body.fee !== undefined) fields.fee = body.fee;
  else if (body.fees !== undefined) fields.fee = body.fees;
  if (typeof body.image === "string" && body.image !== "") fields.image = body.image;
  for (const key of ["workingHours", "daysOff", "address"]) {
    if (multipart && typeof body[key] === "string") {
      const notJson = new FeatureError("invalid", `The field ${key} must be JSON text in a form.`);
      body[key] = parseJsonField(body[key] as string, key, notJson);
    }
  }
  if (body.workingHours !== undefined) fields.workingHours = body.workingHours;
  if (body.daysOff !== undefined) fields.daysOff = body.daysOff;
  if (body.address !== undefined) {
    const address = body.address;
    if (typeof address !== "object" || address === null || Array.isArray(address))
      throw new FeatureError("invalid", ADDRESS_MESSAGE);
    const { line1, line2 } = address as Record<string, unknown>;
    if (line1 !== undefined) fields.addressLine1 = line1;
    if (line2 !== undefined) fields.addressLine2 = line2;
  }
  for (const key of ["addressLine1", "addressLine2"]) {
    if (body[key] !== undefined) fields[key] = body[key];
  }
  return { fields, picture: await pictureUploadFrom(body.image, staffId, context.get("env")) };
}

/**
 * GET /api/admin/consultants (query `search, speciality, state, page`) → `doctors`;
 * POST → 201 `consultantId`; PATCH /{id} (any of the fields, `version` to guard against a
 * concurrent change) → `message`.
 */
export function adminConsultantsApi() {
  const api = new Hono<ApiEnv>();

  api.get("/", async (context) => {
    const query = context.req.query();
    const speciality = query.speciality ? findSpeciality(query.speciality) : undefined;
    if (query.speciality && !speciality) {
      throw new FeatureError("invalid", "There is no such speciality.");
    }
    const state = (query.state ?? "all") as ConsultantState;
    if (!consultantStates.includes(state)) {
      throw new FeatureError("invalid", `The state must be one of ${consultantStates.join(", ")}.`);
    }
    const [page, upcoming] = await Promise.all([
      listConsultantsForStaff(context.get("db"), {
        search: query.search,
        speciality: speciality?.name,
        state,
        page: Number(query.page ?? 1),
      }),
      upcomingBookings(context.get("db"), context.get("clock")()),
    ]);
    const settings = { zone: context.get("env").AGENCY_TZ, publicUrl: context.get("env").publicUrl };
    return context.json({
      success: true,
      doctors: page.consultants.map((row) =>
        staffDoctor(row, upcoming.startsByConsultant.get(row.id) ?? [], settings),
      ),
      page: page.page,
      pageCount: page.pageCount,
      total: page.total,
    });
  });

  api.post("/", async (context) => {
    const user = requireApiRole(context, "admin");
    const { fields, picture } = await consultantRequest(context, user.id);
    const created = await createConsultant(context.get("db"), fields, user, {
      now: context.get("clock")(),
      picture,
    });
    return context.json({ success: true, message: "Consultant added", consultantId: created.id }, 201);
  });

  api.patch("/:id", async (context) => {
    const user = requireApiRole(context, "admin");
    const { fields, picture } = await consultantRequest(context, user.id);
    await updateConsultant(context.get("db"), context.req.param("id"), fields, user, {
      now: context.get("clock")(),
      picture,
      waitlist: waitlistSettingsFrom(context.get("env")),
    });
    return context.json({ success: true, message: "Consultant updated" });
  });

  api.route(
    "/:id/calendar",
    calendarApi(async (context) => {
      const staff = requireApiRole(context, "admin");
      const consultant = await findConsultant(context.get("db"), context.req.param("id"), {
        includeArchived: true,
      });
      if (!consultant) throw new FeatureError("not-found", "We could not find that consultant.");
      return { consultantId: consultant.id, staff };
    }),
  );

  return api;
}
