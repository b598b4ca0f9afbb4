import {
  type Appointment,
  appointments,
  consultants,
  type Payment,
  paymentEvents,
  payments,
  users,
} from "@db/schema";
import { and, asc, count, desc, eq, gt, gte, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import { nameOrEmailContains } from "~/features/accounts/people.server";
import type { Database } from "~/infra/db.server";
import { csvLine } from "~/lib/csv";
import { FeatureError, parseInput } from "~/lib/errors";
import { isUuid } from "~/lib/record-id";
import { type AppointmentStatus, appointmentStatus } from "./appointment-status";
import { APPOINTMENTS_COUNT_CAP, APPOINTMENTS_PAGE_SIZE } from "./staff-appointment-labels";
import { type AppointmentFilters, appointmentFiltersSchema } from "./staff-appointments-schema";

/** One row of the staff list: the appointment with its customer and consultant. */
export interface StaffAppointmentRow {
  id: string;
  startsAt: Date;
  createdAt: Date;
  amountCents: number;
  currency: string;
  status: AppointmentStatus;
  refunded: boolean;
  cancelledBy: Appointment["cancelledBy"];
  cancelReason: string | null;
  customer: { id: string; name: string; email: string };
  consultant: { id: string; name: string };
}

export interface StaffAppointmentPage {
  rows: StaffAppointmentRow[];
  page: number;
  pageSize: number;
  /** Matching appointments, counted up to APPOINTMENTS_COUNT_CAP. */
  total: number;
  /** More match than `total` says (it stopped counting at the cap). */
  totalIsCapped: boolean;
  hasMore: boolean;
}

/** Parses the list's filters (query string or form values) or throws a 400 with a sentence. */
export function parseAppointmentFilters(input: unknown): AppointmentFilters {
  return parseInput(appointmentFiltersSchema, input);
}

function dayStart(isoDate: string, zone: string): Date {
  return DateTime.fromISO(isoDate, { zone }).startOf("day").toJSDate();
}

/**
 * A customer search matching at most this many customers names them to the appointments query by
 * id, so the planner reads their appointments through the customer index instead of walking the
 * whole time index looking for them; a broader search stays a subquery.
 */
const NAMED_CUSTOMERS_LIMIT = 200;

async function customerCondition(db: Database, query: string): Promise<SQL> {
  // A function, not one builder: drizzle's builders change in place, and the subquery has no limit.
  const matching = () => db.select({ id: users.id }).from(users).where(nameOrEmailContains(query));
  const named = await matching().limit(NAMED_CUSTOMERS_LIMIT + 1);
  if (named.length <= NAMED_CUSTOMERS_LIMIT) {
    return named.length === 0
      ? sql`false`
      : inArray(
          appointments.userId,
          named.map((customer) => customer.id),
        );
  }
  return inArray(appointments.userId, matching());
}

async function conditionsFor(
  db: Database,
  filters: AppointmentFilters,
  zone: string,
): Promise<SQL | undefined> {
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(eq(appointments.status, filters.status));
  if (filters.consultantId) conditions.push(eq(appointments.consultantId, filters.consultantId));
  if (filters.from) conditions.push(gte(appointments.startsAt, dayStart(filters.from, zone)));
  if (filters.to) {
    const nextDay = DateTime.fromISO(filters.to, { zone }).startOf("day").plus({ days: 1 }).toJSDate();
    conditions.push(lt(appointments.startsAt, nextDay));
  }
  if (filters.q) conditions.push(await customerCondition(db, filters.q));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

function orderFor(sort: AppointmentFilters["sort"]) {
  switch (sort) {
    case "starts-asc":
      return [asc(appointments.startsAt), asc(appointments.id)];
    case "booked-desc":
      return [desc(appointments.createdAt), desc(appointments.id)];
    default:
      return [desc(appointments.startsAt), desc(appointments.id)];
  }
}

const rowColumns = {
  id: appointments.id,
  startsAt: appointments.startsAt,
  createdAt: appointments.createdAt,
  amountCents: appointments.amountCents,
  currency: appointments.currency,
  cancelledAt: appointments.cancelledAt,
  paidAt: appointments.paidAt,
  completedAt: appointments.completedAt,
  noShowAt: appointments.noShowAt,
  refundedAt: appointments.refundedAt,
  cancelledBy: appointments.cancelledBy,
  cancelReason: appointments.cancelReason,
  customerId: users.id,
  customerName: users.name,
  customerEmail: users.email,
  consultantId: consultants.id,
  consultantName: consultants.name,
};

interface RawRow
  extends Pick<
    Appointment,
    | "id"
    | "startsAt"
    | "createdAt"
    | "amountCents"
    | "currency"
    | "cancelledAt"
    | "paidAt"
    | "completedAt"
    | "noShowAt"
    | "refundedAt"
    | "cancelledBy"
    | "cancelReason"
  > {
  customerId: string;
  customerName: string;
  customerEmail: string;
  consultantId: string;
  consultantName: string;
}

function toRow(raw: RawRow): StaffAppointmentRow {
  return {
    id: raw.id,
    startsAt: raw.startsAt,
    createdAt: raw.createdAt,
    amountCents: raw.amountCents,
    currency: raw.currency,
    status: appointmentStatus(raw),
    refunded: raw.refundedAt !== null,
    cancelledBy: raw.cancelledBy,
    cancelReason: raw.cancelReason,
    customer: { id: raw.customerId, name: raw.customerName, email: raw.customerEmail },
    consultant: { id: raw.consultantId, name: raw.consultantName },
  };
}

/**
 * One page of appointments for staff, filtered and sorted, with how many match. The page's ids are
 * found first from the appointments table alone (over the time indexes, so a late page skips index
 * entries, not joined rows), then only those rows are joined to their customer and consultant. The
 * count stops at APPOINTMENTS_COUNT_CAP so a broad filter over a large table still answers quickly.
 */
export async function listStaffAppointments(
  db: Database,
  filters: AppointmentFilters,
  options: { zone: string; pageSize?: number },
): Promise<StaffAppointmentPage> {
  const pageSize = options.pageSize ?? APPOINTMENTS_PAGE_SIZE;
  const page = filters.page ?? 1;
  const where = await conditionsFor(db, filters, options.zone);
  const pageIds = db
    .select({ id: appointments.id })
    .from(appointments)
    .where(where)
    .orderBy(...orderFor(filters.sort))
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize)
    .as("page_ids");
  const rows = await db
    .select(rowColumns)
    .from(pageIds)
    .innerJoin(appointments, eq(appointments.id, pageIds.id))
    .innerJoin(users, eq(users.id, appointments.userId))
    .innerJoin(consultants, eq(consultants.id, appointments.consultantId))
    .orderBy(...orderFor(filters.sort));
  const matching = db
    .select({ one: sql`1` })
    .from(appointments)
    .where(where)
    .limit(APPOINTMENTS_COUNT_CAP + 1)
    .as("matching");
  const [counted] = await db.select({ total: count() }).from(matching);
  const total = counted?.total ?? 0;
  return {
    rows: rows.slice(0, pageSize).map(toRow),
    page,
    pageSize,
    total: Math.min(total, APPOINTMENTS_COUNT_CAP),
    totalIsCapped: total > APPOINTMENTS_COUNT_CAP,
    hasMore: rows.length > pageSize,
  };
}

/** Every consultant, archived ones included, for the list's filter. */
export async function consultantChoices(
  db: Database,
): Promise<{ id: string; name: string; archived: boolean }[]> {
  const rows = await db
    .select({ id: consultants.id, name: consultants.name, archivedAt: consultants.archivedAt })
    .from(consultants)
    .orderBy(asc(consultants.name));
  return rows.map((row) => ({ id: row.id, name: row.name, archived: row.archivedAt !== null }));
}

interface PaymentWithEvents extends Payment {
  events: { id: string; type: string; eventKey: string; receivedAt: Date }[];
}

export interface StaffAppointmentDetail {
  appointment: Appointment;
  status: AppointmentStatus;
  customer: { id: string; name: string; email: string; phone: string; role: string };
  consultant: { id: string; name: string; archived: boolean; available: boolean };
  payments: PaymentWithEvents[];
}

export const APPOINTMENT_NOT_FOUND = "We could not find that appointment.";

/** The appointment with its customer, consultant, and every checkout attempt with the provider's events. */
export async function findStaffAppointment(
  db: Database,
  appointmentId: unknown,
): Promise<StaffAppointmentDetail> {
  if (!isUuid(appointmentId)) throw new FeatureError("not-found", APPOINTMENT_NOT_FOUND);
  const [found] = await db
    .select({
      appointment: appointments,
      customer: { id: users.id, name: users.name, email: users.email, phone: users.phone, role: users.role },
      consultant: {
        id: consultants.id,
        name: consultants.name,
        archivedAt: consultants.archivedAt,
        available: consultants.available,
      },
    })
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.userId))
    .innerJoin(consultants, eq(consultants.id, appointments.consultantId))
    .where(eq(appointments.id, appointmentId))
    .limit(1);
  if (!found) throw new FeatureError("not-found", APPOINTMENT_NOT_FOUND);
  const paymentRows = await db
    .select()
    .from(payments)
    .where(eq(payments.appointmentId, appointmentId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  const events =
    paymentRows.length === 0
      ? []
      : await db
          .select()
          .from(paymentEvents)
          .where(
            inArray(
              paymentEvents.paymentId,
              paymentRows.map((payment) => payment.id),
            ),
          )
          .orderBy(asc(paymentEvents.receivedAt), asc(paymentEvents.id));
  return {
    appointment: found.appointment,
    status: appointmentStatus(found.appointment),
    customer: found.customer,
    consultant: {
      id: found.consultant.id,
      name: found.consultant.name,
      archived: found.consultant.archivedAt !== null,
      available: found.consultant.available,
    },
    payments: paymentRows.map((payment) => ({
      ...payment,
      events: events
        .filter((event) => event.paymentId === payment.id)
        .map(({ id, type, eventKey, receivedAt }) => ({ id, type, eventKey, receivedAt })),
    })),
  };
}

const CSV_HEADER = [
  "Appointment ID",
  "Starts (agency time)",
  "Time zone",
  "Status",
  "Customer",
  "Customer e-mail",
  "Consultant",
  "Amount",
  "Currency",
  "Refunded",
  "Cancelled by",
  "Cancellation reason",
  "Booked at (UTC)",
] as const;

const EXPORT_BATCH = 1_000;

/**
 * The filtered list as CSV lines (the header first), every match rather than one page, read in
 * batches by keyset on the sort order so a large export never holds the table in memory.
 */
export async function* appointmentCsvLines(
  db: Database,
  filters: AppointmentFilters,
  options: { zone: string },
): AsyncGenerator<string> {
  yield csvLine(CSV_HEADER);
  const base = await conditionsFor(db, filters, options.zone);
  const ascending = filters.sort === "starts-asc";
  const sortColumn = filters.sort === "booked-desc" ? appointments.createdAt : appointments.startsAt;
  let after: { at: Date; id: string } | undefined;
  for (;;) {
    const keyset = after
      ? ascending
        ? or(gt(sortColumn, after.at), and(eq(sortColumn, after.at), gt(appointments.id, after.id)))
        : or(lt(sortColumn, after.at), and(eq(sortColumn, after.at), lt(appointments.id, after.id)))
      : undefined;
    const batch = await db
      .select(rowColumns)
      .from(appointments)
      .innerJoin(users, eq(users.id, appointments.userId))
      .innerJoin(consultants, eq(consultants.id, appointments.consultantId))
      .where(and(base, keyset))
      .orderBy(...orderFor(filters.sort))
      .limit(EXPORT_BATCH);
    for (const raw of batch) {
      const row = toRow(raw);
      yield csvLine([
        row.id,
        DateTime.fromJSDate(row.startsAt, { zone: options.zone }).toFormat("yyyy-MM-dd HH:mm"),
        options.zone,
        row.status,
        row.customer.name,
        row.customer.email,
        row.consultant.name,
        (row.amountCents / 100).toFixed(2),
        row.currency,
        row.refunded ? "yes" : "no",
        row.cancelledBy ?? "",
        row.cancelReason ?? "",
        row.createdAt.toISOString(),
      ]);
    }
    const last = batch.at(-1);
    if (!last || batch.length < EXPORT_BATCH) return;
    after = { at: filters.sort === "booked-desc" ? last.createdAt : last.startsAt, id: last.id };
  }
}
