import { randomUUID } from "node:crypto";
import { type Appointment, appointments, type Payment, paymentEvents, payments, users } from "@db/schema";
import { and, desc, eq, isNull } from "drizzle-orm";
import { enqueueEmail } from "~/features/email/outbox.server";
import {
  paymentAfterCancellationEmail,
  paymentReceiptEmail,
} from "~/features/email/templates/payment-emails";
import { issueReceipt } from "~/features/receipts/receipts.server";
import type { Database, Transaction } from "~/infra/db.server";
import { hmacSha256, safeEqual } from "~/infra/encryption.server";
import type { CheckoutGateway, PaymentGateways } from "~/infra/payment-gateways.server";
import type { ReceiptSettings } from "~/infra/receipt-settings.server";
import { FeatureError } from "~/lib/errors";
import { appointmentOf, findPayment, ownedBy } from "./payment-records.server";
import { requireRazorpay, requireStripe, withProvider } from "./provider-calls.server";
import { type SandboxLinkKeys, signedSandboxLink } from "./sandbox-link.server";

function payable(appointment: Appointment): void {
  if (appointment.cancelledAt)
    throw new FeatureError("conflict", "This appointment is cancelled and cannot be paid.");
  if (appointment.completedAt)
    throw new FeatureError("conflict", "This appointment is completed; there is nothing to pay.");
  if (appointment.paidAt) throw new FeatureError("conflict", "This appointment is already paid.");
}

export interface PaymentUrls {
  publicUrl: string;
  /**
   * The origin whose `/verify` page the provider sends the visitor back to: an allowed foreign
   * client's (the old front end on another origin); this site's when absent.
   */
  returnOrigin?: string;
  /**
   * For callers that hold a token instead of our cookie (API clients): the sandbox checkout link
   * comes absolute and signed, so it opens without a session. Pages of this site leave it out.
   */
  sandboxLinkKeys?: SandboxLinkKeys;
}

/**
 * Starts a Stripe Checkout for the user's unpaid appointment, which the caller has read as theirs
 * (booking's findOwnAppointment). Amount and currency come from the appointment in our database,
 * never from the request. Returns where to send the visitor.
 */
export async function startStripeCheckout(
  db: Database,
  gateways: PaymentGateways,
  appointment: Appointment,
  urls: PaymentUrls,
): Promise<{ sessionUrl: string }> {
  const gateway = requireStripe(gateways);
  payable(appointment);
  const paymentId = randomUUID();
  const returnPath = `${urls.returnOrigin ?? ""}/verify?appointmentId=${appointment.id}`;
  const back = urls.returnOrigin ? returnPath : `${urls.publicUrl}${returnPath}`;
  const { reference, url } = await withProvider(() =>
    gateway.createCheckout({
      paymentId,
      appointmentId: appointment.id,
      amountCents: appointment.amountCents,
      currency: appointment.currency,
      description: `Consultation with ${appointment.consultantSnapshot.name}`,
      successUrl: `${back}&success=true&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${back}&success=false`,
      idempotencyKey: `checkout-${paymentId}`,
    }),
  );
  await db.insert(payments).values({
    id: paymentId,
    appointmentId: appointment.id,
    provider: "stripe",
    mode: gateway.mode,
    providerReference: reference,
    amountCents: appointment.amountCents,
    currency: appointment.currency,
    returnUrl: returnPath,
  });
  return { sessionUrl: url ?? sandboxCheckoutLink(paymentId, urls) };
}

/**
 * The sandbox checkout is a page of this site: linked by path for our own pages, which carry the
 * session cookie; absolute and signed for token holders.
 */
function sandboxCheckoutLink(
  paymentId: string,
  urls: Pick<PaymentUrls, "publicUrl" | "sandboxLinkKeys"> | undefined,
): string {
  return urls?.sandboxLinkKeys
    ? signedSandboxLink(paymentId, urls.publicUrl, urls.sandboxLinkKeys)
    : `/sandbox/checkout/${paymentId}`;
}

export interface RazorpayOrder {
  order: { id: string; amount: number; currency: string; receipt: string };
  keyId: string;
  /** The local test checkout, when Razorpay runs in the sandbox. */
  sandboxUrl?: string;
}

/**
 * Creates a Razorpay Order (receipt = appointment id) for the user's unpaid appointment, which the
 * caller has read as theirs (booking's findOwnAppointment). With `urls.sandboxLinkKeys` (API
 * callers), the sandbox checkout link comes absolute and signed.
 */
