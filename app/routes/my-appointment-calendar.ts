import { ownAppointmentCalendarFile } from "~/features/booking/appointments.server";
import { requireUser } from "~/infra/auth-guard.server";
import { FeatureError } from "~/lib/errors";
import type { Route } from "./+types/my-appointment-calendar";

/** "Add to calendar" → "Download .ics": the signed-in customer's own appointment, nobody else's. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  try {
    const calendar = await ownAppointmentCalendarFile(
      context.db,
      user,
      params.appointmentId,
      context.env.AGENCY_EMAIL,
    );
    return new Response(calendar, {
      headers: {
        "Content-Type": "text/calendar; charset=utf-8",
        "Content-Disposition": 'attachment; filename="va-hub-appointment.ics"',
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (error instanceof FeatureError && error.kind === "not-found") {
      return new Response(error.message, {
        status: 404,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
      });
    }
    throw error;
  }
}
