import { href, Link, useSearchParams } from "react-router";
import { PageLinks } from "~/components/site/page-links";
import { AdminShell } from "~/components/staff/admin-shell";
import { EmptyList } from "~/components/staff/empty-list";
import { type StaffColumn, StaffList } from "~/components/staff/staff-list";
import { OutboxStatusBadge, outboxStatusLabels } from "~/components/staff/status-badges";
import { StatusTabs } from "~/components/staff/status-tabs";
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

export const headers: Route.HeadersFunction = privatePageHeaders;

export default function Emails({ loaderData }: Route.ComponentProps) {
  const { status, page, hasMore, smtpConfigured, messages } = loaderData;
  const [query] = useSearchParams();
  const tabs = [
    { value: "all", label: "All", to: "?" },
    ...(["pending", "failed", "sent"] as const).map((value) => ({
      value,
      label: outboxStatusLabels[value],
      to: `?status=${value}`,
    })),
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
      <StatusTabs label="E-mail status" current={status} tabs={tabs} />
      {messages.length === 0 ? (
        <EmptyList>No e-mails here.</EmptyList>
      ) : (
        <StaffList caption="E-mails" columns={columns} rows={messages} fixed alignTop />
      )}
      <PageLinks page={page} hasMore={hasMore} search={query} label="E-mail pages" />
    </AdminShell>
  );
}

type MessageRow = Route.ComponentProps["loaderData"]["messages"][number];

function StatusCell({ message }: { message: MessageRow }) {
  return (
    <>
      <OutboxStatusBadge status={message.status} />
      {message.lastError ? (
        <p className="mt-1 wrap-anywhere text-red-800 text-xs">{message.lastError}</p>
      ) : null}
    </>
  );
}

/** The messages as a table at desk widths and as cards on a phone. */
const columns: StaffColumn<MessageRow>[] = [
  {
    header: "Subject",
    cell: (message) => (
      <Link
        to={href("/admin/emails/:messageId", { messageId: message.id })}
        className="font-semibold text-brand-800 hover:underline"
      >
        {message.subject}
      </Link>
    ),
    width: "w-[34%]",
    className: "wrap-anywhere",
    cardTitle: true,
  },
  { header: "To", cell: (message) => message.to, width: "w-[24%]", className: "break-all" },
  { header: "Created", cell: (message) => message.created },
  { header: "Attempts", cell: (message) => message.attempts, width: "w-24" },
  { header: "Status", cell: (message) => <StatusCell message={message} /> },
];
