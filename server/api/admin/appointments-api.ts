import type { Context } from "hono";
import { Hono } from "hono";
import { recordAttendance } from "~/features/booking/attendance.server";
import { staffCancelAppointment } from "~/features/booking/cancellation.server";
import { listStaffAppointments, parseAppointmentFilters } from "~/features/booking/staff-appointments.server";
import { rescheduleAppointment } from "~/features/booking/staff-changes.server";
import { waitlistSettingsFrom } from "~/features/waitlist/offers.server";
import { describeTime } from "~/lib/dates";
import { type ApiEnv, requireApiRole } from "../api-env";
import { legacyStart, staffAppointment } from "../legacy-shapes";
import { legacyRequestStart, legacyRescheduleSchema } from "../legacy-slots";
import { readJsonObject } from "../request-body";

function changeContext(context: Context<ApiEnv>) {
  return {
    zone: context.get("env").AGENCY_TZ,
    agencyEmail: context.get("env").AGENCY_EMAIL,
    waitlist: waitlistSettingsFrom(context.get("env")),
    now: context.get("clock")(),
  };
}

/**
 * GET /api/admin/appointments (query `status, consultantId, from, to, q, sort, page`), and POST
 * /api/admin/appointments/{id}/complete, /no-show, /cancel (`reason`, `refundAnyway`) and
 * /reschedule (`slotDate, slotTime`).
 */
export function adminAppointmentsApi() {
  const api = new Hono<ApiEnv>();

  api.get("/", async (context) => {
    const filters = parseAppointmentFilters(context.req.query());
    const zone = context.get("env").AGENCY_TZ;
    const page = await listStaffAppointments(context.get("db"), filters, { zone });
    return context.json({
      success: true,
      appointments: page.rows.map((row) => staffAppointment(row, zone)),
      page: page.page,
      hasMore: page.hasMore,
      total: page.total,
      totalIsCapped: page.totalIsCapped,
    });
  });

  for (const [path, outcome, message] of [
    ["complete", "completed", "Appointment marked completed"],
    ["no-show", "no_show", "Appointment marked as a no-show"],
  ] as const) {
    api.post(`/:appointmentId/${path}`, async (context) => {
      const staff = requireApiRole(context, "admin");
      await recordAttendance(context.get("db"), context.req.param("appointmentId"), outcome, staff, {
        now: context.get("clock")(),
        publicUrl: context.get("env").publicUrl,
      });
      return context.json({ success: true, message });
    });
  }

  api.post("/:appointmentId/cancel", async (context) => {
    const staff = requireApiRole(context, "admin");
    const body = await readJsonObject(context);
    const cancelled = await staffCancelAppointment(
      context.get("db"),
      context.req.param("appointmentId"),
      body,
      staff,
      {
        ...changeContext(context),
        payments: context.get("payments"),
      },
    );
    return context.json({
      success: true,
      message: cancelled.refundedAt ? "Appointment cancelled and payment refunded" : "Appointment cancelled",
    });
  });

  api.post("/:appointmentId/reschedule", async (context) => {
    const staff = requireApiRole(context, "admin");
    const body = await readJsonObject(context);
    const startsAt = legacyRequestStart(legacyRescheduleSchema, body, context.get("env").AGENCY_TZ);
    const moved = await rescheduleAppointment(
      context.get("db"),
      context.req.param("appointmentId"),
      { startsAt, sequence: body.sequence },
      { kind: "staff", staff },
      changeContext(context),
    );
    const zone = context.get("env").AGENCY_TZ;
    return context.json({
      success: true,
      message: `Appointment moved to ${describeTime(moved.startsAt, zone)}`,
      ...legacyStart(moved.startsAt, zone),
    });
  });

  return api;
}
