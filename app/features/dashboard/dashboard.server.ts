import { appointments, inquiries, kycSubmissions, outbox, payments, users } from "@db/schema";
import { and, asc, count, eq, gt, gte, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { DateTime } from "luxon";
import { countCalendarsInTrouble } from "~/features/calendars/calendar-health.server";
import type { Database } from "~/infra/db.server";

/** Money per currency, in cents; most agencies have one, but nothing is lost if there are more. */
export type AmountsByCurrency = Record<string, number>;

interface UpcomingAppointment {
  id: string;
  startsAt: Date;
  customerName: string;
  consultantName: string;
  paid: boolean;
}

interface WeekFigures {
  /** The Monday the week starts on, in the agency's zone (YYYY-MM-DD). */
  weekStart: string;
  /** Appointments booked during the week (cancelled ones included: they were booked). */
  bookings: number;
  /** Payments taken during the week minus refunds given during it. */
  revenue: AmountsByCurrency;
}

export interface DashboardFigures {
  todayCount: number;
  nextSevenDaysCount: number;
  /** Today's and the next 7 days' appointments, soonest first (at most UPCOMING_LIMIT). */
  upcoming: UpcomingAppointment[];
  unpaidUpcomingCount: number;
  revenueThisMonth: AmountsByCurrency;
  revenueLastMonth: AmountsByCurrency;
  newInquiries: number;
  pendingKyc: number;
  /** Messages given up on, or waiting for another try after an error. */
  failingEmails: number;
  /** Consultants whose own calendar is not being read, or whose bookings are not being written to it. */
  calendarsInTrouble: number;
  weeks: WeekFigures[];
}

const UPCOMING_LIMIT = 20;
const CHART_WEEKS = 12;

/**
 * The staff dashboard's figures at `now`, with days, weeks and months as the agency's zone counts
 * them. Each figure comes from one query; the queries run side by side.
 */
export async function dashboardFigures(db: Database, now: Date, zone: string): Promise<DashboardFigures> {
  const local = DateTime.fromJSDate(now, { zone });
  const today = local.startOf("day");
  const tomorrow = today.plus({ days: 1 });
  const weekAhead = tomorrow.plus({ days: 7 });
  const thisMonth = local.startOf("month");
  const lastMonth = thisMonth.minus({ months: 1 });
  const nextMonth = thisMonth.plus({ months: 1 });
  const firstWeek = local.startOf("week").minus({ weeks: CHART_WEEKS - 1 });
  const chartEnd = local.startOf("week").plus({ weeks: 1 });

  const active = isNull(appointments.cancelledAt);
  const within = (column: PgColumn, from: DateTime, to: DateTime) =>
    sql`${column} >= ${from.toJSDate()} and ${column} < ${to.toJSDate()}`;

  const [
    counts,
    upcoming,
    unpaid,
    revenue,
    newInquiries,
    pendingKyc,
    failingEmails,
    bookings,
    paid,
    refunded,
    calendarsInTrouble,
  ] = await Promise.all([
    db
      .select({
        today: sql<number>`count(*) filter (where ${within(appointments.startsAt, today, tomorrow)})`.mapWith(
          Number,
        ),
        nextSevenDays:
          sql<number>`count(*) filter (where ${within(appointments.startsAt, tomorrow, weekAhead)})`.mapWith(
            Number,
          ),
      })
      .from(appointments)
      .where(
        and(
          active,
          gte(appointments.startsAt, today.toJSDate()),
          lt(appointments.startsAt, weekAhead.toJSDate()),
        ),
      ),
    db
      .select({
        id: appointments.id,
        startsAt: appointments.startsAt,
        customerName: users.name,
        consultantName: sql<string>`${appointments.consultantSnapshot}->>'name'`,
        paidAt: appointments.paidAt,
      })
      .from(appointments)
      .innerJoin(users, eq(users.id, appointments.userId))
      .where(
        and(
          active,
          gte(appointments.startsAt, today.toJSDate()),
          lt(appointments.startsAt, weekAhead.toJSDate()),
        ),
      )
      .orderBy(asc(appointments.startsAt))
      .limit(UPCOMING_LIMIT),
    db
      .select({ total: count() })
      .from(appointments)
      .where(and(active, isNull(appointments.paidAt), gt(appointments.startsAt, now))),
    db
      .select({
        currency: payments.currency,
        thisMonth: monthRevenue(thisMonth, nextMonth),
        lastMonth: monthRevenue(lastMonth, thisMonth),
      })
      .from(payments)
      .where(
        and(
          isNotNull(payments.paidAt),
          or(gte(payments.paidAt, lastMonth.toJSDate()), gte(payments.refundedAt, lastMonth.toJSDate())),
        ),
      )
      .groupBy(payments.currency),
    db.select({ total: count() }).from(inquiries).where(eq(inquiries.status, "new")),
    db.select({ total: count() }).from(kycSubmissions).where(eq(kycSubmissions.status, "pending")),
    db
      .select({ total: count() })
      .from(outbox)
      .where(or(eq(outbox.status, "failed"), and(eq(outbox.status, "pending"), isNotNull(outbox.lastError)))),
    db
      .select({ week: weekOf(appointments.createdAt, zone), total: count() })
      .from(appointments)
      .where(
        and(
          gte(appointments.createdAt, firstWeek.toJSDate()),
          lt(appointments.createdAt, chartEnd.toJSDate()),
        ),
      )
      .groupBy(sql`1`),
    db
      .select({
        week: weekOf(payments.paidAt, zone),
        currency: payments.currency,
        cents: sql<number>`sum(${payments.amountCents})`.mapWith(Number),
      })
      .from(payments)
      .where(and(gte(payments.paidAt, firstWeek.toJSDate()), lt(payments.paidAt, chartEnd.toJSDate())))
      .groupBy(sql`1`, sql`2`),
    db
      .select({
        week: weekOf(payments.refundedAt, zone),
        currency: payments.currency,
        cents: sql<number>`sum(${payments.amountCents})`.mapWith(Number),
      })
      .from(payments)
      .where(
        and(gte(payments.refundedAt, firstWeek.toJSDate()), lt(payments.refundedAt, chartEnd.toJSDate())),
      )
      .groupBy(sql`1`, sql`2`),
    countCalendarsInTrouble(db, now),
  ]);

  const weeks: WeekFigures[] = Array.from({ length: CHART_WEEKS }, (_, index) => ({
    weekStart: firstWeek.plus({ weeks: index }).toISODate()!,
    bookings: 0,
    revenue: {},
  }));
  const weekAt = new Map(weeks.map((week) => [week.weekStart, week]));
  for (const row of bookings) {
    const week = weekAt.get(row.week);
    if (week) week.bookings = row.total;
  }
  for (const [rows, sign] of [
    [paid, 1],
    [refunded, -1],
  ] as const) {
    for (const row of rows) {
      const week = weekAt.get(row.week);
      if (week) week.revenue[row.currency] = (week.revenue[row.currency] ?? 0) + sign * row.cents;
    }
  }

  return {
    todayCount: counts[0]?.today ?? 0,
    nextSevenDaysCount: counts[0]?.nextSevenDays ?? 0,
    upcoming: upcoming.map(({ paidAt, ...appointment }) => ({ ...appointment, paid: paidAt !== null })),
    unpaidUpcomingCount: unpaid[0]?.total ?? 0,
    revenueThisMonth: Object.fromEntries(revenue.map((row) => [row.currency, row.thisMonth])),
    revenueLastMonth: Object.fromEntries(revenue.map((row) => [row.currency, row.lastMonth])),
    newInquiries: newInquiries[0]?.total ?? 0,
    pendingKyc: pendingKyc[0]?.total ?? 0,
    failingEmails: failingEmails[0]?.total ?? 0,
    calendarsInTrouble,
    weeks,
  };
}

/** Money taken in a month minus money given back in it (a refund counts when it is given). */
function monthRevenue(from: DateTime, to: DateTime) {
  const paidIn = sql`${payments.paidAt} >= ${from.toJSDate()} and ${payments.paidAt} < ${to.toJSDate()}`;
  const refundedIn = sql`${payments.refundedAt} >= ${from.toJSDate()} and ${payments.refundedAt} < ${to.toJSDate()}`;
  return sql<number>`coalesce(sum(${payments.amountCents}) filter (where ${paidIn}), 0) - coalesce(sum(${payments.amountCents}) filter (where ${refundedIn}), 0)`.mapWith(
    Number,
  );
}

/** The Monday (YYYY-MM-DD) of the week an instant falls in, in the agency's zone. */
function weekOf(column: PgColumn, zone: string) {
  return sql<string>`to_char(date_trunc('week', ${column} at time zone ${zone}), 'YYYY-MM-DD')`;
}
