import { Hono } from "hono";
import { findSpeciality } from "~/content/specialities";
import {
  consultantSlots,
  findConsultant,
  listConsultants,
  upcomingBookings,
} from "~/features/consultants/consultants.server";
import { FeatureError } from "~/lib/errors";
import type { ApiEnv } from "./api-env";
import { legacyDoctor, legacySlotDays } from "./legacy-shapes";

/** Consultants ("doctors" to the old clients) and their free slots. */
export function consultantApi() {
  const api = new Hono<ApiEnv>();

  api.get("/list", async (context) => {
    const speciality = context.req.query("speciality");
    const found = speciality ? findSpeciality(speciality) : undefined;
    if (speciality && !found) return context.json({ success: true, doctors: [] });
    const [consultants, upcoming] = await Promise.all([
      listConsultants(context.var.db, { speciality: found?.name }),
      upcomingBookings(context.var.db),
    ]);
    const doctors = consultants.map((consultant) =>
      legacyDoctor(
        consultant,
        upcoming.get(consultant.id) ?? [],
        context.var.env.AGENCY_TZ,
        context.var.env.publicUrl,
      ),
    );
    return context.json({ success: true, doctors });
  });

  api.get("/:id/slots", async (context) => {
    const consultant = await findConsultant(context.var.db, context.req.param("id"));
    if (!consultant) throw new FeatureError("not-found", "We could not find that consultant.");
    const zone = context.var.env.AGENCY_TZ;
    const days = await consultantSlots(context.var.db, consultant, { zone });
    return context.json({
      success: true,
      timeZone: zone,
      available: consultant.available,
      days: legacySlotDays(days, zone),
    });
  });

  return api;
}
