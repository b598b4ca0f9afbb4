import { type Appointment, appointments } from "@db/schema";
import { and, eq, isNull } from "drizzle-orm";
import { type Actor, recordAudit } from "~/features/audit/audit.server";
import { queueReviewInvitation } from "~/features/reviews/reviews.server";
import type { Database } from "~/infra/db.server";
import { FeatureError } from "~/lib/errors";
import { isUuid } from "~/lib/record-id";
import { appointmentStatus } from "./appointment-status";

export type AttendanceOutcome = "completed" | "no_show";

const NOT_FOUND = "We could not find that appointment.";

/**
 * Records what happened at an appointment: it took place, or the customer did not come. Only
 * once it has started, never for a cancelled one, and once. A consultant may record it only for
 * their own appointments (`onlyConsultantId`); anyone else's is reported as missing.
 */
export async function recordAttendance(
  db: Database,
  appointmentId: unknown,
  outcome: AttendanceOutcome,
  actor: Actor,
  options: { now: Date; publicUrl: string; onlyConsultantId?: string },
): Promise<Appointment> {
  if (!isUuid(appointmentId)) throw new FeatureError("not-found", NOT_FOUND);
  const { now } = options;
  return db.transaction(async (transaction) => {
    const [current] = await transaction
      .select()
      .from(appointments)
      .where(
        and(
          eq(appointments.id, appointmentId),
          options.onlyConsultantId ? eq(appointments.consultantId, options.onlyConsultantId) : undefined,
        ),
      )
      .for("update");
    if (!current) throw new FeatureError("not-found", NOT_FOUND);
    if (current.cancelledAt) {
      throw new FeatureError("conflict", "This appointment was cancelled, so it cannot be marked.");
    }
    if (current.completedAt || current.noShowAt) {
      throw new FeatureError(
        "conflict",
        `This appointment is already marked ${current.completedAt ? "completed" : "as a no-show"}.`,
      );
    }
    if (current.startsAt > now) {
      throw new FeatureError(
        "conflict",
        "This appointment has not started yet. It can be marked once its start time has passed.",
      );
    }
    const [updated] = await transaction
      .update(appointments)
      .set(outcome === "completed" ? { completedAt: now } : { noShowAt: now })
      .where(
        and(eq(appointments.id, current.id), isNull(appointments.completedAt), isNull(appointments.noShowAt)),
      )
      .returning();
    await recordAudit(
      transaction,
      actor,
      {
        action: outcome === "completed" ? "appointment.complete" : "appointment.no-show",
        targetType: "appointment",
        targetId: current.id,
        summary: outcome === "completed" ? "Marked completed" : "Marked as a no-show",
        before: { status: appointmentStatus(current) },
        after: { status: appointmentStatus(updated!) },
      },
      now,
    );
    if (outcome === "completed") await queueReviewInvitation(transaction, updated!, options.publicUrl);
    return updated!;
  });
}
