import { data, Form, href, Link } from "react-router";
import { TextField } from "~/components/forms/form-controls";
import { AdminShell } from "~/components/staff/admin-shell";
import { Badge } from "~/components/staff/badge";
import { EmptyList } from "~/components/staff/empty-list";
import { FilterActions } from "~/components/staff/filter-actions";
import { ListCount } from "~/components/staff/list-count";
import { type StaffColumn, StaffList } from "~/components/staff/staff-list";
import { staffDocumentList } from "~/features/receipts/documents-export.server";
import { requireRole } from "~/infra/auth-guard.server";
import { formatDay } from "~/lib/dates";
import { documentPath, documentTitles } from "~/lib/document-paths";
import { FeatureError } from "~/lib/errors";
import { formatMoney } from "~/lib/money";
import { privatePageHeaders } from "~/lib/page-headers";
import type { Route } from "./+types/receipts";

export const meta: Route.MetaFunction = () => [{ title: "Receipts · Staff area" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireRole(request, context, "admin");
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const zone = context.env.AGENCY_TZ;
  try {
    const list = await staffDocumentList(context.db, context.secrets.encryptionKey, query, {
      zone,
      now: context.clock(),
    });
    return {
      error: null,
      period: list.period,
      documents: list.documents.map((document) => ({
        ...document,
        title: documentTitles[document.kind],
        issued: formatDay(document.issuedAt, zone),
        amount: formatMoney(document.amountCents, document.currency),
        pdf: documentPath(document, "staff"),
      })),
    };
  } catch (error) {
    if (!(error instanceof FeatureError)) throw error;
    return data(
      { error: error.message, period: { from: query.from ?? "", to: query.to ?? "" }, documents: [] },
      { status: 400 },
    );
  }
}

export const headers: Route.HeadersFunction = privatePageHeaders;

type DocumentRow = Route.ComponentProps["loaderData"]["documents"][number];

const columns: StaffColumn<DocumentRow>[] = [
  {
    header: "Number",
    cardTitle: true,
    nowrap: true,
    cell: (row) => (
      <a href={row.pdf} className="font-medium text-brand-700 hover:underline">
        {row.number}
      </a>
    ),
  },
  {
    header: "Type",
    nowrap: true,
    cell: (row) => <Badge tone={row.kind === "receipt" ? "green" : "amber"}>{row.title}</Badge>,
  },
  { header: "Issued", nowrap: true, cell: (row) => row.issued },
  {
    header: "Customer",
    cell: (row) => (
      <>
        {row.customer}
        {row.company ? <span className="block text-xs">{row.company}</span> : null}
        <span className="block break-all text-muted text-xs">{row.customerEmail}</span>
      </>
    ),
  },
  {
    header: "Appointment",
    cell: (row) => (
      <Link
        to={href("/admin/appointments/:appointmentId", { appointmentId: row.appointmentId })}
        className="text-brand-700 hover:underline"
      >
        {row.consultant}
      </Link>
    ),
  },
  {
    header: "Amount",
    alignRight: true,
    nowrap: true,
    cell: (row) => (
      <>
        {row.amount}
        {row.corrects ? <span className="block text-muted text-xs">corrects {row.corrects}</span> : null}
      </>
    ),
  },
];

export default function StaffReceipts({ loaderData }: Route.ComponentProps) {
  const { error, period, documents } = loaderData;
  const exportQuery = new URLSearchParams(period).toString();
  return (
    <AdminShell
      title="Receipts"
      description="Every receipt and credit note issued, by day of issue in the agency's time zone. Each number opens its PDF; the CSV is for the accountant."
    >
      <Form
        method="get"
        className="grid gap-4 rounded-2xl border border-gray-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        <TextField label="From" name="from" type="date" defaultValue={period.from} error={undefined} />
        <TextField label="To" name="to" type="date" defaultValue={period.to} error={error ?? undefined} />
        <FilterActions clearTo="/admin/receipts" className="sm:col-span-2 lg:col-span-1 lg:self-end" />
      </Form>
      {error ? null : (
        <div className="flex flex-wrap items-end justify-between gap-3">
          <ListCount>
            {documents.length === 1 ? "1 document" : `${documents.length} documents`} from {period.from} to{" "}
            {period.to}
          </ListCount>
          <a
            href={`/admin/receipts/export.csv?${exportQuery}`}
            className="rounded-lg border border-gray-300 px-4 py-2 font-semibold text-ink text-sm hover:border-brand-600"
            download
          >
            Download CSV
          </a>
        </div>
      )}
      {error || documents.length > 0 ? null : (
        <EmptyList>No receipts or credit notes in this period.</EmptyList>
      )}
      {documents.length > 0 ? (
        <StaffList caption="Receipts and credit notes" columns={columns} rows={documents} spacing="mt-3" />
      ) : null}
    </AdminShell>
  );
}
