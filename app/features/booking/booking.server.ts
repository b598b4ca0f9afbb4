import { type Appointment, appointments, type Consultant, users } from "@db/schema";
import { and, count, eq, gt, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import { refuseCalendarConflict } from "~/features/calendars/calendar-blocks.server";
import { queueCalendarWrites } from "~/features/calendars/calendar-writes.server";
import { consultantWorksAt, findConsultant, snapshotOf } from "~/features/consultants/consultants.server";
import { enqueueEmails } from "~/features/email/outbox.server";
import {
  appointmentBookedNoticeEmail,
  appointmentConfirmationEmail,
} from "~/features/email/templates/booking-emails";
import { type SlotProblem, slotProblem } from "~/features/slot-grid/slots";
import {
  settleHeldSlot,
  type WaitlistSettings,
  waitlistSettingsFrom,
} from "~/features/waitlist/offers.server";
import { type Database, preparedPerDatabase, type Transaction } from "~/infra/db.server";
import type { Environment } from "~/infra/env.server";
import type { PaymentGateways } from "~/infra/payment-gateways.server";
import { consumeRateLimit } from "~/infra/rate-limit.server";
import { FeatureError, isUniqueViolation, parseInput } from "~/lib/errors";
import { DEFAULT_MEETING_URL_TEMPLATE, newMeetingUrl } from "~/lib/meeting-url";
import { ownActiveAppointmentAt } from "./appointments.server";
import { type BookingRequest, bookingRequestSchema } from "./booking-schema";
import { appointmentInvite } from "./calendar-invite";
import { remindersForNewTime } from "./reminders.server";

export const MAX_UNPAID_UPCOMING = 3;
export const SLOT_TAKEN_MESSAGE = "This slot is no longer available. Please choose another time.";
export const OUTSIDE_WORKING_HOURS_MESSAGE =
  "This consultant does not take appointments at that time. Please choose another slot.";

export interface BookingContext {
  zone: string;
  agencyEmail: string;
  /** Bookings a minute per user. */
  perUserPerMinute: number;
  /** The providers that refund a paid appointment when it is cancelled. */
  payments: PaymentGateways;
  /** MEETING_URL_TEMPLATE: each new appointment gets its own room (the default Jitsi one when unset). */
  meetingUrlTemplate?: string;
  /** How freed slots are offered to the waitlist (a customer's move frees one). */
  waitlist: WaitlistSettings;
  /** What is known without a query (the kept wing's, when the server keeps one): see BookingFacts. */
  facts?: BookingFacts;
  now?: Date;
}

/**
 * What a booking attempt may read before it asks the database: an attempt these facts already
 * show to be refused (consultant away, slot taken) is refused without a query, one they would
 * accept is checked against the database as always. In a rush for a few slots most attempts lose,
 * and each query runs on the thread that serves everyone (embedded database). The server's facts
 * are app/kept/booking-facts.server.ts.
 */
export interface BookingFacts {
  consultant(consultantId: string): Promise<Consultant | undefined>;
  /** The consultant's upcoming taken starts, in ms. */
  takenStarts(consultantId: string, now: Date): Promise<ReadonlySet<number>>;
  /** Runs attempts at the same slot one after another; `slot` names the consultant and start. */
  oneAtATime(slot: string, attempt: () => Promise<Appointment>): Promise<Appointment>;
}

/** Booking settings from the request context. */
export function bookingContextFrom(context: {
  env: Environment;
  payments: PaymentGateways;
  /** What the process keeps in memory (RequestContext.kept); its booking facts, when it keeps them. */
  kept?: { bookingFacts?: BookingFacts };
}): BookingContext {
  return {
    facts: context.kept?.bookingFacts,
    zone: context.env.AGENCY_TZ,
    agencyEmail: context.env.AGENCY_EMAIL,
    perUserPerMinute: context.env.RATE_LIMIT_BOOKINGS_PER_MINUTE,
    payments: context.payments,
    meetingUrlTemplate: context.env.MEETING_URL_TEMPLATE,
    waitlist: waitlistSettingsFrom(context.env),
  };
}

const slotMessages: Record<SlotProblem, string> = {
  "off-grid": "Appointments start on the hour or half hour between 10:00 AM and 8:30 PM.",
  past: "This time has already passed. Please choose a later slot.",
  "outside-window": "Appointments can be booked up to seven days ahead.",
};

/** Refuses a start that is off the grid, past, or beyond the window (400, beside the time field). */
export function requireBookableSlot(startsAt: Date, options: { now: Date; zone: string }): void {
  const problem = slotProblem(startsAt, options);
  if (problem) throw new FeatureError("invalid", slotMessages[problem], { startsAt: slotMessages[problem] });
}

/** One of the user's bookings (or moves) this minute (RATE_LIMIT_BOOKINGS_PER_MINUTE), or 429. */
export function consumeBookingAllowance(
  db: Database,
  userId: string,
  context: Pick<BookingContext, "perUserPerMinute">,
  now: Date,
): Promise<void> {
  return consumeRateLimit(
    db,
    { key: `booking:user:${userId}`, limit: context.perUserPerMinute, windowSeconds: 60 },
    now,
  );
}

/**
 * Books the 30-minute slot starting at `startsAt` for the signed-in user. Every rule is checked here, whatever the form
 * did; the database's unique index settles a race for the same slot.
 */
export async function bookAppointment(
  db: Database,
  userId: string,
  input: BookingRequest | unknown,
  context: BookingContext,
): Promise<Appointment> {
  const now = context.now ?? new Date();
  await consumeBookingAllowance(db, userId, context, now);
  const request = parseInput(bookingRequestSchema, input);
  const attempt = () => bookCheckedRequest(db, userId, request, context, now);
  if (!context.facts) return attempt();
  return context.facts.oneAtATime(
    `${request.docId.toLowerCase()} ${request.startsAt.toISOString()}`,
    attempt,
  );
}

/**
 * bookAppointment for a request that may repeat one whose process died before answering (an
 * idempotency key taken over: `retriedAfterCrash`). If that request had in fact booked, the slot
 * is "taken" by this very customer: their own appointment is the answer, not a refusal.
 */
export async function bookAppointmentOrFindOwn(
  db: Database,
  userId: string,
  input: BookingRequest | unknown,
  context: BookingContext,
  { retriedAfterCrash }: { retriedAfterCrash: boolean },
): Promise<Appointment> {
  try {
    return await bookAppointment(db, userId, input, context);
  } catch (error) {
    if (!retriedAfterCrash || !(error instanceof FeatureError) || error.kind !== "conflict") throw error;
    const request = parseInput(bookingRequestSchema, input);
    const own = await ownActiveAppointmentAt(db, userId, {
      consultantId: request.docId,
      startsAt: request.startsAt,
    });
    if (own) return own;
    throw error;
  }
}

/** Every booking attempt asks this (see preparedPerDatabase). */
const activeAppointmentAtQuery = preparedPerDatabase((db) =>
  db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.consultantId, sql.placeholder("consultantId")),
        eq(appointments.startsAt, sql.placeholder("startsAt")),
        isNull(appointments.cancelledAt),
      ),
    )
    .limit(1)
    .prepare("active_appointment_at"),
);

