import { payments } from "@db/schema";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cancel, expectFailure } from "../../../tests/setup/factories";
import {
  answerOf,
  paymentSuite,
  payRazorpay,
  payStripe,
  verifyRazorpay,
  verifyStripe,
} from "../../../tests/setup/payments";
import { testEnvironment } from "../../../tests/setup/test-environment";
import { completeSandboxCheckout } from "./sandbox-checkout.server";
import { sandboxLinkState } from "./sandbox-link.server";

const FEE_CENTS = 6420;

/**
 * No provider keys, PAYMENT_SANDBOX unset, NODE_ENV=test: the sandbox runs both providers. The
 * sandbox checkout page calls completeSandboxCheckout with the app's own gateways and secrets.
 */
const suite = paymentSuite({ gateways: true, consultant: "Emma Wilson", feeCents: FEE_CENTS });

beforeAll(() => {
  expect({ stripe: suite.gateways.stripe?.mode, razorpay: suite.gateways.razorpay?.mode }).toEqual({
    stripe: "sandbox",
    razorpay: "sandbox",
  });
});

function queryOf(url: string): URLSearchParams {
  return new URL(url, "http://sandbox.test").searchParams;
}

/** A booked appointment with a sandbox Stripe checkout: its payments row id and session id. */
async function sandboxCheckout() {
  const booked = await suite.bookedAppointment(suite.slots.far());
  const answer = await answerOf<{ success: boolean; session_url: string }>(
    await payStripe(suite.app, booked.user.token, { appointmentId: booked.appointmentId }),
  );
  expect(answer.status).toBe(200);
  const payment = await suite.onlyPayment(booked.appointmentId);
  return { ...booked, sessionUrl: answer.body.session_url, payment };
}

