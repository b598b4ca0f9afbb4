import type { Context } from "hono";
import { Hono } from "hono";
import { type AttendanceOutcome, recordAttendance } from "~/features/booking/attendance.server";
import { listOwnAppointments } from "~/features/consultants/portal.server";
import { FeatureError } from "~/lib/errors";
import { type ApiEnv, NOT_ALLOWED, onlyRoles, requireApiRole } from "./api-env";
import { calendarApi } from "./calendar-api";
import { portalAppointment } from "./legacy-shapes";

/** The consultant account and the consultant profile it speaks for; an unlinked account may do nothing. */
function requirePortalUser(context: Context<ApiEnv>) {
  const user = requireApiRole(context, "consultant");
  if (!user.consultantId) throw new FeatureError("forbidden", NOT_ALLOWED);
  return { user, consultantId: user.consultantId };
}

const attendanceMessages: Record<AttendanceOutcome, string> = {
  completed: "Appointment marked completed",
  no_show: "Appointment marked as a no-show",
};

/**
 * The consultant portal's API: a consultant account, about its own consultant profile only.
 * GET /appointments (query `when`: `upcoming` (default) or `started`, and `page`); POST
 * /appointments/{id}/complete and /no-show once it has started. Another consultant's appointment
 * is reported as missing. /calendar: the consultant's own calendar connection (calendar-api.ts).
 */
export function consultantPortalApi() {
  const api = new Hono<ApiEnv>();
  api.use("*", onlyRoles("consultant"));

  api.get("/appointments", async (context) => {
    const { consultantId } = requirePortalUser(context);
    const when = context.req.query("when") ?? "upcoming";
    if (when !== "upcoming" && when !== "started") {
      throw new FeatureError("invalid", "The list must be upcoming or started.");
    }
    const page = await listOwnAppointments(context.get("db"), consultantId, {
      now: context.get("clock")(),
      when,
      page: Number(context.req.query("page") ?? 1),
    });
    const zone = context.get("env").AGENCY_TZ;
    return context.json({
      success: true,
      appointments: page.appointments.map((row) => portalAppointment(row, zone)),
      page: page.page,
      pageCount: page.pageCount,
      total: page.total,
    });
  });

  for (const [path, outcome] of [
    ["complete", "completed"],
    ["no-show", "no_show"],
  ] as const) {
    api.post(`/appointments/:id/${path}`, async (context) => {
      const { user, consultantId } = requirePortalUser(context);
      await recordAttendance(context.get("db"), context.req.param("id"), outcome, user, {
        now: context.get("clock")(),
        publicUrl: context.get("env").publicUrl,
        onlyConsultantId: consultantId,
      });
      return context.json({ success: true, message: attendanceMessages[outcome] });
    });
  }

  api.route(
    "/calendar",
    calendarApi(async (context) => ({ consultantId: requirePortalUser(context).consultantId })),
  );

  return api;
}
