import { data, Form, href, Link, useSearchParams } from "react-router";
import { FormAlert } from "~/components/forms/form-controls";
import { PageLinks } from "~/components/site/page-links";
import { AdminShell } from "~/components/staff/admin-shell";
import { Badge } from "~/components/staff/badge";
import { EmptyList } from "~/components/staff/empty-list";
import { FilterActions } from "~/components/staff/filter-actions";
import { FilterChoice, FilterText } from "~/components/staff/filter-fields";
import { ListCount } from "~/components/staff/list-count";
import { type StaffColumn, StaffList } from "~/components/staff/staff-list";
import { appointmentStatuses } from "~/features/booking/appointment-status";
import {
  APPOINTMENTS_PAGE_SIZE,
  appointmentSortLabels,
  appointmentSorts,
  staffStatusLabels,
  staffStatusTones,
} from "~/features/booking/staff-appointment-labels";
import {
  consultantChoices,
  listStaffAppointments,
  parseAppointmentFilters,
} from "~/features/booking/staff-appointments.server";
import {
  type AppointmentFilters,
  appointmentFiltersSchema,
  filtersQuery,
} from "~/features/booking/staff-appointments-schema";
import { requireRole } from "~/infra/auth-guard.server";
import { formatDay, formatTimeOfDay } from "~/lib/dates";
import { FeatureError } from "~/lib/errors";
import { formConstraints } from "~/lib/form-constraints";
import { formatMoney } from "~/lib/money";
import { privatePageHeaders } from "~/lib/page-headers";
import type { Route } from "./+types/appointments";

