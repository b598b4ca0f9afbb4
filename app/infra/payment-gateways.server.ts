import { randomBytes } from "node:crypto";
import { payments } from "@db/schema";
import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Database } from "./db.server";
import { hmacSha256 } from "./encryption.server";
import type { Environment } from "./env.server";
import { type ReceiptSettings, receiptSettingsFrom } from "./receipt-settings.server";
import type { AppSecrets } from "./secrets.server";

/** How far a webhook signature's time may be from ours: Stripe's own default, five minutes. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

interface CheckoutRequest {
  paymentId: string;
  appointmentId: string;
  amountCents: number;
  currency: string;
  description: string;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
}

interface CheckoutState {
  paid: boolean;
  appointmentId?: string;
  amountCents: number | null;
  currency: string | null;
  /** The PaymentIntent, needed to refund. */
  providerPaymentId?: string;
}

/** Stripe Checkout, real or the built-in sandbox. */
export interface CheckoutGateway {
  mode: "live" | "sandbox";
  createCheckout(request: CheckoutRequest): Promise<{ reference: string; url?: string }>;
  retrieveCheckout(reference: string): Promise<CheckoutState>;
  refund(providerPaymentId: string, amountCents: number, idempotencyKey: string): Promise<string>;
  /** Checks a webhook's signature and returns the event; rejects when it does not verify. */
  verifyWebhook(rawBody: string, signature: string): Promise<Stripe.Event>;
}

/** Razorpay Orders, real or the built-in sandbox; payments are verified by HMAC with `signatureSecret`. */
export interface OrderGateway {
  mode: "live" | "sandbox";
  keyId: string;
  signatureSecret: string;
  webhookSecret?: string;
  createOrder(request: { amountCents: number; currency: string; receipt: string }): Promise<{ id: string }>;
  /** The same key on a retry makes Razorpay answer with the first refund instead of paying twice. */
  refund(providerPaymentId: string, amountCents: number, idempotencyKey: string): Promise<string>;
}

export interface PaymentGateways {
  stripe?: CheckoutGateway;
  razorpay?: OrderGateway;
  /** Where payment problems that need a person (e.g. money for a cancelled appointment) are sent. */
  agencyEmail?: string;
  /** Every payment fulfilled gets a receipt, every refund a credit note, issued with these. */
  receipts: ReceiptSettings;
}

export class ProviderUnavailableError extends Error {}

/** Real providers where keys are set; the sandbox for the others when it is enabled. */
export function createPaymentGateways(env: Environment, secrets: AppSecrets, db: Database): PaymentGateways {
  const sandboxEnabled = env.PAYMENT_SANDBOX ? env.PAYMENT_SANDBOX === "true" : !env.isProduction;
  return {
    agencyEmail: env.AGENCY_EMAIL,
    receipts: receiptSettingsFrom(env, secrets),
    stripe: env.STRIPE_SECRET_KEY ? liveStripe(env) : sandboxEnabled ? sandboxStripe(db) : undefined,
    razorpay:
      env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET
        ? liveRazorpay(
            env.RAZORPAY_KEY_ID,
            env.RAZORPAY_KEY_SECRET,
            env.RAZORPAY_WEBHOOK_SECRET,
            env.RAZORPAY_API_URL,
          )
        : sandboxEnabled
          ? sandboxRazorpay(secrets)
          : undefined,
  };
}

/**
 * A provider's SDK, loaded when first used: a server without keys (the demo) never needs one, and
 * loading Razorpay's (with axios) was a noticeable part of the start-up (decision 30).
 */
function loadedOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load();
    return loaded;
  };
}

function liveStripe(env: Environment): CheckoutGateway {
  const sdk = loadedOnce(async () => {
    const { default: StripeSdk } = await import("stripe");
    const stripe = new StripeSdk(env.STRIPE_SECRET_KEY!, {
      host: env.STRIPE_API_HOST,
      port: env.STRIPE_API_PORT,
      protocol: env.STRIPE_API_PROTOCOL,
      maxNetworkRetries: 2,
      timeout: 20_000,
    });
    return { stripe, errors: StripeSdk.errors };
  });
  const guarded = async <T>(call: (stripe: Stripe) => Promise<T>): Promise<T> => {
    const { stripe, errors } = await sdk();
    try {
      return await call(stripe);
    } catch (error) {
      if (error instanceof errors.StripeConnectionError || error instanceof errors.StripeAPIError) {
        throw new ProviderUnavailableError(error.message);
      }
      throw error;
    }
  };
  return {
    mode: "live",
    createCheckout: (request) =>
      guarded(async (stripe) => {
        const session = await stripe.checkout.sessions.create(
          {
            mode: "payment",
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: request.currency.toLowerCase(),
                  unit_amount: request.amountCents,
                  product_data: { name: request.description },
                },
              },
            ],
            metadata: { appointmentId: request.appointmentId, paymentId: request.paymentId },
            payment_intent_data: { metadata: { appointmentId: request.appointmentId } },
            client_reference_id: request.appointmentId,
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return { reference: session.id, url: session.url ?? undefined };
      }),
    retrieveCheckout: (reference) =>
      guarded(async (stripe) => {
        const session = await stripe.checkout.sessions.retrieve(reference);
        return {
          paid: session.payment_status === "paid",
          appointmentId: session.metadata?.appointmentId,
          amountCents: session.amount_total,
          currency: session.currency?.toUpperCase() ?? null,
          providerPaymentId:
            typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id,
        };
      }),
    refund: (providerPaymentId, amountCents, idempotencyKey) =>
      guarded(async (stripe) => {
        const refund = await stripe.refunds.create(
          { payment_intent: providerPaymentId, amount: amountCents },
          { idempotencyKey },
        );
        return refund.id;
      }),
    verifyWebhook: async (rawBody, signature) => {
      if (!env.STRIPE_WEBHOOK_SECRET) throw new Error("STRIPE_WEBHOOK_SECRET is not set.");
      const { stripe } = await sdk();
      const event = stripe.webhooks.constructEvent(
        rawBody,
        signature,
        env.STRIPE_WEBHOOK_SECRET,
        WEBHOOK_TOLERANCE_SECONDS,
      );
      // Stripe's SDK only refuses signatures that are too old; one dated ahead of our clock is as
      // suspect (a replay kept for later), so the same tolerance applies forwards.
      const signedAt = Number(/(?:^|,)t=(\d+)/.exec(signature)?.[1]);
      if (!(signedAt * 1000 <= Date.now() + WEBHOOK_TOLERANCE_SECONDS * 1000)) {
        throw new Error("The webhook signature is dated in the future.");
      }
      return event;
    },
  };
}

