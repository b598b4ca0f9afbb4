import { type Appointment, appointments, users } from "@db/schema";
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { type Actor, recordAudit } from "~/features/audit/audit.server";
import { refuseCalendarConflict } from "~/features/calendars/calendar-blocks.server";
import { queueCalendarWrites } from "~/features/calendars/calendar-writes.server";
import { consultantWorksAt, findConsultant } from "~/features/consultants/consultants.server";
import { enqueueEmail } from "~/features/email/outbox.server";
import {
  appointmentRescheduledEmail,
  appointmentRescheduledNoticeEmail,
} from "~/features/email/templates/appointment-change-emails";
import { offerFreedSlots, settleHeldSlot, type WaitlistSettings } from "~/features/waitlist/offers.server";
import type { Database } from "~/infra/db.server";
import { describeTime } from "~/lib/dates";
import { changedBySomeoneElse, FeatureError, isUniqueViolation, parseInput } from "~/lib/errors";
import { isUuid } from "~/lib/record-id";
import { OUTSIDE_WORKING_HOURS_MESSAGE, requireBookableSlot, SLOT_TAKEN_MESSAGE } from "./booking.server";
import { appointmentInvite } from "./calendar-invite";
import { remindersForNewTime } from "./reminders.server";
import { APPOINTMENT_NOT_FOUND } from "./staff-appointments.server";
import { rescheduleSchema } from "./staff-appointments-schema";

export interface ChangeContext {
  zone: string;
  agencyEmail: string;
  /** A move frees the old time: it is offered to the first customer waiting for its day. */
  waitlist: WaitlistSettings;
  now: Date;
}

/** The appointment, or 404; `userId` limits it to one customer's own (anyone else's is "missing"). */
export async function loadAppointment(
  db: Database,
  appointmentId: unknown,
  userId?: string,
): Promise<Appointment> {
  if (!isUuid(appointmentId)) throw new FeatureError("not-found", APPOINTMENT_NOT_FOUND);
  const [appointment] = await db
    .select()
    .from(appointments)
    .where(and(eq(appointments.id, appointmentId), userId ? eq(appointments.userId, userId) : undefined))
    .limit(1);
  if (!appointment) throw new FeatureError("not-found", APPOINTMENT_NOT_FOUND);
  return appointment;
}

/**
 * Why an appointment can no longer change (cancel or move), or nothing when it still can. The
 * customer is told in their words; staff also what to do instead.
 */
export function refuseChange(
  appointment: Appointment,
  now: Date,
  doing: "cancelled" | "moved",
  who: "customer" | "staff" = "staff",
): void {
  if (appointment.cancelledAt) throw new FeatureError("conflict", "This appointment is already cancelled.");
  if (who === "customer" && doing === "cancelled") {
    if (appointment.completedAt)
      throw new FeatureError("conflict", "A completed appointment cannot be cancelled.");
    if (appointment.noShowAt)
      throw new FeatureError(
        "conflict",
        "This appointment is marked as a no-show, so it cannot be cancelled.",
      );
    if (appointment.startsAt <= now)
      throw new FeatureError(
        "conflict",
        "This appointment has already started, so it can no longer be cancelled.",
      );
    return;
  }
  if (appointment.completedAt || appointment.noShowAt) {
    throw new FeatureError(
      "conflict",
      `This appointment is already marked ${appointment.completedAt ? "completed" : "as a no-show"}, so it cannot be ${doing}.`,
    );
  }
  if (appointment.startsAt <= now) {
    throw new FeatureError(
      "conflict",
      `This appointment has already started, so it can no longer be ${doing}. Mark it completed or a no-show instead.`,
    );
  }
}

/** Still active, and (when the editor sent one) at the calendar sequence the editor saw. */
export function stillAsSeen(appointmentId: string, sequence: number | undefined): SQL {
  return and(
    eq(appointments.id, appointmentId),
    isNull(appointments.cancelledAt),
    isNull(appointments.completedAt),
    isNull(appointments.noShowAt),
    sequence === undefined ? undefined : eq(appointments.calendarSequence, sequence),
  )!;
}

