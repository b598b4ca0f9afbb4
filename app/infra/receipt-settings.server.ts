import type { Environment } from "./env.server";
import type { AppSecrets } from "./secrets.server";

/** What issuing a receipt or credit note needs from the settings. */
export interface ReceiptSettings {
  agency: { legalName: string; address: string; taxId: string; email: string };
  /** Receipts are `{prefix}-{year}-{000001}`; credit notes `{prefix}-CN-{year}-{000001}`. */
  prefix: string;
  paper: "A4" | "LETTER";
  /** The year of a number and the time printed on a document are read in this zone. */
  zone: string;
  /** Documents and billing details hold personal data: sealed with this key. */
  encryptionKey: Buffer;
}

export function receiptSettingsFrom(
  env: Environment,
  secrets: Pick<AppSecrets, "encryptionKey">,
): ReceiptSettings {
  return {
    agency: {
      legalName: env.AGENCY_LEGAL_NAME,
      address: env.AGENCY_ADDRESS,
      taxId: env.AGENCY_TAX_ID,
      email: env.AGENCY_EMAIL,
    },
    prefix: env.RECEIPT_PREFIX,
    paper: env.RECEIPT_PAPER,
    zone: env.AGENCY_TZ,
    encryptionKey: secrets.encryptionKey,
  };
}
