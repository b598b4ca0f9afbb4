import { documentsCsv } from "~/features/receipts/documents-export.server";
import { requireRole } from "~/infra/auth-guard.server";
import { FeatureError } from "~/lib/errors";
import type { Route } from "./+types/receipts-export";

/** The receipts and credit notes of a period (`from`, `to`: days in the agency's zone) as CSV. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireRole(request, context, "admin");
  const query = Object.fromEntries(new URL(request.url).searchParams);
  try {
    const { csv, period } = await documentsCsv(context.db, context.secrets.encryptionKey, query, {
      zone: context.env.AGENCY_TZ,
      now: context.clock(),
    });
    // A byte-order mark, so spreadsheet programs read names with accents as UTF-8.
    return new Response(`\uFEFF${csv}`, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="receipts-${period.from}-to-${period.to}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    if (!(error instanceof FeatureError)) throw error;
    return new Response(error.message, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
}
