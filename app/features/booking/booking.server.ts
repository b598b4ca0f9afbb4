import { and, count, desc, eq, gt, isNull } from "drizzle-orm";
import { site } from "~/content/site";
import type { Database } from "~/infra/db.server";
import type { Environment } from "~/infra/env.server";
import { consumeRateLimit } from "~/infra/rate-limit.server";
import { FeatureError, parseInput } from "~/lib/errors";
import { type Appointment, appointments, type ConsultantSnapshot, users } from "../../../db/schema";
import { findConsultant, isUuid, snapshotOf } from "../consultants/consultants.server";
import { enqueueEmail } from "../email/outbox.server";
import { appointmentReferenceSchema, type BookingRequest, bookingRequestSchema } from "./booking-schema";
import { calendarInvite } from "./calendar-invite";
import { resolveSlot, SLOT_MINUTES, type SlotProblem, slotOf } from "./slots";

export const MAX_UNPAID_UPCOMING = 3;
export const SLOT_TAKEN_MESSAGE = "This slot is no longer available. Please choose another time.";

export interface BookingContext {
  zone: string;
  agencyEmail: string;
  /** Bookings a minute per user. */
  perUserPerMinute: number;
  now?: Date;
}

/** Booking settings from the request context. */
export function bookingContextFrom(context: { env: Environment }): BookingContext {
  return {
    zone: context.env.AGENCY_TZ,
    agencyEmail: context.env.AGENCY_EMAIL,
    perUserPerMinute: context.env.RATE_LIMIT_BOOKINGS_PER_MINUTE,
  };
}

/** The old clients' appointment shape (`/api/user/appointments`). */
export interface PublicAppointment {
  _id: string;
  docId: string;
  docData: ConsultantSnapshot;
  slotDate: string;
  slotTime: string;
  startsAt: string;
  amount: number;
  currency: string;
  cancelled: boolean;
  payment: boolean;
  /** The payment went back to the client when the appointment was cancelled. */
  refunded: boolean;
  isCompleted: boolean;
  /** When it was booked, in milliseconds since 1970 (as the old app sent it). */
  date: number;
}

export function toPublicAppointment(appointment: Appointment, zone: string): PublicAppointment {
  const slot = slotOf(appointment.startsAt, zone);
  return {
    _id: appointment.id,
    docId: appointment.consultantId,
    docData: appointment.consultantSnapshot,
    slotDate: slot.slotDate,
    slotTime: slot.slotTime,
    startsAt: appointment.startsAt.toISOString(),
    amount: appointment.amountCents / 100,
    currency: appointment.currency,
    cancelled: appointment.cancelledAt !== null,
    payment: appointment.paidAt !== null,
    refunded: appointment.refundedAt !== null,
    isCompleted: appointment.completedAt !== null,
    date: appointment.createdAt.getTime(),
  };
}

const slotMessages: Record<SlotProblem, string> = {
  malformed: "Please choose a day and time from the list of available slots.",
  "off-grid": "Appointments start on the hour or half hour between 10:00 AM and 8:30 PM.",
  past: "This time has already passed. Please choose a later slot.",
  "outside-window": "Appointments can be booked up to seven days ahead.",
};

/**
 * Books a 30-minute slot for the signed-in user. Every rule is checked here, whatever the form
 * did; the database's unique index settles a race for the same slot.
 */