export async function startRazorpayOrder(
  db: Database,
  gateways: PaymentGateways,
  appointment: Appointment,
  urls?: Pick<PaymentUrls, "publicUrl" | "sandboxLinkKeys">,
): Promise<RazorpayOrder> {
  const gateway = requireRazorpay(gateways);
  payable(appointment);
  const order = await withProvider(() =>
    gateway.createOrder({
      amountCents: appointment.amountCents,
      currency: appointment.currency,
      receipt: appointment.id,
    }),
  );
  const paymentId = randomUUID();
  await db.insert(payments).values({
    id: paymentId,
    appointmentId: appointment.id,
    provider: "razorpay",
    mode: gateway.mode,
    providerReference: order.id,
    amountCents: appointment.amountCents,
    currency: appointment.currency,
    returnUrl: `/verify?appointmentId=${appointment.id}&provider=razorpay`,
  });
  return {
    order: {
      id: order.id,
      amount: appointment.amountCents,
      currency: appointment.currency,
      receipt: appointment.id,
    },
    keyId: gateway.keyId,
    sandboxUrl: gateway.mode === "sandbox" ? sandboxCheckoutLink(paymentId, urls) : undefined,
  };
}

/** `refund-due`: money arrived for an appointment cancelled meanwhile; staff are asked to refund it. */
export type VerificationOutcome = "paid" | "already-paid" | "not-paid" | "refund-due";

/**
 * The Stripe return for the visitor's appointment, which the caller has read as theirs (booking's
 * findOwnAppointment): paid only if Stripe (or the sandbox) says the session is paid, for this
 * appointment, for its amount and currency. `success=true` from the browser proves nothing.
 * Without a session id (the old front end never sends one) the appointment's open checkouts are
 * asked about, latest first (an earlier one may be the one the visitor finished).
 */
export async function verifyStripeReturn(
  db: Database,
  gateways: PaymentGateways,
  appointment: Appointment,
  input: { sessionId?: unknown },
): Promise<VerificationOutcome> {
  const gateway = requireStripe(gateways);
  if (appointment.paidAt) return "already-paid";
  if (typeof input.sessionId !== "string" || input.sessionId === "") {
    for (const open of await openCheckouts(db, appointment.id)) {
      const outcome = await confirmCheckout(db, gateways, gateway, open);
      if (outcome !== "not-paid") return outcome;
    }
    return "not-paid";
  }
  const payment = await findPayment(db, "stripe", input.sessionId);
  if (!payment || payment.appointmentId !== appointment.id) {
    throw new FeatureError("invalid", "This payment does not belong to this appointment.");
  }
  return confirmCheckout(db, gateways, gateway, payment);
}

/** Asks the provider about one checkout of ours and fulfils it when the provider says it is paid. */
async function confirmCheckout(
  db: Database,
  gateways: PaymentGateways,
  gateway: CheckoutGateway,
  payment: Payment,
): Promise<VerificationOutcome> {
  const state = await withProvider(() => gateway.retrieveCheckout(payment.providerReference));
  if (!state.paid) return "not-paid";
  const result = await fulfilPayment(
    db,
    {
      provider: "stripe",
      reference: payment.providerReference,
      providerPaymentId: state.providerPaymentId ?? null,
      appointmentId: state.appointmentId ?? null,
      amountCents: state.amountCents,
      currency: state.currency,
      eventKey: `return:${payment.providerReference}`,
      eventType: "checkout.return",
    },
    gateways,
  );
  return result;
}

/** The Razorpay checkout's answer: HMAC-SHA256 of `order_id|payment_id` with the key secret. */
export async function verifyRazorpayPayment(
  db: Database,
  gateways: PaymentGateways,
  userId: string,
  input: { orderId?: unknown; paymentId?: unknown; signature?: unknown },
): Promise<VerificationOutcome> {
  const gateway = requireRazorpay(gateways);
  const { orderId, paymentId, signature } = input;
  if (
    typeof orderId !== "string" ||
    typeof paymentId !== "string" ||
    typeof signature !== "string" ||
    !orderId ||
    !paymentId ||
    !signature
  ) {
    throw new FeatureError(
      "invalid",
      "The payment answer is incomplete: order id, payment id and signature are required.",
    );
  }
  // The order must be one we created, for an appointment of this user.
  const payment = await findPayment(db, "razorpay", orderId);
  if (!payment) throw new FeatureError("invalid", "We have no record of this payment order.");
  const appointment = ownedBy(await appointmentOf(db, payment), userId);
  if (appointment.paidAt) return "already-paid";
  const expected = hmacSha256(gateway.signatureSecret, `${payment.providerReference}|${paymentId}`);
  if (!safeEqual(expected, signature))
    throw new FeatureError("invalid", "The payment signature does not match.");
  return fulfilPayment(
    db,
    {
      provider: "razorpay",
      reference: payment.providerReference,
      providerPaymentId: paymentId,
      appointmentId: appointment.id,
      amountCents: payment.amountCents,
      currency: payment.currency,
      eventKey: `return:${paymentId}`,
      eventType: "checkout.return",
    },
    gateways,
  );
}

export interface Fulfilment {
  provider: Payment["provider"];
  /** Session or order id. */
  reference: string;
  providerPaymentId: string | null;
  /**
   * What the provider says the payment was for, checked against our records; `null` when the
   * provider should have said (Stripe: our metadata) and did not, which is a mismatch. Omitted
   * when the provider does not carry it (Razorpay: the order id alone ties it to us).
   */
  appointmentId?: string | null;
  amountCents: number | null;
  currency: string | null;
  eventKey: string;
  eventType: string;
}

