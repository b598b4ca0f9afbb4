import { documentPdf } from "~/features/receipts/receipts.server";
import { requireRole } from "~/infra/auth-guard.server";
import { pdfDocumentResponse } from "~/infra/document-response.server";
import { documentKindOfFile } from "~/lib/document-paths";
import type { Route } from "./+types/appointment-document";

/** Any appointment's receipt or credit note, for staff. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const staff = requireRole(request, context, "admin");
  const kind = documentKindOfFile(params.documentFile);
  if (!kind) throw new Response("Not found", { status: 404 });
  return pdfDocumentResponse(() =>
    documentPdf(context.db, context.secrets.encryptionKey, {
      appointmentId: params.appointmentId,
      kind,
      requesterId: staff.id,
    }),
  );
}