type ParsedBookingRequest = z.output<typeof bookingRequestSchema>;

async function bookCheckedRequest(
  db: Database,
  userId: string,
  request: ParsedBookingRequest,
  context: BookingContext,
  now: Date,
): Promise<Appointment> {
  const { startsAt } = request;
  if (context.facts) await refuseFromFacts(context.facts, request, context, now);
  const consultant = await findConsultant(db, request.docId);
  refuseUnbookable(consultant, startsAt, context, now);

  // In a rush for a few slots most attempts lose: without facts they are told here, with one indexed
  // read, instead of queueing for the transaction and its lock. Facts have just said the slot is free
  // (bar a booking by another process whose notice is still on its way), so the read would only
  // repeat them. The unique index still settles any race.
  if (!context.facts) {
    const [taken] = await activeAppointmentAtQuery(db).execute({ consultantId: consultant.id, startsAt });
    if (taken) throw new FeatureError("conflict", SLOT_TAKEN_MESSAGE, { startsAt: SLOT_TAKEN_MESSAGE });
  }

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
      await refuseCalendarConflict(transaction, consultant.id, startsAt, now);
      // A time held for a waitlisted customer is theirs alone; their own booking claims it.
      await settleHeldSlot(transaction, consultant.id, startsAt, userId, now);
      const [appointment] = await transaction
        .insert(appointments)
        .values({
          ...newAppointmentValues(consultant, userId, startsAt),
          // Fixed now and kept through reschedules, so the link the customer was sent stays valid.
          meetingUrl: newMeetingUrl(context.meetingUrlTemplate ?? DEFAULT_MEETING_URL_TEMPLATE),
          ...remindersForNewTime(startsAt, now),
          createdAt: now,
        })
        .returning();
      await enqueueBookingEmails(transaction, appointment!, user, context);
      await queueCalendarWrites(transaction, appointment!.id, [consultant.id], now);
      return appointment!;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new FeatureError("conflict", SLOT_TAKEN_MESSAGE, { startsAt: SLOT_TAKEN_MESSAGE });
    throw error;
  }
}

