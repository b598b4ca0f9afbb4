import { Hono } from "hono";
import { findSpeciality } from "~/content/specialities";
import { consultantSlots, findConsultant, listConsultants } from "~/features/consultants/consultants.server";
import { FeatureError } from "~/lib/errors";
import type { ApiEnv } from "./api-env";

/** Consultants ("doctors" to the old clients) and their free slots. */
export function consultantApi() {
  const api = new Hono<ApiEnv>();

  api.get("/list", async (context) => {
    const speciality = context.req.query("speciality");
    const found = speciality ? findSpeciality(speciality) : undefined;
    const doctors =
      speciality && !found
        ? []
        : await listConsultants(context.var.db, { speciality: found?.name, zone: context.var.env.AGENCY_TZ });
    return context.json({ success: true, doctors });
  });

  api.get("/:id/slots", async (context) => {
    const consultant = await findConsultant(context.var.db, context.req.param("id"));
    if (!consultant) throw new FeatureError("not-found", "We could not find that consultant.");
    const days = await consultantSlots(context.var.db, consultant, { zone: context.var.env.AGENCY_TZ });
    return context.json({
      success: true,
      timeZone: context.var.env.AGENCY_TZ,
      available: consultant.available,
      days,
    });
  });

  return api;
}
