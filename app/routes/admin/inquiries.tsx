import { Form, Link, useSearchParams } from "react-router";
import { PrimaryButton, TextField } from "~/components/forms/form-controls";
import { PageLinks } from "~/components/site/page-links";
import { AdminShell } from "~/components/staff/admin-shell";
import { Badge } from "~/components/staff/badge";
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

export function headers(args: Route.HeadersArgs) {
  return privatePageHeaders(args);
}

const inquiryStatusLabels = { new: "New", contacted: "Contacted", closed: "Closed" } as const;
const statusTones = { new: "amber", contacted: "green", closed: "grey" } as const;

export default function Inquiries({ loaderData }: Route.ComponentProps) {
  const { view, page, hasMore, counts, search, inquiries } = loaderData;
  const [query] = useSearchParams();
  const tabs = [
    ...(["new", "contacted", "closed"] as const).map((status) => ({
      value: status,
      label: `${inquiryStatusLabels[status]} (${counts[status]})`,
    })),
    { value: "all", label: "All" },
  ];
  return (
    <AdminShell
      title="Inquiries"
      description="Requests from the contact form: read, note, reply and close them."
    >
      <nav aria-label="Inquiry status" className="mb-4">
        <ul className="flex flex-wrap gap-2">
          {tabs.map((tab) => (
            <li key={tab.value}>
              <Link
                to={`?status=${tab.value}${search ? `&q=${encodeURIComponent(search)}` : ""}`}
                aria-current={view === tab.value ? "page" : undefined}
                className="block rounded-full border border-gray-300 px-4 py-1.5 font-medium text-ink text-sm hover:border-brand-700 aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white"
              >
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
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
        <p className="mt-6 rounded-2xl border border-gray-200 bg-surface p-6 text-center text-muted">
          {search ? "No inquiry matches this search." : "No inquiries here."}
        </p>
      ) : (
        <InquiryList inquiries={inquiries} />
      )}
      <PageLinks page={page} hasMore={hasMore} search={query} label="Inquiry pages" />
    </AdminShell>
  );
}

type InquiryRow = Route.ComponentProps["loaderData"]["inquiries"][number];

function StatusBadge({ status }: { status: InquiryRow["status"] }) {
  return <Badge tone={statusTones[status]}>{inquiryStatusLabels[status]}</Badge>;
}

/** A table at desk widths; the same inquiries as cards on a phone, so nothing scrolls sideways. */
function InquiryList({ inquiries }: { inquiries: InquiryRow[] }) {
  const open = (inquiry: InquiryRow) => (
    <Link to={`/admin/inquiries/${inquiry.id}`} className="font-semibold text-brand-800 hover:underline">
      {inquiry.name}
    </Link>
  );
  return (
    <>
      <ul className="mt-6 space-y-3 md:hidden">
        {inquiries.map((inquiry) => (
          <li key={inquiry.id} className="rounded-2xl border border-gray-200 bg-white p-4">
            <div className="flex items-start justify-between gap-3">
              {open(inquiry)}
              <StatusBadge status={inquiry.status} />
            </div>
            <p className="break-all text-muted text-sm">{inquiry.email}</p>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted">Received</dt>
              <dd>{inquiry.received}</dd>
              <dt className="text-muted">Business</dt>
              <dd>{inquiry.businessType}</dd>
              <dt className="text-muted">Services</dt>
              <dd>{inquiry.services}</dd>
            </dl>
          </li>
        ))}
      </ul>
      <div className="mt-6 hidden overflow-hidden rounded-2xl border border-gray-200 bg-white md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Inquiries</caption>
          <thead className="bg-surface text-muted text-xs uppercase tracking-wide">
            <tr>
              <th scope="col" className="px-4 py-3">
                From
              </th>
              <th scope="col" className="px-4 py-3">
                Business
              </th>
              <th scope="col" className="px-4 py-3">
                Services
              </th>
              <th scope="col" className="px-4 py-3">
                Received
              </th>
              <th scope="col" className="px-4 py-3">
                Status
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200">
            {inquiries.map((inquiry) => (
              <tr key={inquiry.id}>
                <td className="px-4 py-3">
                  {open(inquiry)}
                  <p className="break-all text-muted">{inquiry.email}</p>
                </td>
                <td className="px-4 py-3">{inquiry.businessType}</td>
                <td className="px-4 py-3">{inquiry.services}</td>
                <td className="px-4 py-3">{inquiry.received}</td>
                <td className="px-4 py-3">
                  <StatusBadge status={inquiry.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
