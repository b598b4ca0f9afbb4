import { data, Form, href, Link, useNavigation } from "react-router";
import { ChoiceField } from "~/components/forms/choice-field";
import { FormAlert, PrimaryButton } from "~/components/forms/form-controls";
import { AdminShell } from "~/components/staff/admin-shell";
import { Badge } from "~/components/staff/badge";
import {
  findPerson,
  liftLoginLock,
  listLinkableConsultants,
  PERSON_NOT_FOUND,
  updatePerson,
} from "~/features/accounts/people.server";
import { roleLabels } from "~/features/accounts/roles";
import { listAuditEntries } from "~/features/audit/audit.server";
import { requireRole } from "~/infra/auth-guard.server";
import { redirectWithToast } from "~/infra/flash.server";
import { readForm } from "~/infra/form-body.server";
import { formFailure, textValues } from "~/infra/form-failure.server";
import { describeTime, formatDay } from "~/lib/dates";
import { FeatureError } from "~/lib/errors";
import { privatePageHeaders } from "~/lib/page-headers";
import type { Route } from "./+types/person";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.person.name ?? "Person"} · Staff area` },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = requireRole(request, context, "admin");
  const person = await findPerson(context.db, params.userId, {
    failedLoginsPerAccount: context.env.RATE_LIMIT_FAILED_LOGINS,
    now: context.clock(),
  });
  if (!person) throw data({ message: PERSON_NOT_FOUND }, { status: 404 });
  const zone = context.env.AGENCY_TZ;
  const { entries } = await listAuditEntries(context.db, { targetType: "user", targetId: person.id });
  return {
    person: {
      ...person,
      roleLabel: roleLabels[person.role],
      joined: formatDay(person.createdAt, zone),
      disabledSince: person.disabledAt ? describeTime(person.disabledAt, zone) : null,
    },
    isYou: person.id === staff.id,
    consultants: await listLinkableConsultants(context.db, person.consultantId),
    confirmingDisable: new URL(request.url).searchParams.get("confirm") === "disable",
    history: entries.slice(0, 10).map((entry) => ({
      id: entry.id,
      at: describeTime(entry.at, zone),
      actor: entry.actorEmail,
      summary: entry.summary || entry.action,
    })),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = requireRole(request, context, "admin");
  const form = await readForm(request);
  const values = textValues(form);
  const here = href("/admin/people/:userId", { userId: params.userId });
  const now = context.clock();
  try {
    let message: string;
    if (values.intent === "role") {
      ({ message } = await updatePerson(
        context.db,
        staff,
        params.userId,
        { role: values.role, consultantId: values.consultantId, version: values.version },
        now,
      ));
    } else if (values.intent === "disable" || values.intent === "enable") {
      ({ message } = await updatePerson(
        context.db,
        staff,
        params.userId,
        { disabled: values.intent === "disable", version: values.version },
        now,
      ));
    } else if (values.intent === "unlock") {
      ({ message } = await liftLoginLock(context.db, staff, params.userId, now));
    } else {
      throw new FeatureError("invalid", "This action is not available.");
    }
    return redirectWithToast(here, { kind: "success", message }, context);
  } catch (error) {
    return formFailure(error, values);
  }
}

export const headers: Route.HeadersFunction = privatePageHeaders;

const roleChoices = Object.entries(roleLabels).map(([value, label]) => ({ value, label }));

export default function Person({ loaderData, actionData }: Route.ComponentProps) {
  const { person, isYou, consultants, confirmingDisable, history } = loaderData;
  const busy = useNavigation().state !== "idle";
  const panel = "rounded-2xl border border-gray-200 bg-white p-5 sm:p-6";
  return (
    <AdminShell
      title={person.name}
      actions={
        <Link
          to="/admin/people"
          className="rounded-full border border-gray-300 px-5 py-2.5 font-semibold text-ink text-sm hover:border-brand-700"
        >
          All people
        </Link>
      }
    >
      <div className="space-y-6">
        <FormAlert message={actionData?.error} />
        <section aria-labelledby="summary-heading" className={panel}>
          <h2 id="summary-heading" className="sr-only">
            Summary
          </h2>
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="text-muted">E-mail</dt>
            <dd className="break-all">{person.email}</dd>
            <dt className="text-muted">Role</dt>
            <dd>
              {person.roleLabel}
              {person.consultantName ? ` for ${person.consultantName}` : null}
            </dd>
            <dt className="text-muted">State</dt>
            <dd className="flex flex-wrap gap-1.5">
              {person.disabledAt ? <Badge tone="red">Disabled</Badge> : <Badge tone="green">Active</Badge>}
              {person.locked ? <Badge tone="amber">Failed logins: slowed down</Badge> : null}
              {person.invitationPending ? <Badge tone="grey">Invitation not yet accepted</Badge> : null}
            </dd>
            <dt className="text-muted">KYC</dt>
            <dd className="capitalize">{person.kycStatus ?? "Not submitted"}</dd>
            <dt className="text-muted">Signed in on</dt>
            <dd>
              {person.activeSessions === 1 ? "1 device or app" : `${person.activeSessions} devices or apps`}
            </dd>
            <dt className="text-muted">Joined</dt>
            <dd>{person.joined}</dd>
            {person.disabledSince ? (
              <>
                <dt className="text-muted">Disabled since</dt>
                <dd>{person.disabledSince}</dd>
              </>
            ) : null}
          </dl>
        </section>

        <section aria-labelledby="role-heading" className={panel}>
          <h2 id="role-heading" className="font-semibold text-ink text-lg">
            Role
          </h2>
          {isYou ? (
            <p className="mt-2 text-muted text-sm">
              This is your own account: another member of staff can change its role.
            </p>
          ) : (
            <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2">
              <input type="hidden" name="intent" value="role" />
              <input type="hidden" name="version" value={person.version} />
              <ChoiceField
                label="Role"
                name="role"
                choices={roleChoices}
                defaultValue={actionData?.values.role ?? person.role}
                error={actionData?.fieldErrors.role}
              />
              <ChoiceField
                label="Consultant profile"
                name="consultantId"
                hint="Only for the consultant role: the profile this account speaks for."
                empty="None"
                choices={consultants.map((consultant) => ({ value: consultant.id, label: consultant.name }))}
                defaultValue={actionData?.values.consultantId ?? person.consultantId}
                error={actionData?.fieldErrors.consultantId}
              />
              <div className="sm:col-span-2">
                <PrimaryButton disabled={busy}>Save role</PrimaryButton>
              </div>
            </Form>
          )}
        </section>

        <section aria-labelledby="access-heading" className={panel}>
          <h2 id="access-heading" className="font-semibold text-ink text-lg">
            Sign-in
          </h2>
          {person.locked ? (
            <Form method="post" className="mt-4 flex flex-wrap items-center gap-4">
              <input type="hidden" name="intent" value="unlock" />
              <p className="text-sm">
                Many failed logins in the last 15 minutes: the addresses they came from must wait before each
                new try. The owner can still sign in from anywhere else, or reset the password.
              </p>
              <PrimaryButton disabled={busy} className="px-5 py-2">
                Let them try again now
              </PrimaryButton>
            </Form>
          ) : null}
          {isYou ? (
            <p className="mt-2 text-muted text-sm">You cannot disable your own account.</p>
          ) : person.disabledAt ? (
            <Form method="post" className="mt-4 flex flex-wrap items-center gap-4">
              <input type="hidden" name="intent" value="enable" />
              <input type="hidden" name="version" value={person.version} />
              <p className="text-sm">This account cannot sign in.</p>
              <PrimaryButton disabled={busy} className="px-5 py-2">
                Enable the account
              </PrimaryButton>
            </Form>
          ) : confirmingDisable ? (
            <Form
              method="post"
              className="mt-4 rounded-xl border border-red-200 bg-red-50 p-4"
              aria-labelledby="confirm-disable"
            >
              <input type="hidden" name="intent" value="disable" />
              <input type="hidden" name="version" value={person.version} />
              <p id="confirm-disable" className="font-medium text-red-900">
                Disable {person.name}'s account? They are signed out everywhere at once and cannot sign in
                until the account is enabled again.
              </p>
              <div className="mt-4 flex flex-wrap items-center gap-4">
                <button
                  type="submit"
                  disabled={busy}
                  className="rounded-full bg-red-700 px-5 py-2 font-semibold text-sm text-white hover:bg-red-800"
                >
                  Yes, disable the account
                </button>
                <Link to="?" className="font-medium text-ink text-sm underline-offset-4 hover:underline">
                  Keep it enabled
                </Link>
              </div>
            </Form>
          ) : (
            <div className="mt-4 flex flex-wrap items-center gap-4">
              <p className="text-sm">Disabling signs the person out everywhere at once.</p>
              <Link
                to="?confirm=disable"
                className="rounded-full border border-red-300 px-5 py-2 font-semibold text-red-800 text-sm hover:border-red-700"
              >
                Disable the account…
              </Link>
            </div>
          )}
        </section>

        <section aria-labelledby="history-heading" className={panel}>
          <h2 id="history-heading" className="font-semibold text-ink text-lg">
            Recent staff changes
          </h2>
          {history.length === 0 ? (
            <p className="mt-2 text-muted text-sm">No staff changes yet.</p>
          ) : (
            <ol className="mt-3 space-y-2 text-sm">
              {history.map((entry) => (
                <li key={entry.id}>
                  <span className="text-muted">{entry.at}</span>, {entry.actor}: {entry.summary}
                </li>
              ))}
            </ol>
          )}
          <Link
            to={`/admin/audit?targetType=user&targetId=${person.id}`}
            className="mt-3 inline-block font-medium text-brand-700 text-sm hover:underline"
          >
            Full history in the audit log
          </Link>
        </section>
      </div>
    </AdminShell>
  );
}
