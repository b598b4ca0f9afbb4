import { Form, href, Link } from "react-router";
import { Portrait } from "~/components/booking/portrait";
import { inputClass, selectClass } from "~/components/forms/form-controls";
import { AdminShell } from "~/components/staff/admin-shell";
import { ListCount } from "~/components/staff/list-count";
import { findSpeciality, specialities } from "~/content/specialities";
import { type ConsultantState, consultantStates } from "~/features/consultants/consultant-schema";
import { listConsultantsForStaff } from "~/features/consultants/staff-consultants.server";
import { requireRole } from "~/infra/auth-guard.server";
import { formatMoney } from "~/lib/money";
import { privatePageHeaders } from "~/lib/page-headers";
import type { Route } from "./+types/consultants";

export const meta: Route.MetaFunction = () => [{ title: "Consultants · Staff area" }];

const stateLabels: Record<ConsultantState, string> = {
  all: "All",
  active: "Taking bookings",
  unavailable: "Not available",
  archived: "Archived",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  requireRole(request, context, "admin");
  const query = new URL(request.url).searchParams;
  const search = query.get("q")?.trim() ?? "";
  const speciality = findSpeciality(query.get("speciality") ?? "");
  const requestedState = query.get("state") as ConsultantState | null;
  const state = requestedState && consultantStates.includes(requestedState) ? requestedState : "all";
  const calendar = query.get("calendar") === "failing" ? "failing" : "";
  const page = await listConsultantsForStaff(context.db, {
    search,
    speciality: speciality?.name,
    state,
    calendarTrouble: calendar === "failing",
    page: Number(query.get("page") ?? 1),
    now: context.clock(),
  });
  return {
    filters: { q: search, speciality: speciality?.slug ?? "", state, calendar },
    page: page.page,
    pageCount: page.pageCount,
    total: page.total,
    consultants: page.consultants.map((consultant) => ({
      id: consultant.id,
      name: consultant.name,
      image: consultant.image,
      speciality: consultant.speciality,
      fee: formatMoney(consultant.feeCents, consultant.currency),
      state: consultant.archivedAt ? "Archived" : consultant.available ? "Taking bookings" : "Not available",
      appointmentCount: consultant.appointmentCount,
      calendarProblem: consultant.calendarProblem ?? null,
    })),
  };
}

export const headers: Route.HeadersFunction = privatePageHeaders;

function pageLink(filters: Record<string, string>, page: number): string {
  const query = new URLSearchParams({ ...filters, page: String(page) });
  for (const [key, value] of [...query]) if (!value) query.delete(key);
  return `/admin/consultants?${query}`;
}

