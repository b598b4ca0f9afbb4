import { Hono } from "hono";
import { findBillingDetails, saveBillingDetails } from "~/features/receipts/billing.server";
import { listDocumentsOfCustomer } from "~/features/receipts/receipts.server";
import { documentPath } from "~/lib/document-paths";
import { type ApiEnv, leavesCatalogueAlone, requireApiUser } from "./api-env";
import { readJsonObject } from "./request-body";

/**
 * The customer's billing details and documents (DESIGN.md §4): PUT /billing `{name, company,
 * address, country, taxId}` sets what later receipts carry, GET /billing reads it back, GET
 * /receipts lists every receipt and credit note with the address of its PDF.
 */
export function userReceiptApi() {
  const api = new Hono<ApiEnv>();

  api.put("/billing", leavesCatalogueAlone, async (context) => {
    const user = requireApiUser(context);
    const body = await readJsonObject(context);
    await saveBillingDetails(context.get("db"), context.get("secrets").encryptionKey, user.id, body);
    return context.json({
      success: true,
      message: "Billing details saved. Your next receipts will carry them.",
    });
  });

  api.get("/billing", async (context) => {
    const user = requireApiUser(context);
    const billing = await findBillingDetails(
      context.get("db"),
      context.get("secrets").encryptionKey,
      user.id,
    );
    return context.json({ success: true, billing });
  });

  api.get("/receipts", async (context) => {
    const user = requireApiUser(context);
    const documents = await listDocumentsOfCustomer(context.get("db"), user.id);
    const publicUrl = context.get("env").publicUrl;
    return context.json({
      success: true,
      receipts: documents.map((document) => ({
        _id: document.id,
        number: document.number,
        kind: document.kind,
        appointmentId: document.appointmentId,
        amount: document.amountCents / 100,
        currency: document.currency,
        issuedAt: document.issuedAt.toISOString(),
        url: `${publicUrl}${documentPath(document)}`,
      })),
    });
  });

  return api;
}
