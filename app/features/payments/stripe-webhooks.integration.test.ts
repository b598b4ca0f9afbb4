import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { expectFailure, nextAddress } from "../../../tests/setup/factories";
import { answerOf, paymentSuite, payStripe, verifyStripe } from "../../../tests/setup/payments";
import type { StandInSession } from "../../../tests/setup/stripe-stand-in";

const WEBHOOK_SECRET = "whsec_test";
const FEE_CENTS = 9876;
/** Only for its webhook helpers: signing test payloads as Stripe does. */
const stripe = new Stripe("sk_test_x");

const suite = paymentSuite({ stripeStandIn: true, consultant: "Grace Thompson", feeCents: FEE_CENTS });

/** A booked appointment with an open Checkout Session at the stand-in. */
async function openCheckout() {
  const booked = await suite.bookedAppointment(suite.slots.far());
  const response = await payStripe(suite.app, booked.user.token, { appointmentId: booked.appointmentId });
  expect(response.status).toBe(200);
  const checkout = suite.standIn.checkouts.at(-1)!;
  expect(checkout.metadata.appointmentId).toBe(booked.appointmentId);
  return { ...booked, sessionId: checkout.sessionId };
}

type EventType =
  | "checkout.session.completed"
  | "checkout.session.expired"
  | "checkout.session.async_payment_failed";

/** A Stripe event about a session, as Stripe posts it (the session as the stand-in holds it). */
function sessionEvent(
  type: EventType,
  session: StandInSession,
  id = `evt_${randomBytes(12).toString("hex")}`,
) {
  return {
    id,
    payload: JSON.stringify({
      id,
      object: "event",
      api_version: "2025-01-01",
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      type,
      data: { object: { ...session } },
    }),
  };
}

function signature(payload: string, options: { secret?: string; timestamp?: number } = {}): string {
  return stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
  });
}

function postWebhook(payload: string, signatureHeader?: string): Promise<Response> {
  return Promise.resolve(
    suite.app.request("/api/webhooks/stripe", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-Forwarded-For": nextAddress(),
        ...(signatureHeader === undefined ? {} : { "Stripe-Signature": signatureHeader }),
      },
      body: payload,
    }),
  );
}

