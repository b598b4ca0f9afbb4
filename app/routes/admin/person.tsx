import { data, Form, href, Link, useNavigation } from "react-router";
import { ChoiceField } from "~/components/forms/choice-field";
import { FormAlert, PrimaryButton } from "~/components/forms/form-controls";
import { AdminShell } from "~/components/staff/admin-shell";
import { BackLink } from "~/components/staff/back-link";
import { Badge } from "~/components/staff/badge";
import { ConsultantProfileField } from "~/components/staff/consultant-profile-field";
import { DangerConfirmation, DangerLink } from "~/components/staff/danger-actions";
import { Panel } from "~/components/staff/panel";
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
  return (
    <AdminShell title={person.name} actions={<BackLink to="/admin/people">All people</BackLink>}>
      <div className="space-y-6">
        <FormAlert message={actionData?.error} />
        <Panel id="summary-heading" title="Summary" hideTitle>
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
        </Panel>

        <Panel id="role-heading" title="Role">
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
              <ConsultantProfileField
                consultants={consultants}
                defaultValue={actionData?.values.consultantId ?? person.consultantId}
                error={actionData?.fieldErrors.consultantId}
              />
              <div className="sm:col-span-2">
                <PrimaryButton disabled={busy}>Save role</PrimaryButton>
              </div>
            </Form>
          )}
        </Panel>

        <Panel id="access-heading" title="Sign-in">
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
            <DangerConfirmation
              intent="disable"
              version={person.version}
              question={`Disable ${person.name}'s account? They are signed out everywhere at once and cannot sign in until the account is enabled again.`}
              confirm="Yes, disable the account"
              keep="Keep it enabled"
              busy={busy}
              className="mt-4"
            />
          ) : (
            <div className="mt-4 flex flex-wrap items-center gap-4">
              <p className="text-sm">Disabling signs the person out everywhere at once.</p>
              <DangerLink compact to="?confirm=disable">
                Disable the account…
              </DangerLink>
            </div>
          )}
        </Panel>

        <Panel id="history-heading" title="Recent staff changes">
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
        </Panel>
      </div>
    </AdminShell>
  );
}
