import { Form, useNavigation } from "react-router";
import { FormAlert } from "~/components/forms/form-controls";
import { AdminShell } from "~/components/staff/admin-shell";
import { Badge } from "~/components/staff/badge";
import { EmptyList } from "~/components/staff/empty-list";
import { FilterActions } from "~/components/staff/filter-actions";
import { FilterChoice, FilterText } from "~/components/staff/filter-fields";
import { consultantChoices } from "~/features/booking/staff-appointments.server";
import { waitlistSettingsFrom } from "~/features/waitlist/offers.server";
import { listStaffWaitlist, staffRemoveWaitlistEntry } from "~/features/waitlist/staff-waitlist.server";
import { entryStatusLabels, offerStatusLabels } from "~/features/waitlist/waitlist.server";
import { requireRole } from "~/infra/auth-guard.server";
import { redirectWithToast } from "~/infra/flash.server";
import { readForm } from "~/infra/form-body.server";
import { formFailure, textValues } from "~/infra/form-failure.server";
import { describeTime, formatCalendarDate, formatTimeOfDay } from "~/lib/dates";
import { privatePageHeaders } from "~/lib/page-headers";
import type { Route } from "./+types/waitlist";

export const meta: Route.MetaFunction = () => [{ title: "Waitlist · Staff area" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireRole(request, context, "admin");
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const zone = context.env.AGENCY_TZ;
  const [entries, consultants] = await Promise.all([
    listStaffWaitlist(context.db, query, { zone, now: context.clock() }),
    consultantChoices(context.db),
  ]);
  const rows = entries.map((entry) => ({
    id: entry.id,
    customerName: entry.customerName,
    customerEmail: entry.customerEmail,
    joined: describeTime(entry.createdAt, zone),
    status: entry.status,
    statusLabel: entryStatusLabels[entry.status],
    open: entry.status === "waiting" || entry.status === "offered",
    offers: entry.offers.map((offer) => ({
      id: offer.id,
      slot: formatTimeOfDay(offer.startsAt, zone),
      heldUntil: describeTime(offer.expiresAt, zone),
      fate: offerStatusLabels[offer.status],
      live: offer.status === "live",
    })),
    group: `${entry.consultantId} ${entry.day}`,
    groupTitle: `${entry.consultantName}, ${formatCalendarDate(entry.day, { weekday: "long", month: "long", day: "numeric", year: "numeric" })}`,
  }));
  const days = new Map<string, { key: string; title: string; entries: typeof rows }>();
  for (const row of rows) {
    const day = days.get(row.group) ?? { key: row.group, title: row.groupTitle, entries: [] };
    day.entries.push(row);
    days.set(row.group, day);
  }
  return {
    zone,
    groups: [...days.values()],
    consultants: consultants.map((consultant) => ({
      value: consultant.id,
      label: consultant.archived ? `${consultant.name} (archived)` : consultant.name,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireRole(request, context, "admin");
  const values = textValues(await readForm(request));
  try {
    await staffRemoveWaitlistEntry(
      context.db,
      values.entryId,
      { reason: values.reason },
      staff,
      waitlistSettingsFrom(context.env),
      context.clock(),
    );
    const url = new URL(request.url);
    return redirectWithToast(
      url.pathname + url.search,
      { kind: "success", message: "Removed from the waitlist; a time held for them went to the next person" },
      context,
    );
  } catch (error) {
    return formFailure(error, values);
  }
}

export const headers: Route.HeadersFunction = privatePageHeaders;

const statusTones = {
  waiting: "amber",
  offered: "green",
  booked: "green",
  missed: "grey",
  removed: "grey",
  expired: "grey",
} as const;

export default function StaffWaitlist({ loaderData, actionData }: Route.ComponentProps) {
  const { zone, groups, consultants } = loaderData;
  const busy = useNavigation().state !== "idle";
  const failedFor = actionData?.values.entryId;
  const shown = groups.some((group) => group.entries.some((entry) => entry.id === failedFor));
  return (
    <AdminShell
      title="Waitlist"
      description={`Customers waiting for a consultant's day, first come first served, and what became of every time offered to them. Times in ${zone.replace(/_/g, " ")} time.`}
    >
      <Form
        method="get"
        className="grid gap-4 rounded-2xl border border-gray-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        <FilterChoice label="Consultant" name="consultantId" choices={consultants} empty="All consultants" />
        <FilterText label="Day" name="day" type="date" hint="From yesterday on when empty." />
        <FilterActions clearTo="/admin/waitlist" className="sm:col-span-2 lg:col-span-1 lg:self-end" />
      </Form>
      {actionData && !shown ? (
        <div className="mt-6">
          <FormAlert message={actionData.error} />
        </div>
      ) : null}
      {groups.length === 0 ? (
        <EmptyList>Nobody is waiting for these days.</EmptyList>
      ) : (
        <div className="mt-6 grid gap-6">
          {groups.map((group) => (
            <section key={group.key} className="rounded-2xl border border-gray-200 bg-white p-5">
              <h2 className="font-semibold text-ink">{group.title}</h2>
              <ol className="mt-3 divide-y divide-gray-100">
                {group.entries.map((entry, index) => (
                  <li key={entry.id} className="py-3 text-sm">
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <p className="min-w-0">
                        <span className="text-muted">{index + 1}.</span>{" "}
                        <span className="font-medium text-ink">{entry.customerName}</span> (
                        <span className="break-all">{entry.customerEmail}</span>), joined {entry.joined}
                      </p>
                      <Badge tone={statusTones[entry.status]}>{entry.statusLabel}</Badge>
                    </div>
                    {entry.offers.length > 0 ? (
                      <ul className="mt-2 grid gap-1 text-muted">
                        {entry.offers.map((offer) => (
                          <li key={offer.id}>
                            Offered {offer.slot}, held until {offer.heldUntil}:{" "}
                            <span className={offer.live ? "font-medium text-ink" : undefined}>
                              {offer.fate}
                            </span>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                    {entry.open ? (
                      <Form method="post" className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-end">
                        <input type="hidden" name="entryId" value={entry.id} />
                        <div className="flex-1">
                          <label
                            htmlFor={`reason-${entry.id}`}
                            className="block font-medium text-ink text-sm"
                          >
                            Reason to take {entry.customerName} off the list
                          </label>
                          <input
                            id={`reason-${entry.id}`}
                            name="reason"
                            required
                            minLength={3}
                            maxLength={500}
                            aria-invalid={failedFor === entry.id ? true : undefined}
                            aria-describedby={failedFor === entry.id ? `reason-${entry.id}-error` : undefined}
                            className="mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
                          />
                        </div>
                        <button
                          type="submit"
                          disabled={busy}
                          className="rounded-lg border border-gray-300 px-4 py-2 font-semibold text-ink text-sm hover:border-red-600"
                        >
                          Remove from the waitlist
                        </button>
                      </Form>
                    ) : null}
                    {failedFor === entry.id && actionData ? (
                      <p id={`reason-${entry.id}-error`} role="alert" className="mt-1.5 text-red-700 text-sm">
                        {actionData.error}
                      </p>
                    ) : null}
                  </li>
                ))}
              </ol>
            </section>
          ))}
        </div>
      )}
    </AdminShell>
  );
}