describe("the Stripe sandbox (no keys, outside production)", () => {
  it("answers a local checkout page as session_url and records a sandbox payment for the fee", async () => {
    const { sessionUrl, payment } = await sandboxCheckout();
    // Absolute and signed: API callers hold a token, not our cookie (DESIGN §4 "Foreign clients").
    const link = new URL(sessionUrl);
    expect(`${link.origin}${link.pathname}`).toBe(`http://localhost:3000/sandbox/checkout/${payment.id}`);
    expect([...link.searchParams.keys()].sort()).toEqual(["expires", "signature"]);
    expect(payment).toMatchObject({
      provider: "stripe",
      mode: "sandbox",
      amountCents: FEE_CENTS,
      currency: "USD",
      status: "created",
      providerPaymentId: null,
    });
  });

  it("is not paid before the sandbox Pay, nor after Cancel; is paid after Pay, with one receipt", async () => {
    const { user, appointmentId, payment } = await sandboxCheckout();
    const sessionId = payment.providerReference;
    const verify = async (body: object) =>
      answerOf(await verifyStripe(suite.app, user.token, { success: true, appointmentId, ...body }));
    const notPaid = { status: 200, body: { success: false, message: "Payment was not completed" } };

    expect(await verify({})).toEqual(notPaid);
    expect(await verify({ session_id: sessionId })).toEqual(notPaid);

    const cancelled = await completeSandboxCheckout(suite.db, suite.gateways, user.id, payment.id, "cancel");
    expect(queryOf(cancelled).get("success")).toBe("false");
    expect(await verify({ session_id: sessionId })).toEqual(notPaid);
    expect((await suite.listedAppointment(user.token, appointmentId)).payment).toBe(false);

    const back = await completeSandboxCheckout(suite.db, suite.gateways, user.id, payment.id, "pay");
    const query = queryOf(back);
    expect({
      appointmentId: query.get("appointmentId"),
      success: query.get("success"),
      session_id: query.get("session_id"),
    }).toEqual({ appointmentId, success: "true", session_id: sessionId });
    expect(await verify({ session_id: query.get("session_id") })).toEqual({
      status: 200,
      body: { success: true, message: "Payment successful" },
    });
    expect((await suite.listedAppointment(user.token, appointmentId)).payment).toBe(true);
    const receipts = await suite.mailsOfKind(user.email, "payment-receipt");
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.textBody).toMatch(/test payment/);
  });

  it("money for an appointment cancelled while its checkout was open leaves it cancelled and asks staff to refund", async () => {
    const { user, appointmentId, payment } = await sandboxCheckout();
    expect((await cancel(suite.app, user.token, appointmentId)).status).toBe(200);
    // The visitor still completes the checkout that was already open.
    await suite.db
      .update(payments)
      .set({ providerPaymentId: "pi_sandbox_late" })
      .where(eq(payments.id, payment.id));
    const answer = await answerOf(
      await verifyStripe(suite.app, user.token, {
        success: true,
        appointmentId,
        session_id: payment.providerReference,
      }),
    );
    expect(answer.body).toEqual({
      success: false,
      message: "This appointment was cancelled before the payment completed. We will refund the payment.",
    });
    const listed = await suite.listedAppointment(user.token, appointmentId);
    expect({ cancelled: listed.cancelled, payment: listed.payment }).toEqual({
      cancelled: true,
      payment: false,
    });
    expect(await suite.mailsOfKind(user.email, "payment-receipt")).toHaveLength(0);
    const notices = await suite.mailsOfKind(testEnvironment().AGENCY_EMAIL, "payment-after-cancellation");
    expect(notices.filter((notice) => notice.textBody.includes(appointmentId))).toHaveLength(1);
  });

  it("lets nobody but the appointment's owner press Pay", async () => {
    const { appointmentId, payment } = await sandboxCheckout();
    const stranger = await suite.bookedAppointment(suite.slots.far());
    const before = await suite.paymentSnapshot(appointmentId);
    await expect(
      completeSandboxCheckout(suite.db, suite.gateways, stranger.user.id, payment.id, "pay"),
    ).rejects.toMatchObject({ kind: "not-found" });
    expect(await suite.paymentSnapshot(appointmentId)).toEqual(before);
  });

  it("refunds a paid sandbox appointment cancelled at least 24 hours ahead", async () => {
    const { user, appointmentId, payment } = await sandboxCheckout();
    const back = await completeSandboxCheckout(suite.db, suite.gateways, user.id, payment.id, "pay");
    const paid = await verifyStripe(suite.app, user.token, {
      success: true,
      appointmentId,
      session_id: queryOf(back).get("session_id"),
    });
    expect(paid.status).toBe(200);

    expect((await cancel(suite.app, user.token, appointmentId)).status).toBe(200);
    expect(await suite.listedAppointment(user.token, appointmentId)).toMatchObject({
      cancelled: true,
      payment: true,
      refunded: true,
    });
    expect(await suite.onlyPayment(appointmentId)).toMatchObject({ status: "refunded" });
    expect(await suite.mailsOfKind(user.email, "payment-refund")).toHaveLength(1);
  });
});