export const meta: Route.MetaFunction = () => [{ title: "Appointments · Staff area" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireRole(request, context, "admin");
  const url = new URL(request.url);
  const zone = context.env.AGENCY_TZ;
  const consultants = await consultantChoices(context.db);
  const fields = formConstraints(appointmentFiltersSchema);
  let filters: AppointmentFilters;
  try {
    filters = parseAppointmentFilters(Object.fromEntries(url.searchParams));
  } catch (error) {
    if (!(error instanceof FeatureError)) throw error;
    // The filters stay in the form as typed, so the mistake can be corrected there.
    return data(
      { error: error.message, fieldErrors: error.fieldErrors, fields, consultants, zone, list: null },
      { status: 400 },
    );
  }
  const page = await listStaffAppointments(context.db, filters, { zone });
  return {
    error: null,
    fieldErrors: {} as Record<string, string>,
    fields,
    consultants,
    zone,
    list: {
      page: page.page,
      total: page.total,
      totalIsCapped: page.totalIsCapped,
      hasMore: page.hasMore,
      exportQuery: filtersQuery(filters),
      rows: page.rows.map((row) => ({
        id: row.id,
        day: formatDay(row.startsAt, zone),
        time: formatTimeOfDay(row.startsAt, zone),
        customer: row.customer,
        consultant: row.consultant.name,
        fee: formatMoney(row.amountCents, row.currency),
        status: row.status,
        refunded: row.refunded,
      })),
    },
  };
}

export const headers: Route.HeadersFunction = privatePageHeaders;

const statusChoices = appointmentStatuses.map((status) => ({
  value: status,
  label: staffStatusLabels[status],
}));
const sortChoices = appointmentSorts.map((sort) => ({ value: sort, label: appointmentSortLabels[sort] }));

export default function Appointments({ loaderData }: Route.ComponentProps) {
  const { error, fieldErrors, fields, consultants, zone, list } = loaderData;
  const [search] = useSearchParams();
  const consultantOptions = consultants.map((consultant) => ({
    value: consultant.id,
    label: consultant.archived ? `${consultant.name} (archived)` : consultant.name,
  }));
  return (
    <AdminShell
      title="Appointments"
      description={`Every booking, with its customer, consultant and payment. Times in ${zone.replace(/_/g, " ")} time.`}
      actions={
        list ? (
          <a
            href={`/admin/appointments/export.csv${list.exportQuery ? `?${list.exportQuery}` : ""}`}
            className="rounded-full border border-gray-300 bg-white px-5 py-2.5 font-semibold text-ink text-sm hover:border-brand-700"
          >
            Export CSV
          </a>
        ) : null
      }
    >
      <Form
        method="get"
        className="grid gap-4 rounded-2xl border border-gray-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        <FilterText label="Customer name or e-mail" {...fields.q} type="search" error={fieldErrors.q} />
        <FilterChoice
          label="Status"
          name="status"
          choices={statusChoices}
          empty="Any status"
          error={fieldErrors.status}
        />
        <FilterChoice
          label="Consultant"
          name="consultantId"
          choices={consultantOptions}
          empty="All consultants"
          error={fieldErrors.consultantId}
        />
        <FilterText label="From day" name="from" type="date" error={fieldErrors.from} />
        <FilterText label="To day" name="to" type="date" error={fieldErrors.to} />
        <FilterChoice
          label="Order"
          name="sort"
          choices={sortChoices}
          fallback={appointmentSorts[0]}
          error={fieldErrors.sort}
        />
        <FilterActions clearTo="/admin/appointments" className="sm:col-span-2 lg:col-span-3" />
      </Form>

      {error ? (
        <div className="mt-6">
          <FormAlert message={error} />
        </div>
      ) : null}

      {list && list.rows.length === 0 ? (
        <EmptyList>
          {list.page > 1
            ? "There are no more appointments on this page."
            : "No appointments match these filters."}
        </EmptyList>
      ) : null}
      {list && list.rows.length > 0 ? (
        <>
          <ListCount>
            Showing {(list.page - 1) * APPOINTMENTS_PAGE_SIZE + 1}–
            {(list.page - 1) * APPOINTMENTS_PAGE_SIZE + list.rows.length} of{" "}
            {list.total.toLocaleString("en-US")}
            {list.totalIsCapped ? "+" : ""} appointments
          </ListCount>
          <StaffList caption="Appointments" columns={columns} rows={list.rows} spacing="mt-3" />
        </>
      ) : null}
      {list ? (
        <PageLinks page={list.page} hasMore={list.hasMore} search={search} label="Appointment pages" />
      ) : null}
    </AdminShell>
  );
}

type Row = NonNullable<Route.ComponentProps["loaderData"]["list"]>["rows"][number];

function StatusBadge({ row }: { row: Row }) {
  return (
    <span className="flex flex-wrap gap-1.5">
      <Badge tone={staffStatusTones[row.status]}>{staffStatusLabels[row.status]}</Badge>
      {row.refunded ? <Badge tone="grey">Refunded</Badge> : null}
    </span>
  );
}

function detailLink(row: Row, children: React.ReactNode) {
  return (
    <Link
      to={href("/admin/appointments/:appointmentId", { appointmentId: row.id })}
      className="font-semibold text-brand-800 hover:underline"
    >
      {children}
    </Link>
  );
}

/** The appointments as a table at desk widths and as cards on a phone. */
const columns: StaffColumn<Row>[] = [
  {
    header: "Starts",
    cell: (row) => (
      <>
        {detailLink(row, row.day)}
        <p className="text-muted">{row.time}</p>
      </>
    ),
    card: (row) => detailLink(row, `${row.day}, ${row.time}`),
    nowrap: true,
    cardTitle: true,
  },
  {
    header: "Customer",
    cell: (row) => (
      <>
        {row.customer.name}
        <p className="break-all text-muted">{row.customer.email}</p>
      </>
    ),
    className: "min-w-0",
  },
  { header: "Consultant", cell: (row) => row.consultant },
  { header: "Fee", cell: (row) => row.fee, alignRight: true, nowrap: true },
  { header: "Status", cell: (row) => <StatusBadge row={row} /> },
];
