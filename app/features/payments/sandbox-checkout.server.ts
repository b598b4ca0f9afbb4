import { randomBytes } from "node:crypto";
import { payments } from "@db/schema";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/infra/db.server";
import { hmacSha256 } from "~/infra/encryption.server";
import type { PaymentGateways } from "~/infra/payment-gateways.server";
import { FeatureError } from "~/lib/errors";
import { appointmentOf, ownedBy } from "./payment-records.server";
import { requireRazorpay } from "./provider-calls.server";

/**
 * The sandbox checkout page's data, for the appointment's owner only: `userId` is the signed-in
 * visitor, or `null` when a signed link (sandbox-link.server.ts) has already proved access.
 */
export async function findSandboxCheckout(db: Database, userId: string | null, paymentId: unknown) {
  const [row] =
    typeof paymentId === "string" && /^[0-9a-f-]{36}$/i.test(paymentId)
      ? await db
          .select()
          .from(payments)
          .where(and(eq(payments.id, paymentId), eq(payments.mode, "sandbox")))
          .limit(1)
      : [];
  if (!row) throw new FeatureError("not-found", "We could not find that test checkout.");
  const found = await appointmentOf(db, row);
  const appointment = userId === null ? found : ownedBy(found, userId);
  if (!appointment) throw new FeatureError("not-found", "We could not find that test checkout.");
  return { payment: row, appointment };
}

/**
 * The sandbox's "customer pressed Pay": records a payment id as the provider would, and returns
 * where the provider would send the visitor (with Razorpay's signed answer for Razorpay).
 */
export async function completeSandboxCheckout(
  db: Database,
  gateways: PaymentGateways,
  /** The signed-in owner, or `null` for a visitor with a valid signed link. */
  userId: string | null,
  paymentId: unknown,
  outcome: "pay" | "cancel",
): Promise<string> {
  const { payment, appointment } = await findSandboxCheckout(db, userId, paymentId);
  const back = payment.returnUrl ?? `/verify?appointmentId=${appointment.id}`;
  if (payment.provider === "stripe") {
    if (outcome === "cancel") return `${back}&success=false`;
    await db
      .update(payments)
      .set({
        providerPaymentId: sql`coalesce(${payments.providerPaymentId}, ${`pi_sandbox_${randomBytes(10).toString("hex")}`})`,
      })
      .where(eq(payments.id, payment.id));
    return `${back}&success=true&session_id=${encodeURIComponent(payment.providerReference)}`;
  }
  if (outcome === "cancel") return `${back}&success=false`;
  const gateway = requireRazorpay(gateways);
  const razorpayPaymentId = `pay_sandbox_${randomBytes(10).toString("hex")}`;
  const signature = hmacSha256(gateway.signatureSecret, `${payment.providerReference}|${razorpayPaymentId}`);
  const query = new URLSearchParams({
    success: "true",
    razorpay_order_id: payment.providerReference,
    razorpay_payment_id: razorpayPaymentId,
    razorpay_signature: signature,
  });
  return `${back}&${query}`;
}
