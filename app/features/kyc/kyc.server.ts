import { kycSubmissions, users } from "@db/schema";
import { eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/infra/db.server";
import { encryptText } from "~/infra/encryption.server";
import { consumeRateLimit } from "~/infra/rate-limit.server";
import { FeatureError, parseInput } from "~/lib/errors";
import { type KycSubmissionInput, kycSubmissionSchema } from "./kyc-schema";

export interface KycContext {
  encryptionKey: Buffer;
  clientAddress: string;
  perAddressPerMinute: number;
  now?: Date;
}

export interface KycSummary {
  status: "pending" | "approved" | "rejected";
  /** Only the last four characters of the ID number are ever shown back. */
  idNumberLast4: string;
  submittedAt: Date;
  /** Why staff rejected it, shown to the customer; null unless rejected. */
  rejectionReason: string | null;
}

/** The longest address line a profile keeps (app/features/accounts/schemas.ts). */
const PROFILE_ADDRESS_LINE_MAX = 200;

/**
 * Stores the signed-in user's KYC details, encrypted. One submission per user: a new one
 * replaces a pending or rejected one and goes back to the review queue with the earlier decision
 * cleared; an approved one stays as it is. The phone, address and date of birth also become the
 * profile's (one record of them: onboarding starts from the profile, the profile shows what was
 * given), in the same transaction; the KYC row keeps its sealed copy of what was verified.
 */
export async function submitKyc(
  db: Database,
  userId: string,
  input: KycSubmissionInput | unknown,
  context: KycContext,
): Promise<KycSummary> {
  await consumeRateLimit(
    db,
    { key: `kyc:ip:${context.clientAddress}`, limit: context.perAddressPerMinute, windowSeconds: 60 },
    context.now,
  );
  const details = parseInput(kycSubmissionSchema, input);
  const now = context.now ?? new Date();
  const sealed = {
    addressEncrypted: encryptText(context.encryptionKey, details.address),
    phoneEncrypted: encryptText(context.encryptionKey, details.phone),
    dateOfBirthEncrypted: encryptText(context.encryptionKey, details.dob),
    idNumberEncrypted: encryptText(context.encryptionKey, details.idNumber),
    idNumberLast4: details.idNumber.slice(-4),
  };
  return db.transaction(async (transaction) => {
    const summary = await storeSubmission(transaction, userId, sealed, now);
    await transaction
      .update(users)
      .set({
        phone: details.phone,
        dateOfBirth: details.dob,
        // A longer address than a profile line holds stays only in the KYC record.
        ...(details.address.length <= PROFILE_ADDRESS_LINE_MAX
          ? { addressLine1: details.address, addressLine2: "" }
          : {}),
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    return summary;
  });
}

async function storeSubmission(
  db: Transaction,
  userId: string,
  sealed: Pick<
    typeof kycSubmissions.$inferInsert,
    "addressEncrypted" | "phoneEncrypted" | "dateOfBirthEncrypted" | "idNumberEncrypted" | "idNumberLast4"
  >,
  now: Date,
): Promise<KycSummary> {
  const [row] = await db
    .insert(kycSubmissions)
    .values({ userId, ...sealed, status: "pending", submittedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: kycSubmissions.userId,
      set: {
        ...sealed,
        status: "pending",
        submittedAt: now,
        updatedAt: now,
        decidedAt: null,
        decidedBy: null,
        rejectionReason: null,
      },
      setWhere: sql`${kycSubmissions.status} <> 'approved'`,
    })
    .returning();
  if (!row) {
    throw new FeatureError("conflict", "Your identity is already verified; there is nothing more to submit.");
  }
  return summaryOf(row);
}

export async function getKycSummary(db: Database, userId: string): Promise<KycSummary | undefined> {
  const [row] = await db.select().from(kycSubmissions).where(eq(kycSubmissions.userId, userId)).limit(1);
  return row ? summaryOf(row) : undefined;
}

function summaryOf(row: typeof kycSubmissions.$inferSelect): KycSummary {
  return {
    status: row.status,
    idNumberLast4: row.idNumberLast4,
    submittedAt: row.submittedAt,
    rejectionReason: row.status === "rejected" ? row.rejectionReason : null,
  };
}
