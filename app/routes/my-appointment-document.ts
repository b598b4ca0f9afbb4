import { documentPdf } from "~/features/receipts/receipts.server";
import { pdfDocumentResponse, signInToDownload } from "~/infra/document-response.server";
import { documentKindOfFile } from "~/lib/document-paths";
import type { Route } from "./+types/my-appointment-document";

/** "Receipt" and "Credit note" on My Appointments: the signed-in customer's own, by cookie or token. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const kind = documentKindOfFile(params.documentFile);
  if (!kind) throw new Response("Not found", { status: 404 });
  const user = context.user;
  if (!user) return signInToDownload();
  return pdfDocumentResponse(() =>
    documentPdf(context.db, context.secrets.encryptionKey, {
      appointmentId: params.appointmentId,
      kind,
      requesterId: user.id,
      customerId: user.id,
    }),
  );
}
