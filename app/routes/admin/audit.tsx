import { data, Form, Link, useSearchParams } from "react-router";
import { FormAlert } from "~/components/forms/form-controls";
import { PageLinks } from "~/components/site/page-links";
import { AdminShell } from "~/components/staff/admin-shell";
import { EmptyList } from "~/components/staff/empty-list";
import { FilterActions } from "~/components/staff/filter-actions";
import { FilterChoice, FilterText } from "~/components/staff/filter-fields";
import { listAuditEntries } from "~/features/audit/audit.server";
import { auditFilterChoices, auditQueryFrom } from "~/features/audit/audit-query.server";
import { requireRole } from "~/infra/auth-guard.server";
import { describeTime } from "~/lib/dates";
import { FeatureError } from "~/lib/errors";
import { privatePageHeaders } from "~/lib/page-headers";
import type { Route } from "./+types/audit";

export const meta: Route.MetaFunction = () => [{ title: "Audit log · Staff area" }];

/** Where a record of each kind is seen in the staff area. */
const recordPages: Record<string, string> = {
  user: "/admin/people/",
  project: "/admin/projects/",
  appointment: "/admin/appointments/",
  consultant: "/admin/consultants/",
  inquiry: "/admin/inquiries/",
};

/** A value as staff read it in the before/after columns. */
function readable(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(none)";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "string" || typeof value === "number") return String(value);
  return JSON.stringify(value);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireRole(request, context, "admin");
  const url = new URL(request.url);
  const zone = context.env.AGENCY_TZ;
  const choices = await auditFilterChoices(context.db);
  try {
    const { filters, page } = auditQueryFrom(Object.fromEntries(url.searchParams), zone);
    const { entries, hasMore } = await listAuditEntries(context.db, filters, page);
    return {
      error: null,
      choices,
      zone,
      page,
      hasMore,
      entries: entries.map((entry) => {
        const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
        return {
          id: entry.id,
          at: describeTime(entry.at, zone),
          actor: entry.actorEmail,
          action: entry.action,
          targetType: entry.targetType,
          targetId: entry.targetId,
          targetPage: recordPages[entry.targetType]
            ? `${recordPages[entry.targetType]}${entry.targetId}`
            : null,
          summary: entry.summary,
          changes: fields.map((field) => ({
            field,
            before: entry.before && field in entry.before ? readable(entry.before[field]) : "(none)",
            after: entry.after && field in entry.after ? readable(entry.after[field]) : "(none)",
          })),
        };
      }),
    };
  } catch (error) {
    if (!(error instanceof FeatureError)) throw error;
    return data(
      { error: error.message, choices, zone, page: 1, hasMore: false, entries: [] },
      { status: 400 },
    );
  }
}

export const headers: Route.HeadersFunction = privatePageHeaders;

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { entries, choices, zone, page, hasMore, error } = loaderData;
  const [search] = useSearchParams();
  const asChoices = (values: string[]) => values.map((value) => ({ value, label: value }));
  return (
    <AdminShell
      title="Audit log"
      description={`Every staff action: who did what to which record, and when (${zone.replace(/_/g, " ")} time). Read-only.`}
    >
      <Form
        method="get"
        className="grid gap-4 rounded-2xl border border-gray-200 bg-white p-4 sm:grid-cols-2 xl:grid-cols-3"
      >
        <FilterChoice label="Action" name="action" empty="All actions" choices={asChoices(choices.actions)} />
        <FilterChoice
          label="Kind of record"
          name="targetType"
          empty="All kinds"
          choices={asChoices(choices.targetTypes)}
        />
        <FilterText label="Staff e-mail contains" name="actor" type="search" />
        <FilterText label="From (day)" name="from" type="date" />
        <FilterText label="To (day, included)" name="to" type="date" />
        {search.get("targetId") ? (
          <input type="hidden" name="targetId" value={search.get("targetId") ?? ""} />
        ) : null}
        <FilterActions clearTo="/admin/audit" className="self-end" />
      </Form>
      {search.get("targetId") ? (
        <p className="mt-4 text-muted text-sm">Showing one record's history only.</p>
      ) : null}
      <div className="mt-4">
        <FormAlert message={error} />
      </div>

      {entries.length === 0 && !error ? (
        <EmptyList>No entries match these filters.</EmptyList>
      ) : (
        <ol className="mt-6 space-y-3">
          {entries.map((entry) => (
            <li key={entry.id} className="rounded-2xl border border-gray-200 bg-white p-4">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <p className="font-semibold text-ink">
                  <code className="rounded bg-brand-50 px-1.5 py-0.5 font-mono text-brand-900 text-sm">
                    {entry.action}
                  </code>{" "}
                  by <span className="break-all">{entry.actor}</span>
                </p>
                <p className="text-muted text-sm">{entry.at}</p>
              </div>
              {entry.summary ? <p className="mt-1 wrap-anywhere text-sm">{entry.summary}</p> : null}
              <p className="mt-1 break-all text-muted text-xs">
                {entry.targetType}{" "}
                {entry.targetPage ? (
                  <Link to={entry.targetPage} className="text-brand-700 hover:underline">
                    {entry.targetId}
                  </Link>
                ) : (
                  entry.targetId
                )}
              </p>
              {entry.changes.length > 0 ? (
                <table className="mt-3 w-full table-fixed text-left text-sm">
                  <caption className="sr-only">Fields changed by this action</caption>
                  <thead className="text-muted text-xs">
                    <tr>
                      <th scope="col" className="w-1/4 py-1 pr-2 font-medium">
                        Field
                      </th>
                      <th scope="col" className="py-1 pr-2 font-medium">
                        Before
                      </th>
                      <th scope="col" className="py-1 font-medium">
                        After
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-gray-100 align-top">
                    {entry.changes.map((change) => (
                      <tr key={change.field}>
                        <th scope="row" className="wrap-anywhere py-1 pr-2 font-normal text-muted">
                          {change.field}
                        </th>
                        <td className="wrap-anywhere py-1 pr-2">{change.before}</td>
                        <td className="wrap-anywhere py-1">{change.after}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <PageLinks page={page} hasMore={hasMore} search={search} label="Audit log pages" />
    </AdminShell>
  );
}
