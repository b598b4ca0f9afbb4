import { data, Form, Link, useSearchParams } from "react-router";
import { ChoiceField } from "~/components/forms/choice-field";
import { FormAlert, PrimaryButton, TextField } from "~/components/forms/form-controls";
import { PageLinks } from "~/components/site/page-links";
import { AdminShell } from "~/components/staff/admin-shell";
import { Badge } from "~/components/staff/badge";
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

export function headers(args: Route.HeadersArgs) {
  return privatePageHeaders(args);
}

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
        <TextField
          label="Customer name or e-mail"
          {...fields.q}
          type="search"
          defaultValue={search.get("q") ?? ""}
          error={fieldErrors.q}
        />
        <ChoiceField
          label="Status"
          name="status"
          choices={statusChoices}
          empty="Any status"
          defaultValue={search.get("status")}
          error={fieldErrors.status}
        />
        <ChoiceField
          label="Consultant"
          name="consultantId"
          choices={consultantOptions}
          empty="All consultants"
          defaultValue={search.get("consultantId")}
          error={fieldErrors.consultantId}
        />
        <TextField
          label="From day"
          name="from"
          type="date"
          defaultValue={search.get("from") ?? ""}
          error={fieldErrors.from}
        />
        <TextField
          label="To day"
          name="to"
          type="date"
          defaultValue={search.get("to") ?? ""}
          error={fieldErrors.to}
        />
        <ChoiceField
          label="Order"
          name="sort"
          choices={sortChoices}
          defaultValue={search.get("sort") ?? appointmentSorts[0]}
          error={fieldErrors.sort}
        />
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-3">
          <PrimaryButton className="px-5 py-2">Show</PrimaryButton>
          <Link to="/admin/appointments" className="font-medium text-brand-700 text-sm hover:underline">
            Clear filters
          </Link>
        </div>
      </Form>

      {error ? (
        <div className="mt-6">
          <FormAlert message={error} />
        </div>
      ) : null}

      {list && list.rows.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-gray-200 bg-surface p-6 text-center text-muted">
          {list.page > 1
            ? "There are no more appointments on this page."
            : "No appointments match these filters."}
        </p>
      ) : null}
      {list && list.rows.length > 0 ? (
        <>
          <p className="mt-6 text-muted text-sm" aria-live="polite">
            Showing {(list.page - 1) * APPOINTMENTS_PAGE_SIZE + 1}–
            {(list.page - 1) * APPOINTMENTS_PAGE_SIZE + list.rows.length} of{" "}
            {list.total.toLocaleString("en-US")}
            {list.totalIsCapped ? "+" : ""} appointments
          </p>
          <AppointmentList rows={list.rows} />
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

/** A table at desk widths; the same appointments as cards on a phone, so nothing scrolls sideways. */
function AppointmentList({ rows }: { rows: Row[] }) {
  const detailLink = (row: Row, children: React.ReactNode) => (
    <Link to={`/admin/appointments/${row.id}`} className="font-semibold text-brand-800 hover:underline">
      {children}
    </Link>
  );
  return (
    <>
      <ul className="mt-3 space-y-3 md:hidden">
        {rows.map((row) => (
          <li key={row.id} className="rounded-2xl border border-gray-200 bg-white p-4">
            {detailLink(row, `${row.day}, ${row.time}`)}
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted">Customer</dt>
              <dd className="min-w-0">
                {row.customer.name}
                <span className="block break-all text-muted">{row.customer.email}</span>
              </dd>
              <dt className="text-muted">Consultant</dt>
              <dd>{row.consultant}</dd>
              <dt className="text-muted">Fee</dt>
              <dd>{row.fee}</dd>
              <dt className="text-muted">Status</dt>
              <dd>
                <StatusBadge row={row} />
              </dd>
            </dl>
          </li>
        ))}
      </ul>
      <div className="mt-3 hidden overflow-hidden rounded-2xl border border-gray-200 bg-white md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Appointments</caption>
          <thead className="bg-surface text-muted text-xs uppercase tracking-wide">
            <tr>
              <th scope="col" className="px-4 py-3">
                Starts
              </th>
              <th scope="col" className="px-4 py-3">
                Customer
              </th>
              <th scope="col" className="px-4 py-3">
                Consultant
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Fee
              </th>
              <th scope="col" className="px-4 py-3">
                Status
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200">
            {rows.map((row) => (
              <tr key={row.id}>
                <td className="whitespace-nowrap px-4 py-3">
                  {detailLink(row, row.day)}
                  <p className="text-muted">{row.time}</p>
                </td>
                <td className="px-4 py-3">
                  {row.customer.name}
                  <p className="break-all text-muted">{row.customer.email}</p>
                </td>
                <td className="px-4 py-3">{row.consultant}</td>
                <td className="whitespace-nowrap px-4 py-3 text-right tabular-nums">{row.fee}</td>
                <td className="px-4 py-3">
                  <StatusBadge row={row} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