/** Every rule an attempt must pass that the consultant's row decides, bar the slot being free. */
function refuseUnbookable(
  consultant: Consultant | undefined,
  startsAt: Date,
  context: Pick<BookingContext, "zone">,
  now: Date,
): asserts consultant is Consultant {
  if (!consultant) throw new FeatureError("not-found", "We could not find that consultant.");
  if (!consultant.available) {
    throw new FeatureError("conflict", "This consultant is not taking bookings at the moment.");
  }
  requireBookableSlot(startsAt, { now, zone: context.zone });
  if (!consultantWorksAt(consultant, startsAt, context.zone)) {
    throw new FeatureError("conflict", OUTSIDE_WORKING_HOURS_MESSAGE, {
      startsAt: OUTSIDE_WORKING_HOURS_MESSAGE,
    });
  }
}

/**
 * What every new appointment row holds: its customer, consultant and start, and the fee and the
 * consultant's details as they are at booking (the amount always comes from the database).
 */
export function newAppointmentValues(consultant: Consultant, userId: string, startsAt: Date) {
  return {
    userId,
    consultantId: consultant.id,
    startsAt,
    amountCents: consultant.feeCents,
    currency: consultant.currency,
    consultantSnapshot: snapshotOf(consultant),
  };
}

/** Refuses an attempt the facts show to be bound to fail; returns when they allow it. */
async function refuseFromFacts(
  facts: BookingFacts,
  request: ParsedBookingRequest,
  context: Pick<BookingContext, "zone">,
  now: Date,
): Promise<void> {
  const consultant = await facts.consultant(request.docId);
  if (!consultant) return;
  refuseUnbookable(consultant, request.startsAt, context, now);
  const taken = await facts.takenStarts(consultant.id, now);
  if (taken.has(request.startsAt.getTime())) {
    throw new FeatureError("conflict", SLOT_TAKEN_MESSAGE, { startsAt: SLOT_TAKEN_MESSAGE });
  }
}

async function enqueueBookingEmails(
  transaction: Transaction,
  appointment: Appointment,
  customer: { name: string; email: string; timeZone: string | null },
  context: Pick<BookingContext, "zone" | "agencyEmail">,
) {
  const invite = appointmentInvite(appointment, { customer, agencyEmail: context.agencyEmail }, "request");
  const facts = { appointment, customer, zone: context.zone, agencyEmail: context.agencyEmail, invite };
  await enqueueEmails(transaction, [
    appointmentConfirmationEmail(facts),
    appointmentBookedNoticeEmail(facts),
  ]);
}
