import { Form, href, Link, useSearchParams } from "react-router";
import { PrimaryButton, TextField } from "~/components/forms/form-controls";
import { PageLinks } from "~/components/site/page-links";
import { AdminShell } from "~/components/staff/admin-shell";
import { EmptyList } from "~/components/staff/empty-list";
import { type StaffColumn, StaffList } from "~/components/staff/staff-list";
import { InquiryStatusBadge, inquiryStatusLabels } from "~/components/staff/status-badges";
import { StatusTabs } from "~/components/staff/status-tabs";
import { inquiryStatusFrom, listInquiries } from "~/features/contact/inquiry-inbox.server";
import { requireRole } from "~/infra/auth-guard.server";
import { formatDay, formatTimeOfDay } from "~/lib/dates";
import { privatePageHeaders } from "~/lib/page-headers";
import { pageNumberFrom } from "~/lib/page-number";
import type { Route } from "./+types/inquiries";

export const meta: Route.MetaFunction = () => [{ title: "Inquiries · Staff area" }];

/** The inbox opens on new inquiries; `all` shows every status. */
function viewFrom(value: string | null) {
  return value === "all" ? "all" : (inquiryStatusFrom(value) ?? "new");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireRole(request, context, "admin");
  const url = new URL(request.url);
  const view = viewFrom(url.searchParams.get("status"));
  const page = pageNumberFrom(url.searchParams.get("page"));
  const search = url.searchParams.get("q")?.trim() ?? "";
  const { inquiries, hasMore, counts } = await listInquiries(
    context.db,
    { status: view === "all" ? undefined : view, search },
    page,
  );
  const zone = context.env.AGENCY_TZ;
  return {
    view,
    page,
    hasMore,
    counts,
    search,
    inquiries: inquiries.map((inquiry) => ({
      id: inquiry.id,
      name: inquiry.name,
      email: inquiry.email,
      businessType:
        inquiry.businessType === "Other" && inquiry.otherBusiness
          ? inquiry.otherBusiness
          : inquiry.businessType,
      services: inquiry.requiredServices.join(", "),
      status: inquiry.status,
      received: `${formatDay(inquiry.createdAt, zone)}, ${formatTimeOfDay(inquiry.createdAt, zone)}`,
    })),
  };
}

export const headers: Route.HeadersFunction = privatePageHeaders;

export default function Inquiries({ loaderData }: Route.ComponentProps) {
  const { view, page, hasMore, counts, search, inquiries } = loaderData;
  const [query] = useSearchParams();
  const linkTo = (value: string) => `?status=${value}${search ? `&q=${encodeURIComponent(search)}` : ""}`;
  const tabs = [
    ...(["new", "contacted", "closed"] as const).map((status) => ({
      value: status,
      label: `${inquiryStatusLabels[status]} (${counts[status]})`,
      to: linkTo(status),
    })),
    { value: "all", label: "All", to: linkTo("all") },
  ];
  return (
    <AdminShell
      title="Inquiries"
      description="Requests from the contact form: read, note, reply and close them."
    >
      <StatusTabs label="Inquiry status" current={view} tabs={tabs} />
      <Form
        method="get"
        role="search"
        className="flex flex-wrap items-end gap-3 rounded-2xl border border-gray-200 bg-white p-4"
      >
        <input type="hidden" name="status" value={view} />
        <TextField
          label="Name, e-mail, phone or message"
          name="q"
          type="search"
          defaultValue={search}
          className="min-w-0 flex-1 basis-60"
        />
        <PrimaryButton className="px-5 py-2">Search</PrimaryButton>
      </Form>

      {inquiries.length === 0 ? (
        <EmptyList>{search ? "No inquiry matches this search." : "No inquiries here."}</EmptyList>
      ) : (
        <StaffList caption="Inquiries" columns={columns} rows={inquiries} />
      )}
      <PageLinks page={page} hasMore={hasMore} search={query} label="Inquiry pages" />
    </AdminShell>
  );
}

type InquiryRow = Route.ComponentProps["loaderData"]["inquiries"][number];

function open(inquiry: InquiryRow) {
  return (
    <Link
      to={href("/admin/inquiries/:inquiryId", { inquiryId: inquiry.id })}
      className="font-semibold text-brand-800 hover:underline"
    >
      {inquiry.name}
    </Link>
  );
}

const received: StaffColumn<InquiryRow> = { header: "Received", cell: (inquiry) => inquiry.received };

/**
 * The inquiries as a table at desk widths and as cards on a phone; a card names the status beside
 * the sender and lists the day received first.
 */
const columns: StaffColumn<InquiryRow>[] = [
  {
    header: "From",
    cell: (inquiry) => (
      <>
        {open(inquiry)}
        <p className="break-all text-muted">{inquiry.email}</p>
      </>
    ),
    card: (inquiry) => (
      <>
        <div className="flex items-start justify-between gap-3">
          {open(inquiry)}
          <InquiryStatusBadge status={inquiry.status} />
        </div>
        <p className="break-all text-muted text-sm">{inquiry.email}</p>
      </>
    ),
    cardTitle: true,
  },
  { ...received, only: "cards" },
  { header: "Business", cell: (inquiry) => inquiry.businessType },
  { header: "Services", cell: (inquiry) => inquiry.services },
  { ...received, only: "table" },
  { header: "Status", cell: (inquiry) => <InquiryStatusBadge status={inquiry.status} />, only: "table" },
];
