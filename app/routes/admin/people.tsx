import { Form, href, Link, useNavigation, useSearchParams } from "react-router";
import { ChoiceField } from "~/components/forms/choice-field";
import { FormAlert, PrimaryButton, TextField } from "~/components/forms/form-controls";
import { PageLinks } from "~/components/site/page-links";
import { AdminShell } from "~/components/staff/admin-shell";
import { Badge } from "~/components/staff/badge";
import { ConsultantProfileField } from "~/components/staff/consultant-profile-field";
import { EmptyList } from "~/components/staff/empty-list";
import { FilterActions } from "~/components/staff/filter-actions";
import { FilterChoice, FilterText } from "~/components/staff/filter-fields";
import { type Failure, sentBack } from "~/components/staff/refused-form";
import { type StaffColumn, StaffList } from "~/components/staff/staff-list";
import { invitePerson, listLinkableConsultants, listPeople } from "~/features/accounts/people.server";
import { inviteSchema, peopleFilterSchema } from "~/features/accounts/people-schema";
import { roleLabels } from "~/features/accounts/roles";
import { requireRole } from "~/infra/auth-guard.server";
import { redirectWithToast } from "~/infra/flash.server";
import { readForm } from "~/infra/form-body.server";
import { formFailure, textValues } from "~/infra/form-failure.server";
import { formatDay } from "~/lib/dates";
import { FeatureError } from "~/lib/errors";
import { type FieldConstraints, formConstraints } from "~/lib/form-constraints";
import { privatePageHeaders } from "~/lib/page-headers";
import type { Route } from "./+types/people";

