import { billingDetails } from "@db/receipt-schema";
import { eq } from "drizzle-orm";
import type { Database } from "~/infra/db.server";
import { decryptText, encryptText } from "~/infra/encryption.server";
import { consumeRateLimit } from "~/infra/rate-limit.server";
import { parseInput } from "~/lib/errors";
import { type BillingDetails, billingDetailsSchema, NO_BILLING_DETAILS } from "./billing-schema";

type Reader = Pick<Database, "select">;

/** The customer's billing details, or empty ones when they have saved none. */
export async function findBillingDetails(
  db: Reader,
  encryptionKey: Buffer,
  userId: string,
): Promise<BillingDetails> {
  const [row] = await db
    .select({ sealed: billingDetails.sealed })
    .from(billingDetails)
    .where(eq(billingDetails.userId, userId));
  if (!row) return NO_BILLING_DETAILS;
  return { ...NO_BILLING_DETAILS, ...(JSON.parse(decryptText(encryptionKey, row.sealed)) as BillingDetails) };
}

/** Saves a minute per customer: far more than a person edits, few enough that a script is stopped. */
const SAVES_PER_MINUTE = 20;

/** Checks and saves what later receipts carry; documents already issued keep what they had. */
export async function saveBillingDetails(
  db: Database,
  encryptionKey: Buffer,
  userId: string,
  input: unknown,
): Promise<BillingDetails> {
  const details = parseInput(billingDetailsSchema, input ?? {});
  await consumeRateLimit(db, { key: `billing:user:${userId}`, limit: SAVES_PER_MINUTE, windowSeconds: 60 });
  const sealed = encryptText(encryptionKey, JSON.stringify(details));
  await db
    .insert(billingDetails)
    .values({ userId, sealed })
    .onConflictDoUpdate({ target: billingDetails.userId, set: { sealed, updatedAt: new Date() } });
  return details;
}