export default function StaffConsultants({ loaderData }: Route.ComponentProps) {
  const { filters, consultants, page, pageCount, total } = loaderData;
  return (
    <AdminShell
      title="Consultants"
      description="Everyone customers can book, and those archived."
      actions={
        <Link
          to="/admin/consultants/new"
          className="inline-flex rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-sm text-white hover:bg-brand-800"
        >
          Add a consultant
        </Link>
      }
    >
      <Form
        method="get"
        role="search"
        aria-label="Filter consultants"
        className="grid gap-3 rounded-2xl border border-gray-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1.5fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end"
      >
        <div>
          <label htmlFor="consultant-search" className="block font-medium text-ink text-sm">
            Name
          </label>
          <input
            id="consultant-search"
            name="q"
            type="search"
            defaultValue={filters.q}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="consultant-speciality" className="block font-medium text-ink text-sm">
            Speciality
          </label>
          <select
            id="consultant-speciality"
            name="speciality"
            defaultValue={filters.speciality}
            className={selectClass}
          >
            <option value="">Every speciality</option>
            {specialities.map((speciality) => (
              <option key={speciality.slug} value={speciality.slug}>
                {speciality.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="consultant-state" className="block font-medium text-ink text-sm">
            State
          </label>
          <select id="consultant-state" name="state" defaultValue={filters.state} className={selectClass}>
            {consultantStates.map((state) => (
              <option key={state} value={state}>
                {stateLabels[state]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="consultant-calendar" className="block font-medium text-ink text-sm">
            Calendar
          </label>
          <select
            id="consultant-calendar"
            name="calendar"
            defaultValue={filters.calendar}
            className={selectClass}
          >
            <option value="">Any</option>
            <option value="failing">Failing or withheld</option>
          </select>
        </div>
        <button
          type="submit"
          className="justify-self-start rounded-full border border-gray-300 px-5 py-2.5 font-semibold text-ink text-sm hover:border-brand-700"
        >
          Show
        </button>
      </Form>

      <ListCount>{total === 1 ? "1 consultant" : `${total} consultants`}</ListCount>
      {consultants.length === 0 ? (
        <p className="mt-4 rounded-2xl border border-gray-200 bg-surface p-8 text-center text-muted">
          No consultant matches these filters.
        </p>
      ) : (
        <table className="mt-3 w-full text-left text-sm">
          <caption className="sr-only">Consultants, by name</caption>
          <thead className="hidden border-gray-200 border-b text-muted md:table-header-group">
            <tr>
              <th scope="col" className="py-3 pr-4 font-medium">
                Consultant
              </th>
              <th scope="col" className="py-3 pr-4 font-medium">
                Speciality
              </th>
              <th scope="col" className="py-3 pr-4 font-medium">
                Fee
              </th>
              <th scope="col" className="py-3 pr-4 font-medium">
                State
              </th>
              <th scope="col" className="py-3 pr-4 font-medium">
                Appointments
              </th>
            </tr>
          </thead>
          <tbody className="grid gap-3 md:table-row-group">
            {consultants.map((consultant) => (
              <tr
                key={consultant.id}
                className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-2xl border border-gray-200 bg-white p-4 md:table-row md:rounded-none md:border-0 md:border-gray-200 md:border-b md:p-0"
              >
                <th scope="row" className="col-span-2 font-normal md:py-3 md:pr-4">
                  <Link
                    to={href("/admin/consultants/:consultantId", { consultantId: consultant.id })}
                    className="flex items-center gap-3 font-semibold text-brand-800 underline-offset-4 hover:underline"
                  >
                    <Portrait
                      src={consultant.image}
                      name={consultant.name}
                      alt=""
                      width={40}
                      className="size-10 shrink-0 rounded-full bg-brand-50 object-cover"
                    />
                    {consultant.name}
                  </Link>
                </th>
                <td className="col-span-2 text-muted md:py-3 md:pr-4 md:text-ink">{consultant.speciality}</td>
                <td className="md:py-3 md:pr-4">
                  <span className="text-muted md:hidden">Fee: </span>
                  {consultant.fee}
                </td>
                <td className="md:py-3 md:pr-4">
                  <StateLabel state={consultant.state} />
                  {consultant.calendarProblem ? (
                    <p className="mt-1 text-amber-900 text-xs">{consultant.calendarProblem}</p>
                  ) : null}
                </td>
                <td className="col-span-2 md:py-3 md:pr-4">
                  <span className="text-muted md:hidden">Appointments: </span>
                  {consultant.appointmentCount}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {pageCount > 1 ? (
        <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-4 text-sm">
          {page > 1 ? (
            <Link to={pageLink(filters, page - 1)} className="font-semibold text-brand-700 hover:underline">
              Previous page
            </Link>
          ) : (
            <span />
          )}
          <span className="text-muted">
            Page {page} of {pageCount}
          </span>
          {page < pageCount ? (
            <Link to={pageLink(filters, page + 1)} className="font-semibold text-brand-700 hover:underline">
              Next page
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </AdminShell>
  );
}

function StateLabel({ state }: { state: string }) {
  const tone =
    state === "Taking bookings"
      ? "bg-green-50 text-green-800"
      : state === "Archived"
        ? "bg-gray-100 text-gray-700"
        : "bg-amber-50 text-amber-800";
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 font-medium text-xs ${tone}`}>{state}</span>
  );
}