export const meta: Route.MetaFunction = () => [{ title: "People · Staff area" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireRole(request, context, "admin");
  const url = new URL(request.url);
  const filter = peopleFilterSchema.parse(Object.fromEntries(url.searchParams));
  const { people, hasMore } = await listPeople(context.db, filter, {
    failedLoginsPerAccount: context.env.RATE_LIMIT_FAILED_LOGINS,
    now: context.clock(),
  });
  const zone = context.env.AGENCY_TZ;
  return {
    people: people.map((person) => ({
      id: person.id,
      name: person.name,
      email: person.email,
      role: roleLabels[person.role],
      kyc: person.kycStatus ?? "Not submitted",
      disabled: person.disabledAt !== null,
      locked: person.locked,
      consultantName: person.consultantName,
      joined: formatDay(person.createdAt, zone),
    })),
    hasMore,
    page: filter.page,
    consultants: await listLinkableConsultants(context.db),
    inviteFields: formConstraints(inviteSchema),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireRole(request, context, "admin");
  const form = await readForm(request);
  const values = textValues(form);
  try {
    if (values.intent !== "invite") throw new FeatureError("invalid", "This action is not available.");
    const { userId, message } = await invitePerson(
      context.db,
      staff,
      { name: values.name, email: values.email, role: values.role, consultantId: values.consultantId },
      { publicUrl: context.env.publicUrl, now: context.clock() },
    );
    return redirectWithToast(
      href("/admin/people/:userId", { userId: userId }),
      { kind: "success", message },
      context,
    );
  } catch (error) {
    return formFailure(error, values);
  }
}

export const headers: Route.HeadersFunction = privatePageHeaders;

const roleChoices = Object.entries(roleLabels).map(([value, label]) => ({ value, label }));
const stateChoices = [
  { value: "active", label: "Active" },
  { value: "disabled", label: "Disabled" },
  { value: "locked", label: "Slowed down by failed logins" },
];

export default function People({ loaderData, actionData }: Route.ComponentProps) {
  const { people, hasMore, page, consultants, inviteFields } = loaderData;
  const [search] = useSearchParams();
  return (
    <AdminShell
      title="People"
      description="Customers, consultants and staff: roles, KYC, sign-in state and invitations."
      actions={
        <a
          href="#invite"
          className="rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-sm text-white hover:bg-brand-800"
        >
          Invite someone
        </a>
      }
    >
      <Form
        method="get"
        className="grid gap-4 rounded-2xl border border-gray-200 bg-white p-4 sm:grid-cols-4"
      >
        <FilterText label="Name or e-mail" name="q" type="search" className="sm:col-span-2" />
        <FilterChoice label="Role" name="role" choices={roleChoices} empty="All roles" />
        <FilterChoice label="State" name="state" choices={stateChoices} empty="Any state" />
        <FilterActions clearTo="/admin/people" className="sm:col-span-4" />
      </Form>

      {people.length === 0 ? (
        <EmptyList>Nobody matches these filters.</EmptyList>
      ) : (
        <StaffList caption="People" columns={columns} rows={people} />
      )}
      <PageLinks page={page} hasMore={hasMore} search={search} label="People pages" />

      <InviteForm consultants={consultants} fields={inviteFields} failure={actionData} />
    </AdminShell>
  );
}

type PersonRow = Route.ComponentProps["loaderData"]["people"][number];

function StateBadges({ person }: { person: PersonRow }) {
  return (
    <span className="flex flex-wrap gap-1.5">
      {person.disabled ? <Badge tone="red">Disabled</Badge> : <Badge tone="green">Active</Badge>}
      {person.locked ? <Badge tone="amber">Failed logins</Badge> : null}
    </span>
  );
}

/** The people as a table at desk widths and as cards on a phone. */
const columns: StaffColumn<PersonRow>[] = [
  {
    header: "Name",
    cell: (person) => (
      <>
        <Link
          to={href("/admin/people/:userId", { userId: person.id })}
          className="font-semibold text-brand-800 hover:underline"
        >
          {person.name}
        </Link>
        <p className="break-all text-muted text-sm">{person.email}</p>
      </>
    ),
    cardTitle: true,
  },
  {
    header: "Role",
    cell: (person) => (person.consultantName ? `${person.role} (${person.consultantName})` : person.role),
  },
  { header: "KYC", cell: (person) => person.kyc, className: "capitalize" },
  { header: "State", cell: (person) => <StateBadges person={person} /> },
  { header: "Joined", cell: (person) => person.joined, nowrap: true },
];

function InviteForm({
  consultants,
  fields,
  failure,
}: {
  consultants: { id: string; name: string }[];
  fields: Record<"name" | "email" | "role" | "consultantId", FieldConstraints>;
  failure?: Failure;
}) {
  const busy = useNavigation().state !== "idle";
  return (
    <section
      id="invite"
      aria-labelledby="invite-heading"
      className="mt-10 scroll-mt-6 rounded-2xl border border-gray-200 bg-white p-5 sm:p-6"
    >
      <h2 id="invite-heading" className="font-semibold text-ink text-xl">
        Invite staff or a consultant
      </h2>
      <p className="mt-1 text-muted text-sm">
        We create the account and e-mail a link to set its password. The link works once, for seven days.
      </p>
      <Form method="post" className="mt-5 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="invite" />
        <div className="sm:col-span-2">
          <FormAlert message={failure?.error} />
        </div>
        <TextField label="Full name" {...fields.name} autoComplete="off" {...sentBack(failure, "name")} />
        <TextField label="E-mail" {...fields.email} autoComplete="off" {...sentBack(failure, "email")} />
        <ChoiceField
          label="Role"
          name="role"
          required
          choices={[
            { value: "consultant", label: roleLabels.consultant },
            { value: "admin", label: roleLabels.admin },
          ]}
          defaultValue={failure?.values.role ?? "consultant"}
          error={failure?.fieldErrors.role}
        />
        <ConsultantProfileField consultants={consultants} {...sentBack(failure, "consultantId")} />
        <div className="sm:col-span-2">
          <PrimaryButton disabled={busy}>Send invitation</PrimaryButton>
        </div>
      </Form>
    </section>
  );
}
