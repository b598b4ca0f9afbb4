import { type Context, Hono } from "hono";
import type { Actor } from "~/features/audit/audit.server";
import {
  type CalendarView,
  calendarView,
  disconnectCalendar,
  saveCalendarSettings,
} from "~/features/calendars/calendar-connections.server";
import { requestCalendarContext } from "~/features/calendars/calendar-context.server";
import { syncConsultantCalendarNow } from "~/features/calendars/calendar-sync.server";
import { offerTimesFreedByCalendar, waitlistSettingsFrom } from "~/features/waitlist/offers.server";
import type { ApiEnv } from "./api-env";
import { readJsonObject } from "./request-body";

/** DESIGN §4's `calendar` shape (never the password), plus what staff and the consultant act on. */
function calendarShape(view: CalendarView) {
  return {
    kind: view.kind,
    url: view.url,
    username: view.username,
    lastSyncedAt: view.lastSyncedAt?.toISOString() ?? null,
    lastError: view.lastError,
    busyCount: view.busyCount,
    feedUrl: view.feedUrl,
    failingSince: view.failingSince?.toISOString() ?? null,
    withheld: view.withheld,
    pendingWrites: view.pendingWrites,
    failedWrites: view.failedWrites,
    lastWriteError: view.lastWriteError,
  };
}

/**
 * A consultant's calendar connection: GET, PUT `{caldavUrl, username, password}`, `{icsUrl}` or
 * `{rotateFeed: true}`, DELETE, and POST /sync ("Sync now"). Mounted for the consultant
 * (/api/consultant-portal/calendar) and for staff (/api/admin/consultants/{id}/calendar);
 * `consultantOf` decides whose calendar a request may touch.
 */
export function calendarApi(
  consultantOf: (context: Context<ApiEnv>) => Promise<{ consultantId: string; staff?: Actor }>,
) {
  const api = new Hono<ApiEnv>();
  const settings = (context: Context<ApiEnv>) =>
    requestCalendarContext(
      { env: context.get("env"), secrets: context.get("secrets"), clock: context.get("clock") },
      offerTimesFreedByCalendar(waitlistSettingsFrom(context.get("env"))),
    );

  api.get("/", async (context) => {
    const { consultantId } = await consultantOf(context);
    const view = await calendarView(context.get("db"), consultantId, settings(context));
    return context.json({ success: true, calendar: calendarShape(view) });
  });
  api.put("/", async (context) => {
    const { consultantId, staff } = await consultantOf(context);
    const body = await readJsonObject(context);
    const view = await saveCalendarSettings(context.get("db"), consultantId, body, settings(context), staff);
    const message =
      "rotateFeed" in body
        ? "A new feed address was made; the old one no longer works."
        : view.lastError
          ? `Calendar connected, but it could not be read: ${view.lastError}`
          : "Calendar connected";
    return context.json({ success: true, message, calendar: calendarShape(view) });
  });
  api.delete("/", async (context) => {
    const { consultantId, staff } = await consultantOf(context);
    const view = await disconnectCalendar(context.get("db"), consultantId, settings(context), staff);
    return context.json({ success: true, message: "Calendar disconnected", calendar: calendarShape(view) });
  });
  api.post("/sync", async (context) => {
    const { consultantId } = await consultantOf(context);
    await syncConsultantCalendarNow(context.get("db"), consultantId, settings(context));
    const view = await calendarView(context.get("db"), consultantId, settings(context));
    return context.json({ success: true, calendar: calendarShape(view) });
  });
  return api;
}