/** Who moves an appointment: its customer (their own only), or staff on the customer's behalf. */
export type RescheduleActor = { kind: "customer"; userId: string } | { kind: "staff"; staff: Actor };

/**
 * Moves an appointment to the slot starting at `input.startsAt` (a `Date`, or an ISO instant from a
 * form) of the same consultant, keeping its payment. The new slot
 * obeys every booking rule (the grid, the window, the consultant available and working then, and
 * the database's one-booking-per-slot index). The move, the raised calendar sequence, the
 * customer's updated invitation (same UID), the agency's notice and, for staff, the audit entry
 * are one transaction.
 */
export async function rescheduleAppointment(
  db: Database,
  appointmentId: unknown,
  input: unknown,
  actor: RescheduleActor,
  context: ChangeContext,
): Promise<Appointment> {
  const existing = await loadAppointment(
    db,
    appointmentId,
    actor.kind === "customer" ? actor.userId : undefined,
  );
  const request = parseInput(rescheduleSchema, input);
  const { now, zone } = context;
  refuseChange(existing, now, "moved");
  if (request.sequence !== undefined && request.sequence !== existing.calendarSequence) {
    throw changedBySomeoneElse();
  }
  const { startsAt } = request;
  requireBookableSlot(startsAt, { now, zone });
  if (startsAt.getTime() === existing.startsAt.getTime()) {
    const message = "The appointment is already at that time. Please choose a different slot.";
    throw new FeatureError("invalid", message, { startsAt: message });
  }
  const consultant = await findConsultant(db, existing.consultantId, { includeArchived: true });
  if (!consultant || consultant.archivedAt || !consultant.available) {
    throw new FeatureError("conflict", "This consultant is not taking bookings at the moment.");
  }
  if (!consultantWorksAt(consultant, startsAt, zone)) {
    throw new FeatureError("conflict", OUTSIDE_WORKING_HOURS_MESSAGE, {
      startsAt: OUTSIDE_WORKING_HOURS_MESSAGE,
    });
  }
  try {
    return await db.transaction(async (transaction) => {
      await refuseCalendarConflict(transaction, consultant.id, startsAt, now);
      await settleHeldSlot(transaction, consultant.id, startsAt, existing.userId, now);
      const [moved] = await transaction
        .update(appointments)
        .set({
          startsAt,
          calendarSequence: sql`${appointments.calendarSequence} + 1`,
          // Reminders already sent were for the old time; the new time gets its own.
          ...remindersForNewTime(startsAt, now),
        })
        .where(stillAsSeen(existing.id, existing.calendarSequence))
        .returning();
      if (!moved) throw changedBySomeoneElse();
      await queueCalendarWrites(transaction, moved.id, [moved.consultantId], now);
      await offerFreedSlots(transaction, moved.consultantId, [existing.startsAt], context.waitlist, now);
      const [customer] = await transaction.select().from(users).where(eq(users.id, moved.userId));
      const mail = {
        appointment: moved,
        customer: customer!,
        zone,
        previousStartsAt: existing.startsAt,
        movedBy: actor.kind,
        invite: appointmentInvite(
          moved,
          { customer: customer!, agencyEmail: context.agencyEmail },
          "request",
        ),
      } as const;
      await enqueueEmail(transaction, appointmentRescheduledEmail(mail));
      await enqueueEmail(
        transaction,
        appointmentRescheduledNoticeEmail({
          ...mail,
          agencyEmail: context.agencyEmail,
          actorEmail: actor.kind === "staff" ? actor.staff.email : customer!.email,
        }),
      );
      if (actor.kind === "staff") {
        await recordAudit(
          transaction,
          actor.staff,
          {
            action: "appointment.reschedule",
            targetType: "appointment",
            targetId: moved.id,
            summary: `Moved to ${describeTime(moved.startsAt, zone)}`,
            before: { startsAt: existing.startsAt.toISOString() },
            after: { startsAt: moved.startsAt.toISOString() },
          },
          now,
        );
      }
      return moved;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new FeatureError("conflict", SLOT_TAKEN_MESSAGE, { startsAt: SLOT_TAKEN_MESSAGE });
    }
    throw error;
  }
}