export async function bookAppointment(
  db: Database,
  userId: string,
  input: BookingRequest | unknown,
  context: BookingContext,
): Promise<PublicAppointment> {
  const now = context.now ?? new Date();
  await consumeRateLimit(
    db,
    { key: `booking:user:${userId}`, limit: context.perUserPerMinute, windowSeconds: 60 },
    now,
  );
  const request = parseInput(bookingRequestSchema, input);
  const consultant = await findConsultant(db, request.docId);
  if (!consultant) throw new FeatureError("not-found", "We could not find that consultant.");
  if (!consultant.available) {
    throw new FeatureError("conflict", "This consultant is not taking bookings at the moment.");
  }
  const resolved = resolveSlot(request.slotDate, request.slotTime, { now, zone: context.zone });
  if (!resolved.ok)
    throw new FeatureError("invalid", slotMessages[resolved.problem], {
      slotTime: slotMessages[resolved.problem],
    });

  try {
    return await db.transaction(async (transaction) => {
      // Holding the user's row makes the unpaid-bookings count exact under concurrent requests.
      const [user] = await transaction.select().from(users).where(eq(users.id, userId)).for("update");
      if (!user) throw new FeatureError("unauthenticated", "Not authorized. Please log in again.");
      const [unpaid] = await transaction
        .select({ total: count() })
        .from(appointments)
        .where(
          and(
            eq(appointments.userId, userId),
            isNull(appointments.cancelledAt),
            isNull(appointments.paidAt),
            gt(appointments.startsAt, now),
          ),
        );
      if ((unpaid?.total ?? 0) >= MAX_UNPAID_UPCOMING) {
        throw new FeatureError(
          "conflict",
          `You already have ${MAX_UNPAID_UPCOMING} unpaid upcoming appointments. Please pay for or cancel one before booking another.`,
        );
      }
      const [appointment] = await transaction
        .insert(appointments)
        .values({
          userId,
          consultantId: consultant.id,
          startsAt: resolved.startsAt,
          amountCents: consultant.feeCents,
          currency: consultant.currency,
          consultantSnapshot: snapshotOf(consultant),
          createdAt: now,
        })
        .returning();
      await enqueueBookingEmails(transaction, appointment!, user, context, "booked");
      return toPublicAppointment(appointment!, context.zone);
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new FeatureError("conflict", SLOT_TAKEN_MESSAGE, { slotTime: SLOT_TAKEN_MESSAGE });
    throw error;
  }
}

export async function listAppointments(
  db: Database,
  userId: string,
  zone: string,
): Promise<PublicAppointment[]> {
  const rows = await db
    .select()
    .from(appointments)
    .where(eq(appointments.userId, userId))
    .orderBy(desc(appointments.createdAt), desc(appointments.startsAt));
  return rows.map((row) => toPublicAppointment(row, zone));
}

/** The user's own appointment; someone else's is reported as missing, so ids reveal nothing. */
export async function findOwnAppointment(
  db: Database,
  userId: string,
  appointmentId: unknown,
): Promise<Appointment> {
  const [appointment] = isUuid(appointmentId)
    ? await db
        .select()
        .from(appointments)
        .where(and(eq(appointments.id, appointmentId), eq(appointments.userId, userId)))
        .limit(1)
    : [];
  if (!appointment) throw new FeatureError("not-found", "We could not find that appointment.");
  return appointment;
}

/** What a paid cancellation gives back, prepared before the cancellation is written. */
export interface PreparedRefund {
  /** Records the refund in the cancellation's transaction (payment row, e-mail). */
  apply(transaction: Transaction): Promise<void>;
}

/** Decides on and performs a refund for a paid appointment being cancelled; undefined means none. */
export type Refunder = (appointment: Appointment, now: Date) => Promise<PreparedRefund | undefined>;

/**
 * Cancels the user's appointment and frees its slot at once. A paid appointment is refunded when
 * the `refund` step says so (the payments feature: 24 hours or more ahead).
 */
export async function cancelAppointment(
  db: Database,
  userId: string,
  input: unknown,
  context: Omit<BookingContext, "perUserPerMinute"> & { refund?: Refunder },
): Promise<PublicAppointment> {
  const { appointmentId } = parseInput(appointmentReferenceSchema, input);
  const now = context.now ?? new Date();
  const existing = await findOwnAppointment(db, userId, appointmentId);
  if (existing.cancelledAt) throw new FeatureError("conflict", "This appointment is already cancelled.");
  if (existing.completedAt)
    throw new FeatureError("conflict", "A completed appointment cannot be cancelled.");
  if (existing.startsAt <= now) {
    throw new FeatureError(
      "conflict",
      "This appointment has already started, so it can no longer be cancelled.",
    );
  }
  const refund = context.refund ? await context.refund(existing, now) : undefined;
  return db.transaction(async (transaction) => {
    const [cancelled] = await transaction
      .update(appointments)
      .set({ cancelledAt: now, ...(refund ? { refundedAt: now } : {}) })
      .where(
        and(
          eq(appointments.id, appointmentId),
          eq(appointments.userId, userId),
          isNull(appointments.cancelledAt),
          isNull(appointments.completedAt),
        ),
      )
      .returning();
    if (!cancelled) {
      const [current] = await transaction
        .select()
        .from(appointments)
        .where(eq(appointments.id, appointmentId));
      throw new FeatureError(
        "conflict",
        current?.completedAt
          ? "A completed appointment cannot be cancelled."
          : "This appointment is already cancelled.",
      );
    }
    if (refund) await refund.apply(transaction);
    const [user] = await transaction.select().from(users).where(eq(users.id, userId));
    await enqueueBookingEmails(transaction, cancelled, user!, context, "cancelled");
    return toPublicAppointment(cancelled, context.zone);
  });
}

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

async function enqueueBookingEmails(
  transaction: Transaction,
  appointment: Appointment,
  user: { name: string; email: string },
  context: Pick<BookingContext, "zone" | "agencyEmail">,
  event: "booked" | "cancelled",
) {
  const consultant = appointment.consultantSnapshot;
  const when = describeTime(appointment.startsAt, context.zone);
  const invite = calendarInvite(
    {
      appointmentId: appointment.id,
      startsAt: appointment.startsAt,
      durationMinutes: SLOT_MINUTES,
      title: `Consultation with ${consultant.name} (${site.name})`,
      description: `${SLOT_MINUTES}-minute consultation with ${consultant.name}, ${consultant.speciality}.`,
      location: `${consultant.address.line1}, ${consultant.address.line2}`,
      organizer: { name: site.name, email: context.agencyEmail },
      attendee: { name: user.name, email: user.email },
    },
    event === "booked" ? "request" : "cancel",
  );
  const amount = `$${(appointment.amountCents / 100).toFixed(2)}`;
  if (event === "booked") {
    await enqueueEmail(transaction, {
      kind: "appointment-confirmation",
      to: user.email,
      subject: `Your consultation with ${consultant.name} on ${when}`,
      text: [
        `Hello ${user.name},`,
        "",
        `Your ${SLOT_MINUTES}-minute consultation with ${consultant.name} (${consultant.speciality}) is booked for ${when}.`,
        `Fee: ${amount}. You can pay online from My Appointments.`,
        "",
        "The attached invitation adds it to your calendar.",
        "",
        site.name,
      ].join("\n"),
      attachments: [invite],
    });
    await enqueueEmail(transaction, {
      kind: "appointment-booked-notice",
      to: context.agencyEmail,
      replyTo: user.email,
      subject: `New booking: ${consultant.name}, ${when}`,
      text: `${user.name} <${user.email}> booked ${consultant.name} (${consultant.speciality}) for ${when}. Fee ${amount}. Appointment ${appointment.id}.`,
    });
  } else {
    await enqueueEmail(transaction, {
      kind: "appointment-cancellation",
      to: user.email,
      subject: `Cancelled: your consultation with ${consultant.name} on ${when}`,
      text: [
        `Hello ${user.name},`,
        "",
        `Your consultation with ${consultant.name} on ${when} is cancelled and the time is free again.`,
        "The attached update removes it from your calendar.",
        "",
        site.name,
      ].join("\n"),
      attachments: [invite],
    });
    await enqueueEmail(transaction, {
      kind: "appointment-cancelled-notice",
      to: context.agencyEmail,
      subject: `Cancelled booking: ${consultant.name}, ${when}`,
      text: `${user.name} <${user.email}> cancelled the consultation with ${consultant.name} on ${when}. Appointment ${appointment.id}.`,
    });
  }
}

/** "Tuesday, May 4, 2027 at 1:30 PM EDT" in the agency's zone. */
export function describeTime(startsAt: Date, zone: string): string {
  return new Intl.DateTimeFormat("en-US", {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: zone,
    timeZoneName: "short",
  })
    .format(startsAt)
    .replace(/, (\d{1,2}:\d{2})/, " at $1");
}

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
