import { Form, href, Link, useSearchParams } from "react-router";
import { Portrait } from "~/components/booking/portrait";
import { ChoiceField } from "~/components/forms/choice-field";
import { TextField } from "~/components/forms/form-controls";
import { PageLinks } from "~/components/site/page-links";
import { AdminShell } from "~/components/staff/admin-shell";
import { Badge } from "~/components/staff/badge";
import { EmptyList } from "~/components/staff/empty-list";
import { FilterActions } from "~/components/staff/filter-actions";
import { ListCount } from "~/components/staff/list-count";
import { type StaffColumn, StaffList } from "~/components/staff/staff-list";
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

const specialityChoices = specialities.map((speciality) => ({
  value: speciality.slug,
  label: speciality.name,
}));
const stateChoices = consultantStates.map((state) => ({ value: state, label: stateLabels[state] }));
const calendarChoices = [{ value: "failing", label: "Failing or withheld" }];

export default function StaffConsultants({ loaderData }: Route.ComponentProps) {
  const { filters, consultants, page, pageCount, total } = loaderData;
  const [search] = useSearchParams();
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
        className="grid gap-4 rounded-2xl border border-gray-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
      >
        <TextField label="Name" name="q" type="search" defaultValue={filters.q} />
        <ChoiceField
          label="Speciality"
          name="speciality"
          choices={specialityChoices}
          empty="Every speciality"
          defaultValue={filters.speciality}
        />
        <ChoiceField label="State" name="state" choices={stateChoices} defaultValue={filters.state} />
        <ChoiceField
          label="Calendar"
          name="calendar"
          choices={calendarChoices}
          empty="Any"
          defaultValue={filters.calendar}
        />
        <FilterActions clearTo="/admin/consultants" className="sm:col-span-2 lg:col-span-4" />
      </Form>

      <ListCount>{total === 1 ? "1 consultant" : `${total} consultants`}</ListCount>
      {consultants.length === 0 ? (
        <EmptyList>No consultant matches these filters.</EmptyList>
      ) : (
        <StaffList caption="Consultants, by name" columns={columns} rows={consultants} spacing="mt-3" />
      )}
      <PageLinks page={page} hasMore={page < pageCount} search={search} label="Consultant pages" />
    </AdminShell>
  );
}

type ConsultantRow = Route.ComponentProps["loaderData"]["consultants"][number];

function stateTone(state: string) {
  return state === "Taking bookings" ? "green" : state === "Archived" ? "grey" : "amber";
}

/** The consultants as a table at desk widths and as cards on a phone. */
const columns: StaffColumn<ConsultantRow>[] = [
  {
    header: "Consultant",
    cell: (consultant) => (
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
    ),
    cardTitle: true,
  },
  { header: "Speciality", cell: (consultant) => consultant.speciality },
  { header: "Fee", cell: (consultant) => consultant.fee, alignRight: true, nowrap: true },
  {
    header: "State",
    cell: (consultant) => (
      <>
        <Badge tone={stateTone(consultant.state)}>{consultant.state}</Badge>
        {consultant.calendarProblem ? (
          <p className="mt-1 text-amber-900 text-xs">{consultant.calendarProblem}</p>
        ) : null}
      </>
    ),
  },
  { header: "Appointments", cell: (consultant) => consultant.appointmentCount, alignRight: true },
];