function liveRazorpay(
  keyId: string,
  keySecret: string,
  webhookSecret: string | undefined,
  apiUrl: string,
): OrderGateway {
  const sdk = loadedOnce(async () => {
    const { default: RazorpaySdk } = await import("razorpay");
    return new RazorpaySdk({ key_id: keyId, key_secret: keySecret });
  });
  const guarded = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      throw new ProviderUnavailableError(error instanceof Error ? error.message : "Razorpay did not answer.");
    }
  };
  return {
    mode: "live",
    keyId,
    signatureSecret: keySecret,
    webhookSecret,
    createOrder: (request) =>
      guarded(async () => {
        const order = await (await sdk()).orders.create({
          amount: request.amountCents,
          currency: request.currency,
          receipt: request.receipt,
        });
        return { id: order.id };
      }),
    refund: (providerPaymentId, amountCents, idempotencyKey) =>
      guarded(() =>
        refundRazorpayPayment({ apiUrl, keyId, keySecret }, providerPaymentId, amountCents, idempotencyKey),
      ),
  };
}

const RAZORPAY_ATTEMPTS = 3;
const RAZORPAY_TIMEOUT_MS = 20_000;

/**
 * Razorpay's refund call with its `X-Refund-Idempotency` header, which the Node SDK cannot send (it
 * drops unknown headers). A refund whose answer was lost, or that Razorpay is still processing (409),
 * is asked again with the same key, so it is made once whatever happens on the way.
 */
async function refundRazorpayPayment(
  api: { apiUrl: string; keyId: string; keySecret: string },
  providerPaymentId: string,
  amountCents: number,
  idempotencyKey: string,
): Promise<string> {
  const url = `${api.apiUrl.replace(/\/$/, "")}/v1/payments/${encodeURIComponent(providerPaymentId)}/refund`;
  let problem = "Razorpay did not answer.";
  for (let attempt = 1; attempt <= RAZORPAY_ATTEMPTS; attempt += 1) {
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: {
          Authorization: `Basic ${Buffer.from(`${api.keyId}:${api.keySecret}`).toString("base64")}`,
          "Content-Type": "application/json",
          "X-Refund-Idempotency": idempotencyKey,
        },
        body: JSON.stringify({ amount: amountCents }),
        signal: AbortSignal.timeout(RAZORPAY_TIMEOUT_MS),
      });
      const body = (await response.json().catch(() => ({}))) as {
        id?: string;
        error?: { description?: string };
      };
      if (response.ok && body.id) return body.id;
      problem = body.error?.description ?? `Razorpay answered ${response.status}.`;
      if (response.status !== 409 && response.status < 500) break;
    } catch (error) {
      problem = error instanceof Error ? error.message : problem;
    }
  }
  throw new Error(problem);
}

/**
 * The sandbox Stripe: its sessions are our payments rows, "paid" by the local test checkout page
 * (which records a payment intent id there). Verifying retrieves that state, as with Stripe.
 */
function sandboxStripe(db: Database): CheckoutGateway {
  return {
    mode: "sandbox",
    createCheckout: async () => ({ reference: `cs_sandbox_${randomBytes(12).toString("hex")}` }),
    retrieveCheckout: async (reference) => {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.provider, "stripe"), eq(payments.providerReference, reference)))
        .limit(1);
      return {
        paid: Boolean(row?.providerPaymentId),
        appointmentId: row?.appointmentId,
        amountCents: row?.amountCents ?? null,
        currency: row?.currency ?? null,
        providerPaymentId: row?.providerPaymentId ?? undefined,
      };
    },
    refund: async () => `re_sandbox_${randomBytes(8).toString("hex")}`,
    verifyWebhook: async () => {
      throw new Error("The sandbox sends no webhooks.");
    },
  };
}

/** The sandbox Razorpay: orders and payment signatures made here with a key derived from ours. */
function sandboxRazorpay(secrets: AppSecrets): OrderGateway {
  return {
    mode: "sandbox",
    keyId: "rzp_sandbox",
    signatureSecret: hmacSha256(secrets.signingKey, "razorpay-sandbox-key"),
    createOrder: async () => ({ id: `order_sandbox_${randomBytes(12).toString("hex")}` }),
    refund: async () => `rfnd_sandbox_${randomBytes(8).toString("hex")}`,
  };
}
