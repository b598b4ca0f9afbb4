import type Stripe from "stripe";
import type { Database } from "~/infra/db.server";
import { hmacSha256, safeEqual } from "~/infra/encryption.server";
import type { PaymentGateways } from "~/infra/payment-gateways.server";
import { FeatureError } from "~/lib/errors";
import { closeUnpaidCheckout, fulfilPayment } from "./payments.server";

const NOT_VERIFIED = "The webhook signature could not be verified.";

/**
 * Stripe's events about Checkout Sessions, verified over the raw body with a 5-minute tolerance.
 * Each event id is acted on once; events about sessions we did not create are acknowledged and ignored.
 */
export async function handleStripeWebhook(
  db: Database,
  gateways: PaymentGateways,
  rawBody: string,
  signature: string | undefined,
): Promise<void> {
  const gateway = gateways.stripe;
  if (gateway?.mode !== "live") throw new FeatureError("not-found", "Stripe webhooks are not configured.");
  if (!signature) throw new FeatureError("invalid", NOT_VERIFIED);
  let event: Stripe.Event;
  try {
    event = await gateway.verifyWebhook(rawBody, signature);
  } catch {
    throw new FeatureError("invalid", NOT_VERIFIED);
  }
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      if (session.payment_status !== "paid") return;
      await ignoreUnknown(() =>
        fulfilPayment(
          db,
          {
            provider: "stripe",
            reference: session.id,
            providerPaymentId:
              typeof session.payment_intent === "string"
                ? session.payment_intent
                : (session.payment_intent?.id ?? null),
            appointmentId: session.metadata?.appointmentId ?? null,
            amountCents: session.amount_total,
            currency: session.currency,
            eventKey: event.id,
            eventType: event.type,
          },
          gateways,
        ),
      );
      return;
    }
    case "checkout.session.async_payment_failed":
    case "checkout.session.expired": {
      await closeUnpaidCheckout(db, {
        provider: "stripe",
        reference: event.data.object.id,
        status: event.type === "checkout.session.expired" ? "expired" : "failed",
        eventKey: event.id,
        eventType: event.type,
      });
      return;
    }
    default:
      return;
  }
}

interface RazorpayWebhookBody {
  event?: string;
  payload?: { payment?: { entity?: { id?: string; order_id?: string; amount?: number; currency?: string } } };
}

/** Razorpay's payment events, verified with X-Razorpay-Signature and de-duplicated by event id. */
export async function handleRazorpayWebhook(
  db: Database,
  gateways: PaymentGateways,
  rawBody: string,
  signature: string | undefined,
  eventId: string | undefined,
): Promise<void> {
  const gateway = gateways.razorpay;
  if (gateway?.mode !== "live" || !gateway.webhookSecret) {
    throw new FeatureError("not-found", "Razorpay webhooks are not configured.");
  }
  if (!signature || !safeEqual(hmacSha256(gateway.webhookSecret, rawBody), signature)) {
    throw new FeatureError("invalid", NOT_VERIFIED);
  }
  let body: RazorpayWebhookBody;
  try {
    body = JSON.parse(rawBody) as RazorpayWebhookBody;
  } catch {
    throw new FeatureError("invalid", "The webhook body is not valid JSON.");
  }
  const payment = body.payload?.payment?.entity;
  if (!payment?.id || !payment.order_id) return;
  const eventKey = eventId ?? `${body.event}:${payment.id}`;
  if (body.event === "payment.captured" || body.event === "order.paid") {
    await ignoreUnknown(() =>
      fulfilPayment(
        db,
        {
          provider: "razorpay",
          reference: payment.order_id!,
          providerPaymentId: payment.id!,
          amountCents: payment.amount ?? null,
          currency: payment.currency ?? null,
          eventKey,
          eventType: body.event!,
        },
        gateways,
      ),
    );
  } else if (body.event === "payment.failed") {
    await closeUnpaidCheckout(db, {
      provider: "razorpay",
      reference: payment.order_id,
      status: "failed",
      eventKey,
      eventType: body.event,
    });
  }
}

/** A verified event about a payment we have no record of (or that does not match) needs no retry. */
async function ignoreUnknown(fulfil: () => Promise<unknown>): Promise<void> {
  try {
    await fulfil();
  } catch (error) {
    if (!(error instanceof FeatureError)) throw error;
  }
}
