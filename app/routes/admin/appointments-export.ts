import { DateTime } from "luxon";
import { appointmentCsvLines, parseAppointmentFilters } from "~/features/booking/staff-appointments.server";
import { requireRole } from "~/infra/auth-guard.server";
import { FeatureError } from "~/lib/errors";
import type { Route } from "./+types/appointments-export";

/** The filtered appointments list as a CSV download, streamed so a large export starts at once. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireRole(request, context, "admin");
  const zone = context.env.AGENCY_TZ;
  let filters: ReturnType<typeof parseAppointmentFilters>;
  try {
    filters = parseAppointmentFilters(Object.fromEntries(new URL(request.url).searchParams));
  } catch (error) {
    if (!(error instanceof FeatureError)) throw error;
    return new Response(error.message, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const lines = appointmentCsvLines(context.db, filters, { zone });
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // A byte-order mark, so spreadsheet programs read names with accents as UTF-8.
      controller.enqueue(encoder.encode("\uFEFF"));
    },
    async pull(controller) {
      const next = await lines.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  const day = DateTime.fromJSDate(context.clock(), { zone }).toISODate();
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="appointments-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
