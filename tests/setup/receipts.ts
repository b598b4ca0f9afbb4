import type { PaymentGateways } from "~/infra/payment-gateways.server";
import type { ReceiptSettings } from "~/infra/receipt-settings.server";

/** A fixed key, so a test can open what it sealed. */
export const TEST_ENCRYPTION_KEY = Buffer.alloc(32, 7);

/** Receipt settings for a feature called directly. */
export function testReceiptSettings(overrides: Partial<ReceiptSettings> = {}): ReceiptSettings {
  return {
    agency: {
      legalName: "VA Hub Test LLC",
      address: "1 Test Street, Springfield",
      taxId: "US-99-0000001",
      email: "agency@example.com",
    },
    prefix: "VA",
    paper: "A4",
    zone: "America/New_York",
    encryptionKey: TEST_ENCRYPTION_KEY,
    ...overrides,
  };
}

/** No payment provider at all, as where neither keys nor the sandbox are set. */
export function noPaymentProviders(): PaymentGateways {
  return { receipts: testReceiptSettings() };
}
