/**
 * Reminder e-mails 24 hours and 1 hour before an appointment (DESIGN.md §5 "Reminders"): each
 * once, however many server processes look at the same time, and never for an appointment that
 * was cancelled, completed or missed.
 */

import { type Appointment, appointments, users } from "@db/schema";
import { and, asc, gt, inArray, isNull, lte } from "drizzle-orm";
import { enqueueEmail } from "~/features/email/outbox.server";
import { appointmentReminderEmail, type ReminderLead } from "~/features/email/templates/reminder-emails";
import type { Database } from "~/infra/db.server";

const HOUR_MS = 3_600_000;

/** How long before the start each reminder goes. */
const REMINDER_LEAD_MS: Record<ReminderLead, number> = { day: 24 * HOUR_MS, hour: HOUR_MS };

const sentAtColumn = {
  day: appointments.reminderDaySentAt,
  hour: appointments.reminderHourSentAt,
} as const;

/**
 * The reminder columns for an appointment whose time is chosen now (booked or moved). A reminder
 * whose moment has already passed is marked done at once: the customer has just been e-mailed the
 * time and the link, so it is never sent late. The others are cleared, so they go for this time.
 */
export function remindersForNewTime(
  startsAt: Date,
  now: Date,
): Pick<Appointment, "reminderDaySentAt" | "reminderHourSentAt"> {
  const ahead = startsAt.getTime() - now.getTime();
  return {
    reminderDaySentAt: ahead < REMINDER_LEAD_MS.day ? now : null,
    reminderHourSentAt: ahead < REMINDER_LEAD_MS.hour ? now : null,
  };
}

export interface ReminderContext {
  now: Date;
  /** The agency's zone: the time beside the customer's own, or alone when they have none. */
  zone: string;
  /** The site's public address, for the link to My Appointments. */
  publicUrl: string;
  /** Appointments claimed per transaction. */
  batchSize?: number;
}

export interface ReminderReport {
  day: number;
  hour: number;
}

/**
 * Queues the reminders that are due. Each batch is claimed with `FOR UPDATE SKIP LOCKED`, marked
 * sent and its e-mails written to the outbox in one transaction: a second process skips the rows
 * this one holds and, once it commits, no longer finds them due; a crash rolls back the marks and
 * the e-mails together, so a reminder is never lost or doubled. The day-ahead reminder is skipped
 * once the hour-ahead one is due (a server that was down does not send both at once).
 */
export async function queueDueReminders(db: Database, context: ReminderContext): Promise<ReminderReport> {
  const report: ReminderReport = { day: 0, hour: 0 };
  // The hour-ahead reminders first: they are the more urgent.
  for (const lead of ["hour", "day"] as const) {
    for (;;) {
      const queued = await queueBatch(db, lead, context);
      report[lead] += queued;
      if (queued < (context.batchSize ?? 50)) break;
    }
  }
  return report;
}

async function queueBatch(db: Database, lead: ReminderLead, context: ReminderContext): Promise<number> {
  const { now } = context;
  const sentAt = sentAtColumn[lead];
  const dueUntil = new Date(now.getTime() + REMINDER_LEAD_MS[lead]);
  // Not yet started, and (for the day-ahead one) not yet within the hour.
  const startsAfter = lead === "day" ? new Date(now.getTime() + REMINDER_LEAD_MS.hour) : now;
  return db.transaction(async (transaction) => {
    const due = await transaction
      .select({ id: appointments.id })
      .from(appointments)
      .where(
        and(
          isNull(sentAt),
          isNull(appointments.cancelledAt),
          isNull(appointments.completedAt),
          isNull(appointments.noShowAt),
          gt(appointments.startsAt, startsAfter),
          lte(appointments.startsAt, dueUntil),
        ),
      )
      .orderBy(asc(appointments.startsAt))
      .limit(context.batchSize ?? 50)
      .for("update", { skipLocked: true });
    if (due.length === 0) return 0;
    const claimed = await transaction
      .update(appointments)
      .set(lead === "day" ? { reminderDaySentAt: now } : { reminderHourSentAt: now })
      .where(
        and(
          inArray(
            appointments.id,
            due.map((row) => row.id),
          ),
          isNull(sentAt),
        ),
      )
      .returning();
    const customers = await transaction
      .select({ id: users.id, name: users.name, email: users.email, timeZone: users.timeZone })
      .from(users)
      .where(
        inArray(
          users.id,
          claimed.map((appointment) => appointment.userId),
        ),
      );
    const customerById = new Map(customers.map((customer) => [customer.id, customer]));
    for (const appointment of claimed) {
      const customer = customerById.get(appointment.userId)!;
      await enqueueEmail(
        transaction,
        appointmentReminderEmail({
          appointment,
          customer,
          zone: context.zone,
          lead,
          publicUrl: context.publicUrl,
        }),
      );
    }
    return claimed.length;
  });
}
