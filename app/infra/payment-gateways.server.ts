import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import Razorpay from "razorpay";
import Stripe from "stripe";
import { payments } from "../../db/schema";
import type { Database } from "./db.server";
import { hmacSha256 } from "./encryption.server";
import type { Environment } from "./env.server";
import type { AppSecrets } from "./secrets.server";

export interface CheckoutRequest {
  paymentId: string;
  appointmentId: string;
  amountCents: number;
  currency: string;
  description: string;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
}

export interface CheckoutState {
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
  /** Checks a webhook's signature and returns the event; throws when it does not verify. */
  verifyWebhook(rawBody: string, signature: string): Stripe.Event;
}

/** Razorpay Orders, real or the built-in sandbox; payments are verified by HMAC with `signatureSecret`. */
export interface OrderGateway {
  mode: "live" | "sandbox";
  keyId: string;
  signatureSecret: string;
  webhookSecret?: string;
  createOrder(request: { amountCents: number; currency: string; receipt: string }): Promise<{ id: string }>;
  refund(providerPaymentId: string, amountCents: number): Promise<string>;
}

export interface PaymentGateways {
  stripe?: CheckoutGateway;
  razorpay?: OrderGateway;
  /** Where payment problems that need a person (e.g. money for a cancelled appointment) are sent. */
  agencyEmail?: string;
}

export class ProviderUnavailableError extends Error {}

/** Real providers where keys are set; the sandbox for the others when it is enabled. */
export function createPaymentGateways(env: Environment, secrets: AppSecrets, db: Database): PaymentGateways {
  const sandboxEnabled = env.PAYMENT_SANDBOX ? env.PAYMENT_SANDBOX === "true" : !env.isProduction;
  return {
    agencyEmail: env.AGENCY_EMAIL,
    stripe: env.STRIPE_SECRET_KEY ? liveStripe(env) : sandboxEnabled ? sandboxStripe(db) : undefined,
    razorpay:
      env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET
        ? liveRazorpay(env.RAZORPAY_KEY_ID, env.RAZORPAY_KEY_SECRET, env.RAZORPAY_WEBHOOK_SECRET)
        : sandboxEnabled
          ? sandboxRazorpay(secrets)
          : undefined,
  };
}

function liveStripe(env: Environment): CheckoutGateway {
  const stripe = new Stripe(env.STRIPE_SECRET_KEY!, {
    host: env.STRIPE_API_HOST,
    port: env.STRIPE_API_PORT,
    protocol: env.STRIPE_API_PROTOCOL,
    maxNetworkRetries: 2,
    timeout: 20_000,
  });
  const guarded = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (
        error instanceof Stripe.errors.StripeConnectionError ||
        error instanceof Stripe.errors.StripeAPIError
      ) {
        throw new ProviderUnavailableError(error.message);
      }
      throw error;
    }
  };
  return {
    mode: "live",
    createCheckout: (request) =>
      guarded(async () => {
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
      guarded(async () => {
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
      guarded(async () => {
        const refund = await stripe.refunds.create(
          { payment_intent: providerPaymentId, amount: amountCents },
          { idempotencyKey },
        );
        return refund.id;
      }),
    verifyWebhook: (rawBody, signature) => {
      if (!env.STRIPE_WEBHOOK_SECRET) throw new Error("STRIPE_WEBHOOK_SECRET is not set.");
      return stripe.webhooks.constructEvent(rawBody, signature, env.STRIPE_WEBHOOK_SECRET, 300);
    },
  };
}

function liveRazorpay(keyId: string, keySecret: string, webhookSecret?: string): OrderGateway {
  const razorpay = new Razorpay({ key_id: keyId, key_secret: keySecret });
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
        const order = await razorpay.orders.create({
          amount: request.amountCents,
          currency: request.currency,
          receipt: request.receipt,
        });
        return { id: order.id };
      }),
    refund: (providerPaymentId, amountCents) =>
      guarded(async () => {
        const refund = await razorpay.payments.refund(providerPaymentId, { amount: amountCents });
        return refund.id;
      }),
  };
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
    verifyWebhook: () => {
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
