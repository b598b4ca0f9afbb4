import { Link, useSearchParams } from "react-router";
import { PageLinks } from "~/components/site/page-links";
import { AdminShell } from "~/components/staff/admin-shell";
import { Badge } from "~/components/staff/badge";
import { listOutbox, outboxStatusFrom } from "~/features/email/outbox-admin.server";
import { requireRole } from "~/infra/auth-guard.server";
import { formatDay, formatTimeOfDay } from "~/lib/dates";
import { privatePageHeaders } from "~/lib/page-headers";
import { pageNumberFrom } from "~/lib/page-number";
import type { Route } from "./+types/emails";

export const meta: Route.MetaFunction = () => [{ title: "E-mails · Staff area" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireRole(request, context, "admin");
  const url = new URL(request.url);
  const status = outboxStatusFrom(url.searchParams.get("status"));
  const page = pageNumberFrom(url.searchParams.get("page"));
  const { messages, hasMore } = await listOutbox(context.db, { status }, page);
  const zone = context.env.AGENCY_TZ;
  return {
    status: status ?? "all",
    page,
    hasMore,
    smtpConfigured: Boolean(context.env.SMTP_URL),
    messages: messages.map((message) => ({
      id: message.id,
      to: message.recipient,
      subject: message.subject,
      status: message.status,
      attempts: message.attempts,
      lastError: message.lastError,
      created: `${formatDay(message.createdAt, zone)}, ${formatTimeOfDay(message.createdAt, zone)}`,
    })),
  };
}

export function headers(args: Route.HeadersArgs) {
  return privatePageHeaders(args);
}

const statusLabels = { pending: "Waiting", sent: "Sent", failed: "Failed" } as const;
const statusTones = { pending: "amber", sent: "green", failed: "red" } as const;

export default function Emails({ loaderData }: Route.ComponentProps) {
  const { status, page, hasMore, smtpConfigured, messages } = loaderData;
  const [query] = useSearchParams();
  const tabs = [
    { value: "all", label: "All" },
    ...(["pending", "failed", "sent"] as const).map((value) => ({ value, label: statusLabels[value] })),
  ];
  return (
    <AdminShell
      title="E-mails"
      description="Every message the site sends, with its delivery state. Open one to read it."
    >
      {smtpConfigured ? null : (
        <p className="mb-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900 text-sm">
          No mail server is set up (SMTP_URL), so messages stay here: open one to read it or copy a link from
          it.
        </p>
      )}
      <nav aria-label="E-mail status" className="mb-4">
        <ul className="flex flex-wrap gap-2">
          {tabs.map((tab) => (
            <li key={tab.value}>
              <Link
                to={tab.value === "all" ? "?" : `?status=${tab.value}`}
                aria-current={status === tab.value ? "page" : undefined}
                className="block rounded-full border border-gray-300 px-4 py-1.5 font-medium text-ink text-sm hover:border-brand-700 aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white"
              >
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {messages.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-gray-200 bg-surface p-6 text-center text-muted">
          No e-mails here.
        </p>
      ) : (
        <MessageList messages={messages} />
      )}
      <PageLinks page={page} hasMore={hasMore} search={query} label="E-mail pages" />
    </AdminShell>
  );
}

type MessageRow = Route.ComponentProps["loaderData"]["messages"][number];

function StatusCell({ message }: { message: MessageRow }) {
  return (
    <>
      <Badge tone={statusTones[message.status]}>{statusLabels[message.status]}</Badge>
      {message.lastError ? (
        <p className="mt-1 wrap-anywhere text-red-800 text-xs">{message.lastError}</p>
      ) : null}
    </>
  );
}

/** A table at desk widths; the same messages as cards on a phone, so nothing scrolls sideways. */
function MessageList({ messages }: { messages: MessageRow[] }) {
  const open = (message: MessageRow) => (
    <Link to={`/admin/emails/${message.id}`} className="font-semibold text-brand-800 hover:underline">
      {message.subject}
    </Link>
  );
  return (
    <>
      <ul className="mt-6 space-y-3 md:hidden">
        {messages.map((message) => (
          <li key={message.id} className="rounded-2xl border border-gray-200 bg-white p-4">
            {open(message)}
            <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted">To</dt>
              <dd className="break-all">{message.to}</dd>
              <dt className="text-muted">Created</dt>
              <dd>{message.created}</dd>
              <dt className="text-muted">Attempts</dt>
              <dd>{message.attempts}</dd>
              <dt className="text-muted">Status</dt>
              <dd>
                <StatusCell message={message} />
              </dd>
            </dl>
          </li>
        ))}
      </ul>
      <div className="mt-6 hidden overflow-hidden rounded-2xl border border-gray-200 bg-white md:block">
        <table className="w-full table-fixed text-left text-sm">
          <caption className="sr-only">E-mails</caption>
          <thead className="bg-surface text-muted text-xs uppercase tracking-wide">
            <tr>
              <th scope="col" className="w-[34%] px-4 py-3">
                Subject
              </th>
              <th scope="col" className="w-[24%] px-4 py-3">
                To
              </th>
              <th scope="col" className="px-4 py-3">
                Created
              </th>
              <th scope="col" className="w-24 px-4 py-3">
                Attempts
              </th>
              <th scope="col" className="px-4 py-3">
                Status
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200">
            {messages.map((message) => (
              <tr key={message.id} className="align-top">
                <td className="wrap-anywhere px-4 py-3">{open(message)}</td>
                <td className="break-all px-4 py-3">{message.to}</td>
                <td className="px-4 py-3">{message.created}</td>
                <td className="px-4 py-3">{message.attempts}</td>
                <td className="px-4 py-3">
                  <StatusCell message={message} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