/**
 * The one place a payment becomes paid, for the return page and the webhooks alike. Each provider
 * event counts once; a paid appointment never goes back; a mismatch changes nothing. The receipt
 * e-mail is written in the same transaction, so it goes out once.
 */
export async function fulfilPayment(
  db: Database,
  fulfilment: Fulfilment,
  settings: Pick<PaymentGateways, "agencyEmail" | "receipts">,
): Promise<VerificationOutcome> {
  return db.transaction(async (transaction) => {
    const recorded = await transaction
      .insert(paymentEvents)
      .values({ provider: fulfilment.provider, eventKey: fulfilment.eventKey, type: fulfilment.eventType })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (recorded.length === 0) return "already-paid";

    const [payment] = await transaction
      .select()
      .from(payments)
      .where(
        and(eq(payments.provider, fulfilment.provider), eq(payments.providerReference, fulfilment.reference)),
      )
      .for("update");
    if (!payment) throw new FeatureError("invalid", "We have no record of this payment.");
    // Staff read the provider's events per checkout attempt on the appointment's page.
    await transaction
      .update(paymentEvents)
      .set({ paymentId: payment.id })
      .where(eq(paymentEvents.id, recorded[0]!.id));
    const matches =
      (fulfilment.appointmentId === undefined || fulfilment.appointmentId === payment.appointmentId) &&
      fulfilment.amountCents === payment.amountCents &&
      fulfilment.currency?.toUpperCase() === payment.currency.toUpperCase();
    if (!matches) {
      throw new FeatureError("invalid", "The payment does not match this appointment's amount and currency.");
    }
    if (payment.status === "paid" || payment.status === "refunded") return "already-paid";

    const now = new Date();
    const [paid] = await transaction
      .update(payments)
      .set({
        status: "paid",
        paidAt: now,
        providerPaymentId: fulfilment.providerPaymentId ?? payment.providerPaymentId,
      })
      .where(eq(payments.id, payment.id))
      .returning();
    const [appointment] = await transaction
      .update(appointments)
      .set({ paidAt: now })
      .where(
        and(
          eq(appointments.id, payment.appointmentId),
          isNull(appointments.paidAt),
          isNull(appointments.cancelledAt),
        ),
      )
      .returning();
    if (appointment) {
      await enqueueReceipt(transaction, settings.receipts, { appointment, payment: paid!, now });
      return "paid";
    }
    // Money arrived for an appointment cancelled while its checkout was open: staff must refund it.
    const [current] = await transaction
      .select()
      .from(appointments)
      .where(eq(appointments.id, payment.appointmentId));
    if (current?.cancelledAt && !current.paidAt && settings.agencyEmail) {
      await enqueueEmail(
        transaction,
        paymentAfterCancellationEmail({ agencyEmail: settings.agencyEmail, appointment: current, payment }),
      );
      return "refund-due";
    }
    return "already-paid";
  });
}

/** A checkout that ended without payment (`failed` or `expired`); a paid one is left as it is. */
export async function closeUnpaidCheckout(
  db: Database,
  input: {
    provider: Payment["provider"];
    reference: string;
    status: "failed" | "expired";
    eventKey: string;
    eventType: string;
  },
): Promise<void> {
  await db.transaction(async (transaction) => {
    const recorded = await transaction
      .insert(paymentEvents)
      .values({ provider: input.provider, eventKey: input.eventKey, type: input.eventType })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (recorded.length === 0) return;
    const [payment] = await transaction
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.provider, input.provider), eq(payments.providerReference, input.reference)));
    if (!payment) return;
    await transaction
      .update(paymentEvents)
      .set({ paymentId: payment.id })
      .where(eq(paymentEvents.id, recorded[0]!.id));
    await transaction
      .update(payments)
      .set({ status: input.status })
      .where(and(eq(payments.id, payment.id), eq(payments.status, "created")));
  });
}

/** The appointment's Stripe checkouts not yet settled, latest first. */
function openCheckouts(db: Database, appointmentId: string): Promise<Payment[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.appointmentId, appointmentId),
        eq(payments.provider, "stripe"),
        eq(payments.status, "created"),
      ),
    )
    .orderBy(desc(payments.createdAt));
}

/** The receipt, numbered in this transaction, and the e-mail that carries its PDF. */
async function enqueueReceipt(
  transaction: Transaction,
  settings: ReceiptSettings,
  paid: { appointment: Appointment; payment: Payment; now: Date },
) {
  const { appointment, payment } = paid;
  const [customer] = await transaction.select().from(users).where(eq(users.id, appointment.userId));
  if (!customer) return;
  const { receipt, attachment } = await issueReceipt(transaction, settings, paid);
  await enqueueEmail(
    transaction,
    paymentReceiptEmail({ customer, appointment, payment, receipt: { number: receipt.number, attachment } }),
  );
}
