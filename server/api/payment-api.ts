import { type Context, Hono } from "hono";
import { findOwnAppointment } from "~/features/booking/appointments.server";
import {
  type PaymentUrls,
  startRazorpayOrder,
  startStripeCheckout,
  type VerificationOutcome,
  verifyRazorpayPayment,
  verifyStripeReturn,
} from "~/features/payments/payments.server";
import { handleRazorpayWebhook, handleStripeWebhook } from "~/features/payments/webhooks.server";
import { listedOriginOf } from "../cors";
import { type ApiEnv, requireApiUser } from "./api-env";
import { idempotent } from "./idempotency";
import { readJsonObject } from "./request-body";

const outcomeMessages: Record<VerificationOutcome, string> = {
  paid: "Payment successful",
  "already-paid": "This appointment is already paid",
  "not-paid": "Payment was not completed",
  "refund-due": "This appointment was cancelled before the payment completed. We will refund the payment.",
};

/** The four payment calls of the old clients (DESIGN.md §4), mounted under /api/user. */
export function paymentApi() {
  const api = new Hono<ApiEnv>();
  /**
   * API callers hold a token, not our cookie, so the sandbox link is signed; an allowed foreign
   * client is sent back to its own /verify page (any other origin to ours).
   */
  const urls = (context: Context<ApiEnv>): PaymentUrls => ({
    publicUrl: context.get("env").publicUrl,
    returnOrigin: listedOriginOf(context.req.raw, context.get("env").CORS_ORIGINS),
    sandboxLinkKeys: { signingKey: context.get("secrets").signingKey, now: context.get("clock")() },
  });

  api.post("/payment-stripe", idempotent, async (context) => {
    const user = requireApiUser(context);
    const { appointmentId } = await readJsonObject(context);
    const appointment = await findOwnAppointment(context.get("db"), user.id, appointmentId);
    const { sessionUrl } = await startStripeCheckout(
      context.get("db"),
      context.get("payments"),
      appointment,
      urls(context),
    );
    return context.json({ success: true, session_url: sessionUrl });
  });

  api.post("/verifyStripe", async (context) => {
    const user = requireApiUser(context);
    const body = await readJsonObject(context);
    const appointment = await findOwnAppointment(context.get("db"), user.id, body.appointmentId);
    const outcome = await verifyStripeReturn(context.get("db"), context.get("payments"), appointment, {
      sessionId: body.session_id,
    });
    return context.json({
      success: outcome === "paid" || outcome === "already-paid",
      message: outcomeMessages[outcome],
    });
  });

  api.post("/payment-razorpay", idempotent, async (context) => {
    const user = requireApiUser(context);
    const { appointmentId } = await readJsonObject(context);
    const appointment = await findOwnAppointment(context.get("db"), user.id, appointmentId);
    const { order, keyId, sandboxUrl } = await startRazorpayOrder(
      context.get("db"),
      context.get("payments"),
      appointment,
      urls(context),
    );
    // In the sandbox there is no Razorpay widget to open: the client sends the payer to this link.
    return context.json({ success: true, order, keyId, ...(sandboxUrl ? { sandbox_url: sandboxUrl } : {}) });
  });

  api.post("/verifyRazorpay", async (context) => {
    const user = requireApiUser(context);
    const body = await readJsonObject(context);
    const outcome = await verifyRazorpayPayment(context.get("db"), context.get("payments"), user.id, {
      orderId: body.razorpay_order_id,
      paymentId: body.razorpay_payment_id,
      signature: body.razorpay_signature,
    });
    return context.json({
      success: outcome === "paid" || outcome === "already-paid",
      message: outcomeMessages[outcome],
    });
  });

  return api;
}

/** Provider webhooks: verified over the raw body, 200 once handled. */
export function webhookApi() {
  const api = new Hono<ApiEnv>();

  api.post("/stripe", async (context) => {
    await handleStripeWebhook(
      context.get("db"),
      context.get("payments"),
      await context.req.text(),
      context.req.header("Stripe-Signature"),
    );
    return context.json({ success: true, received: true });
  });

  api.post("/razorpay", async (context) => {
    await handleRazorpayWebhook(
      context.get("db"),
      context.get("payments"),
      await context.req.text(),
      context.req.header("X-Razorpay-Signature"),
      context.req.header("X-Razorpay-Event-Id"),
    );
    return context.json({ success: true, received: true });
  });

  return api;
}