describe("POST /api/webhooks/stripe", () => {
  it("marks the appointment paid for a signed checkout.session.completed that is paid", async () => {
    const { user, appointmentId, sessionId } = await openCheckout();
    const event = sessionEvent(
      "checkout.session.completed",
      suite.standIn.markPaid(sessionId, "pi_test_webhook"),
    );

    const answer = await answerOf(await postWebhook(event.payload, signature(event.payload)));
    expect(answer).toEqual({ status: 200, body: { success: true, received: true } });
    expect((await suite.listedAppointment(user.token, appointmentId)).payment).toBe(true);
    expect(await suite.onlyPayment(appointmentId)).toMatchObject({
      status: "paid",
      providerPaymentId: "pi_test_webhook",
    });
    expect(await suite.mailsOfKind(user.email, "payment-receipt")).toHaveLength(1);
    expect(await suite.eventRows("stripe", event.id)).toHaveLength(1);
  });

  it("does not pay for checkout.session.completed while the session is still unpaid", async () => {
    const { user, appointmentId, sessionId } = await openCheckout();
    const event = sessionEvent("checkout.session.completed", suite.standIn.session(sessionId));
    const before = await suite.paymentSnapshot(appointmentId);

    expect((await postWebhook(event.payload, signature(event.payload))).status).toBe(200);
    expect(await suite.paymentSnapshot(appointmentId)).toEqual(before);
    expect((await suite.listedAppointment(user.token, appointmentId)).payment).toBe(false);
  });

  const unverifiable: { name: string; send: (payload: string) => Promise<Response> }[] = [
    { name: "no signature", send: (payload) => postWebhook(payload) },
    {
      name: "a signature made with another secret",
      send: (payload) => postWebhook(payload, signature(payload, { secret: "whsec_someone_else" })),
    },
    {
      name: "one byte of the body changed after signing",
      send: (payload) => {
        const header = signature(payload);
        // The event id's last character: still valid JSON, still a paid session.
        const changed = payload.replace(/"id":"(evt_[0-9a-f]+)([0-9a-f])"/, (_, head, last) => {
          return `"id":"${head}${last === "0" ? "1" : "0"}"`;
        });
        expect(changed).not.toBe(payload);
        expect(changed).toHaveLength(payload.length);
        return postWebhook(changed, header);
      },
    },
    {
      name: "a signature timestamp 301 seconds old",
      send: (payload) =>
        postWebhook(payload, signature(payload, { timestamp: Math.floor(Date.now() / 1000) - 301 })),
    },
  ];

  it.each(unverifiable)("answers 400 and changes nothing for $name", async ({ send }) => {
    const { user, appointmentId, sessionId } = await openCheckout();
    const event = sessionEvent("checkout.session.completed", suite.standIn.markPaid(sessionId));
    const before = await suite.paymentSnapshot(appointmentId);

    const failure = await expectFailure(await send(event.payload), 400);
    expect(failure.message).toMatch(/signature/);
    expect(await suite.paymentSnapshot(appointmentId)).toEqual(before);
    expect((await suite.listedAppointment(user.token, appointmentId)).payment).toBe(false);
  });

  it("accepts a signature made 299 seconds ago (Stripe's 5-minute tolerance)", async () => {
    const { user, appointmentId, sessionId } = await openCheckout();
    const event = sessionEvent("checkout.session.completed", suite.standIn.markPaid(sessionId));
    const header = signature(event.payload, { timestamp: Math.floor(Date.now() / 1000) - 299 });
    expect((await postWebhook(event.payload, header)).status).toBe(200);
    expect((await suite.listedAppointment(user.token, appointmentId)).payment).toBe(true);
  });

  it("refuses a signature dated more than 5 minutes ahead of the server's clock, and takes one 299 s ahead", async () => {
    const { user, appointmentId, sessionId } = await openCheckout();
    const event = sessionEvent("checkout.session.completed", suite.standIn.markPaid(sessionId));
    const before = await suite.paymentSnapshot(appointmentId);
    const ahead = signature(event.payload, { timestamp: Math.floor(Date.now() / 1000) + 3600 });
    const failure = await expectFailure(await postWebhook(event.payload, ahead), 400);
    expect(failure.message).toBe("The webhook signature could not be verified.");
    expect(await suite.paymentSnapshot(appointmentId)).toEqual(before);
    expect(await suite.eventRows("stripe", event.id)).toHaveLength(0);

    const slightlyAhead = signature(event.payload, { timestamp: Math.floor(Date.now() / 1000) + 299 });
    expect((await postWebhook(event.payload, slightlyAhead)).status).toBe(200);
    expect((await suite.listedAppointment(user.token, appointmentId)).payment).toBe(true);
  });

  it("fulfils the same event delivered 20 times at once exactly once", async () => {
    const { user, appointmentId, sessionId } = await openCheckout();
    const event = sessionEvent("checkout.session.completed", suite.standIn.markPaid(sessionId));
    const header = signature(event.payload);

    const responses = await Promise.all(Array.from({ length: 20 }, () => postWebhook(event.payload, header)));
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
    expect((await suite.listedAppointment(user.token, appointmentId)).payment).toBe(true);
    expect(await suite.mailsOfKind(user.email, "payment-receipt")).toHaveLength(1);
    expect(await suite.eventRows("stripe", event.id)).toHaveLength(1);
    expect(await suite.onlyPayment(appointmentId)).toMatchObject({ status: "paid" });
  });

  it("sends one receipt when both the return page and the webhook confirm the payment", async () => {
    const { user, appointmentId, sessionId } = await openCheckout();
    const event = sessionEvent("checkout.session.completed", suite.standIn.markPaid(sessionId));
    const [webhook, returned] = await Promise.all([
      postWebhook(event.payload, signature(event.payload)),
      verifyStripe(suite.app, user.token, { success: true, appointmentId, session_id: sessionId }),
    ]);
    expect([webhook.status, returned.status]).toEqual([200, 200]);
    expect(((await returned.json()) as { success: boolean }).success).toBe(true);
    expect(await suite.mailsOfKind(user.email, "payment-receipt")).toHaveLength(1);
  });

  it("ignores a signed completed event whose amount does not match the appointment", async () => {
    const { user, appointmentId, sessionId } = await openCheckout();
    const session = suite.standIn.change(sessionId, { payment_status: "paid", amount_total: 100 });
    const event = sessionEvent("checkout.session.completed", session);
    const before = await suite.paymentSnapshot(appointmentId);

    expect((await postWebhook(event.payload, signature(event.payload))).status).toBe(200);
    expect(await suite.paymentSnapshot(appointmentId)).toEqual(before);
    expect((await suite.listedAppointment(user.token, appointmentId)).payment).toBe(false);
  });

  it("keeps a paid appointment paid when checkout.session.expired arrives after completed", async () => {
    const { user, appointmentId, sessionId } = await openCheckout();
    const completed = sessionEvent("checkout.session.completed", suite.standIn.markPaid(sessionId));
    expect((await postWebhook(completed.payload, signature(completed.payload))).status).toBe(200);

    const expired = sessionEvent("checkout.session.expired", {
      ...suite.standIn.session(sessionId),
      status: "expired",
    });
    expect((await postWebhook(expired.payload, signature(expired.payload))).status).toBe(200);
    expect((await suite.listedAppointment(user.token, appointmentId)).payment).toBe(true);
    expect(await suite.onlyPayment(appointmentId)).toMatchObject({ status: "paid" });
    expect(await suite.mailsOfKind(user.email, "payment-receipt")).toHaveLength(1);
  });

  it("marks an unpaid session expired on checkout.session.expired; the appointment stays unpaid", async () => {
    const { user, appointmentId, sessionId } = await openCheckout();
    const event = sessionEvent(
      "checkout.session.expired",
      suite.standIn.change(sessionId, { status: "expired" }),
    );

    expect((await postWebhook(event.payload, signature(event.payload))).status).toBe(200);
    expect(await suite.onlyPayment(appointmentId)).toMatchObject({ status: "expired", paidAt: null });
    expect(await suite.listedAppointment(user.token, appointmentId)).toMatchObject({
      payment: false,
      cancelled: false,
    });
    expect(await suite.eventRows("stripe", event.id)).toHaveLength(1);
  });

  it("marks the payment failed on checkout.session.async_payment_failed", async () => {
    const { user, appointmentId, sessionId } = await openCheckout();
    const event = sessionEvent("checkout.session.async_payment_failed", suite.standIn.session(sessionId));

    expect((await postWebhook(event.payload, signature(event.payload))).status).toBe(200);
    expect(await suite.onlyPayment(appointmentId)).toMatchObject({ status: "failed", paidAt: null });
    expect((await suite.listedAppointment(user.token, appointmentId)).payment).toBe(false);
    expect(await suite.mailsOfKind(user.email, "payment-receipt")).toEqual([]);
  });

  it("acknowledges a signed event about a session we never created without changing anything", async () => {
    const { appointmentId, sessionId } = await openCheckout();
    const stranger = {
      ...suite.standIn.session(sessionId),
      id: "cs_test_not_ours",
      payment_status: "paid" as const,
    };
    const event = sessionEvent("checkout.session.completed", stranger);
    const before = await suite.paymentSnapshot(appointmentId);

    expect((await postWebhook(event.payload, signature(event.payload))).status).toBe(200);
    expect(await suite.paymentSnapshot(appointmentId)).toEqual(before);
  });
});
