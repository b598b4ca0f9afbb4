import type { Actor } from "~/features/audit/audit.server";
import type { Database } from "~/infra/db.server";
import { type CalendarView, disconnectCalendar, saveCalendarSettings } from "./calendar-connections.server";
import type { CalendarContext } from "./calendar-context.server";
import type { CalendarIntent } from "./calendar-panel-data";
import { syncConsultantCalendarNow } from "./calendar-sync.server";

/** Connected, and read; or connected, but its first full read failed (said in words). */
function connectedToast(view: CalendarView): { kind: "success" | "error"; message: string } {
  return view.lastError
    ? { kind: "error", message: `Calendar connected, but it could not be read: ${view.lastError}` }
    : { kind: "success", message: `Calendar connected: ${view.busyCount} busy times read` };
}

/**
 * Does what the panel's form asked for the consultant (the consultant themselves, or staff for
 * them) and says how it went, as the toast to show. A refused connection throws a FeatureError
 * with the field's error.
 */
export async function runCalendarIntent(
  db: Database,
  consultantId: string,
  intent: CalendarIntent,
  form: Record<string, string>,
  context: CalendarContext,
  staff?: Actor,
): Promise<{ kind: "success" | "error"; message: string }> {
  switch (intent) {
    case "calendar-caldav": {
      const { caldavUrl, username, password } = form;
      const view = await saveCalendarSettings(
        db,
        consultantId,
        { caldavUrl, username, password },
        context,
        staff,
      );
      return connectedToast(view);
    }
    case "calendar-ics": {
      const view = await saveCalendarSettings(db, consultantId, { icsUrl: form.icsUrl }, context, staff);
      return connectedToast(view);
    }
    case "calendar-sync": {
      const synced = await syncConsultantCalendarNow(db, consultantId, context);
      return synced.lastError
        ? { kind: "error", message: `Sync failed: ${synced.lastError}` }
        : { kind: "success", message: `Calendar synced: ${synced.busyCount} busy times read` };
    }
    case "calendar-disconnect":
      await disconnectCalendar(db, consultantId, context, staff);
      return { kind: "success", message: "Calendar disconnected" };
    case "calendar-rotate-feed":
      await saveCalendarSettings(db, consultantId, { rotateFeed: true }, context, staff);
      return { kind: "success", message: "A new feed address was made; the old one no longer works." };
  }
}