describe("the Razorpay sandbox", () => {
  async function sandboxOrder() {
    const booked = await suite.bookedAppointment(suite.slots.far());
    const answer = await answerOf<{ success: boolean; order: { id: string; amount: number }; keyId: string }>(
      await payRazorpay(suite.app, booked.user.token, { appointmentId: booked.appointmentId }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      success: true,
      order: { id: expect.stringMatching(/^order_sandbox_/), amount: FEE_CENTS },
      keyId: "rzp_sandbox",
    });
    const payment = await suite.onlyPayment(booked.appointmentId);
    expect(payment).toMatchObject({ providerReference: answer.body.order.id, mode: "sandbox" });
    const back = await completeSandboxCheckout(suite.db, suite.gateways, booked.user.id, payment.id, "pay");
    const query = queryOf(back);
    return {
      ...booked,
      answer: {
        razorpay_order_id: query.get("razorpay_order_id"),
        razorpay_payment_id: query.get("razorpay_payment_id"),
        razorpay_signature: query.get("razorpay_signature"),
      },
      orderId: answer.body.order.id,
    };
  }

  it("gives API callers an absolute, signed sandbox checkout link that pays without our cookie", async () => {
    const booked = await suite.bookedAppointment(suite.slots.far());
    const answer = await answerOf<{ sandbox_url: string }>(
      await payRazorpay(suite.app, booked.user.token, { appointmentId: booked.appointmentId }),
    );
    expect(answer.body.sandbox_url).toMatch(
      /^http:\/\/localhost:3000\/sandbox\/checkout\/[0-9a-f-]{36}\?expires=\d+&signature=[0-9a-f]{64}$/,
    );
    // The checkout page lets in whoever holds a valid link (routes/sandbox-checkout.tsx), cookie or not.
    const link = new URL(answer.body.sandbox_url);
    const paymentId = link.pathname.split("/").at(-1);
    expect(
      sandboxLinkState(paymentId, link.searchParams, {
        signingKey: suite.secrets.signingKey,
        now: new Date(),
      }),
    ).toBe("valid");
    const back = new URL(
      await completeSandboxCheckout(suite.db, suite.gateways, null, paymentId, "pay"),
      "http://localhost",
    );
    expect(back.pathname).toBe("/verify");
    const verified = await answerOf(
      await verifyRazorpay(suite.app, booked.user.token, {
        razorpay_order_id: back.searchParams.get("razorpay_order_id"),
        razorpay_payment_id: back.searchParams.get("razorpay_payment_id"),
        razorpay_signature: back.searchParams.get("razorpay_signature"),
      }),
    );
    expect(verified).toEqual({ status: 200, body: { success: true, message: "Payment successful" } });
  });

  it("pays with the signed answer the sandbox checkout returns", async () => {
    const { user, appointmentId, answer, orderId } = await sandboxOrder();
    expect(answer).toEqual({
      razorpay_order_id: orderId,
      razorpay_payment_id: expect.stringMatching(/^pay_sandbox_/),
      razorpay_signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const verified = await answerOf(await verifyRazorpay(suite.app, user.token, answer));
    expect(verified).toEqual({ status: 200, body: { success: true, message: "Payment successful" } });
    expect((await suite.listedAppointment(user.token, appointmentId)).payment).toBe(true);
    expect(await suite.mailsOfKind(user.email, "payment-receipt")).toHaveLength(1);
  });

  it("answers 400 to a tampered signature or payment id and pays nothing", async () => {
    const { user, appointmentId, answer } = await sandboxOrder();
    const signature = answer.razorpay_signature!;
    const before = await suite.paymentSnapshot(appointmentId);
    for (const tampered of [
      { ...answer, razorpay_signature: `${signature.slice(0, -1)}${signature.endsWith("a") ? "b" : "a"}` },
      { ...answer, razorpay_payment_id: `${answer.razorpay_payment_id}0` },
    ]) {
      await expectFailure(await verifyRazorpay(suite.app, user.token, tampered), 400);
    }
    expect(await suite.paymentSnapshot(appointmentId)).toEqual(before);
    expect((await suite.listedAppointment(user.token, appointmentId)).payment).toBe(false);
  });
});

describe("where the sandbox is off", () => {
  it("in production without PAYMENT_SANDBOX, payment answers 409 'not available' and records nothing", async () => {
    const production = suite.appWith({ NODE_ENV: "production" });
    const { user, appointmentId } = await suite.bookedAppointment(suite.slots.far());
    const stripeFailure = await expectFailure(
      await payStripe(production, user.token, { appointmentId }),
      409,
    );
    expect(stripeFailure.message).toMatch(/not available/);
    const razorpayFailure = await expectFailure(
      await payRazorpay(production, user.token, { appointmentId }),
      409,
    );
    expect(razorpayFailure.message).toMatch(/not available/);
    expect(await suite.paymentRows(appointmentId)).toEqual([]);
  });

  it("follows PAYMENT_SANDBOX when it is set: false outside production, true in production", async () => {
    const { user, appointmentId } = await suite.bookedAppointment(suite.slots.far());
    const off = suite.appWith({ PAYMENT_SANDBOX: "false" });
    await expectFailure(await payStripe(off, user.token, { appointmentId }), 409);
    expect(await suite.paymentRows(appointmentId)).toEqual([]);

    const on = suite.appWith({ NODE_ENV: "production", PAYMENT_SANDBOX: "true" });
    const answer = await answerOf<{ session_url: string }>(
      await payStripe(on, user.token, { appointmentId }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.session_url).toMatch(
      /^http:\/\/localhost:3000\/sandbox\/checkout\/[0-9a-f-]{36}\?expires=\d+&signature=[0-9a-f]{64}$/,
    );
  });
});
