import { appointments } from "@db/schema";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cancel, expectFailure, type RequestTarget } from "../../tests/setup/factories";
import { NOW } from "../../tests/setup/frozen-suite";
import { answerOf, paymentSuite, payStripe, verifyStripe } from "../../tests/setup/payments";
import { closedPort, stripeSettings } from "../../tests/setup/stripe-stand-in";

/** An odd fee, so the amount Stripe receives can only have come from the database. */
const FEE_CENTS = 4321;

const suite = paymentSuite({ stripeStandIn: true, consultant: "Daniel Kim", feeCents: FEE_CENTS });
/** The same app and database, with the Stripe SDK pointed at a port nobody listens on. */
let providerDown: RequestTarget;

beforeAll(async () => {
  providerDown = suite.appWith(stripeSettings(await closedPort()));
});

/** Starts a Checkout through the API and returns what the stand-in received for it. */
async function startCheckout(token: string, appointmentId: string) {
  const before = suite.standIn.checkouts.length;
  const response = await payStripe(suite.app, token, { appointmentId });
  const answer = await answerOf<{ success: boolean; session_url?: string; message?: string }>(response);
  expect(answer, JSON.stringify(answer.body)).toMatchObject({ status: 200, body: { success: true } });
  expect(suite.standIn.checkouts).toHaveLength(before + 1);
  const checkout = suite.standIn.checkouts.at(-1)!;
  return { checkout, sessionUrl: answer.body.session_url };
}

/** A booked appointment paid through Stripe Checkout (stand-in says paid, return verified). */
async function paidAppointment(slot = suite.slots.far()) {
  const booked = await suite.bookedAppointment(slot);
  const { checkout } = await startCheckout(booked.user.token, booked.appointmentId);
  const paymentIntent = `pi_test_${booked.appointmentId.slice(0, 8)}`;
  suite.standIn.markPaid(checkout.sessionId, paymentIntent);
  const verified = await answerOf(
    await verifyStripe(suite.app, booked.user.token, {
      success: true,
      appointmentId: booked.appointmentId,
      session_id: checkout.sessionId,
    }),
  );
  expect(verified).toEqual({ status: 200, body: { success: true, message: "Payment successful" } });
  return { ...booked, sessionId: checkout.sessionId, paymentIntent };
}

describe("POST /api/user/payment-stripe (live Stripe through the SDK)", () => {
  it("creates a Checkout Session for the consultant's fee from the database and answers its url", async () => {
    const { user, appointmentId } = await suite.bookedAppointment(suite.slots.far());
    // Amount and currency in the request are ignored: the database decides.
    const response = await payStripe(suite.app, user.token, { appointmentId, amount: 1, currency: "eur" });
    const answer = await answerOf<{ success: boolean; session_url: string }>(response);
    const checkout = suite.standIn.checkouts.at(-1)!;
    expect(checkout.metadata.appointmentId).toBe(appointmentId);
    expect(answer).toEqual({
      status: 200,
      body: { success: true, session_url: suite.standIn.session(checkout.sessionId).url },
    });
    expect(answer.body.session_url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    expect({ amount: checkout.amount, currency: checkout.currency }).toEqual({
      amount: FEE_CENTS,
      currency: "usd",
    });

    const payment = await suite.onlyPayment(appointmentId);
    expect(payment).toMatchObject({
      provider: "stripe",
      mode: "live",
      providerReference: checkout.sessionId,
      amountCents: FEE_CENTS,
      currency: "USD",
      status: "created",
      providerPaymentId: null,
    });
    // The app sets its own key (tied to the payment row), so a retried create makes one session.
    expect(checkout.idempotencyKey).toEqual(expect.stringContaining(payment.id));
    expect((await suite.appointmentRow(appointmentId)).paidAt).toBeNull();
  });

  it("marks the appointment paid once Stripe says the session is paid, with exactly one receipt", async () => {
    const { user, appointmentId } = await suite.bookedAppointment(suite.slots.far());
    const { checkout } = await startCheckout(user.token, appointmentId);
    suite.standIn.markPaid(checkout.sessionId, "pi_test_receipt");

    const answer = await answerOf(
      await verifyStripe(suite.app, user.token, {
        success: true,
        appointmentId,
        session_id: checkout.sessionId,
      }),
    );
    expect(answer).toEqual({ status: 200, body: { success: true, message: "Payment successful" } });
    expect(suite.standIn.retrievals).toContain(checkout.sessionId);
    expect(await suite.listedAppointment(user.token, appointmentId)).toMatchObject({
      payment: true,
      cancelled: false,
      refunded: false,
    });
    expect(await suite.onlyPayment(appointmentId)).toMatchObject({
      status: "paid",
      providerPaymentId: "pi_test_receipt",
      paidAt: NOW,
    });
    const receipts = await suite.mailsOfKind(user.email, "payment-receipt");
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.textBody).toContain("$43.21");

    // Coming back to the return page again changes nothing and sends nothing.
    const again = await answerOf(
      await verifyStripe(suite.app, user.token, {
        success: true,
        appointmentId,
        session_id: checkout.sessionId,
      }),
    );
    expect(again).toEqual({
      status: 200,
      body: { success: true, message: "This appointment is already paid" },
    });
    expect(await suite.mailsOfKind(user.email, "payment-receipt")).toHaveLength(1);
  });

  it("answers 409 for an appointment that is already paid, cancelled or completed, and calls no provider", async () => {
    const paid = await paidAppointment();
    const cancelled = await suite.bookedAppointment(suite.slots.far());
    expect((await cancel(suite.app, cancelled.user.token, cancelled.appointmentId)).status).toBe(200);
    const completed = await suite.bookedAppointment(suite.slots.far());
    await suite.db
      .update(appointments)
      .set({ completedAt: NOW })
      .where(eq(appointments.id, completed.appointmentId));

    const sessionsBefore = suite.standIn.checkouts.length;
    for (const { user, appointmentId } of [paid, cancelled, completed]) {
      const before = await suite.paymentSnapshot(appointmentId);
      await expectFailure(await payStripe(suite.app, user.token, { appointmentId }), 409);
      expect(await suite.paymentSnapshot(appointmentId)).toEqual(before);
    }
    expect(suite.standIn.checkouts).toHaveLength(sessionsBefore);
  });

  it("answers 404 for an unknown appointment and for another user's, and calls no provider", async () => {
    const owner = await suite.bookedAppointment(suite.slots.far());
    const stranger = await suite.bookedAppointment(suite.slots.far());
    const sessionsBefore = suite.standIn.checkouts.length;
    const before = await suite.paymentSnapshot(owner.appointmentId);

    await expectFailure(
      await payStripe(suite.app, stranger.user.token, { appointmentId: owner.appointmentId }),
      404,
    );
    await expectFailure(
      await payStripe(suite.app, owner.user.token, { appointmentId: "00000000-0000-4000-8000-000000000000" }),
      404,
    );
    await expectFailure(await payStripe(suite.app, owner.user.token, { appointmentId: "not-an-id" }), 404);
    expect(suite.standIn.checkouts).toHaveLength(sessionsBefore);
    expect(await suite.paymentSnapshot(owner.appointmentId)).toEqual(before);
  });

  it("answers 401 without a token", async () => {
    const { appointmentId } = await suite.bookedAppointment(suite.slots.far());
    const response = await suite.app.request("/api/user/payment-stripe", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ appointmentId }),
    });
    await expectFailure(response, 401);
    expect(await suite.paymentRows(appointmentId)).toEqual([]);
  });
});

describe("POST /api/user/verifyStripe pays only what Stripe confirmed", () => {
  it("without a session id (the old client sends none) asks Stripe about the open checkouts, not the browser", async () => {
    const { user, appointmentId } = await suite.bookedAppointment(suite.slots.far());
    const first = await startCheckout(user.token, appointmentId);
    const { checkout } = await startCheckout(user.token, appointmentId);
    const before = await suite.paymentSnapshot(appointmentId);

    const unpaid = await answerOf(
      await verifyStripe(suite.app, user.token, { success: true, appointmentId }),
    );
    expect(unpaid).toEqual({ status: 200, body: { success: false, message: "Payment was not completed" } });
    expect(suite.standIn.retrievals.slice(-2).sort()).toEqual(
      [first.checkout.sessionId, checkout.sessionId].sort(),
    );
    expect(await suite.paymentSnapshot(appointmentId)).toEqual(before);
    expect((await suite.listedAppointment(user.token, appointmentId)).payment).toBe(false);

    suite.standIn.markPaid(checkout.sessionId);
    const paid = await answerOf(
      await verifyStripe(suite.app, user.token, { success: "true", appointmentId }),
    );
    expect(paid).toEqual({ status: 200, body: { success: true, message: "Payment successful" } });
    expect((await suite.listedAppointment(user.token, appointmentId)).payment).toBe(true);
  });

  it("does not pay for a session Stripe reports unpaid", async () => {
    const { user, appointmentId } = await suite.bookedAppointment(suite.slots.far());
    const { checkout } = await startCheckout(user.token, appointmentId);
    const before = await suite.paymentSnapshot(appointmentId);

    const answer = await answerOf(
      await verifyStripe(suite.app, user.token, {
        success: true,
        appointmentId,
        session_id: checkout.sessionId,
      }),
    );
    expect(answer).toEqual({ status: 200, body: { success: false, message: "Payment was not completed" } });
    expect(suite.standIn.retrievals).toContain(checkout.sessionId);
    expect(await suite.paymentSnapshot(appointmentId)).toEqual(before);
    expect(await suite.mailsOfKind(user.email, "payment-receipt")).toEqual([]);
  });

  it("answers 404 for another user's appointment, even with that appointment's paid session", async () => {
    const owner = await suite.bookedAppointment(suite.slots.far());
    const { checkout } = await startCheckout(owner.user.token, owner.appointmentId);
    suite.standIn.markPaid(checkout.sessionId);
    const stranger = await suite.bookedAppointment(suite.slots.far());
    const before = await suite.paymentSnapshot(owner.appointmentId);

    await expectFailure(
      await verifyStripe(suite.app, stranger.user.token, {
        success: true,
        appointmentId: owner.appointmentId,
        session_id: checkout.sessionId,
      }),
      404,
    );
    expect(await suite.paymentSnapshot(owner.appointmentId)).toEqual(before);
    expect((await suite.appointmentRow(stranger.appointmentId)).paidAt).toBeNull();
  });

  it("answers 400 for a paid session that belongs to another appointment, and pays neither", async () => {
    const { user, appointmentId } = await suite.bookedAppointment(suite.slots.far());
    await startCheckout(user.token, appointmentId);
    // A second appointment of someone else, paid for real.
    const other = await suite.bookedAppointment(suite.slots.far());
    const { checkout: otherCheckout } = await startCheckout(other.user.token, other.appointmentId);
    suite.standIn.markPaid(otherCheckout.sessionId);
    const before = await suite.paymentSnapshot(appointmentId);
    const otherBefore = await suite.paymentSnapshot(other.appointmentId);

    await expectFailure(
      await verifyStripe(suite.app, user.token, {
        success: true,
        appointmentId,
        session_id: otherCheckout.sessionId,
      }),
      400,
    );
    // A session id nobody created is no better.
    await expectFailure(
      await verifyStripe(suite.app, user.token, {
        success: true,
        appointmentId,
        session_id: "cs_test_forged",
      }),
      400,
    );
    expect(await suite.paymentSnapshot(appointmentId)).toEqual(before);
    expect(await suite.paymentSnapshot(other.appointmentId)).toEqual(otherBefore);
  });

  const forgeries: {
    name: string;
    forge: (session: { amount_total: number | null }, ours: string) => object;
  }[] = [
    { name: "a smaller amount_total", forge: () => ({ amount_total: 1 }) },
    {
      name: "another currency",
      forge: (session) => ({ currency: "eur", amount_total: session.amount_total }),
    },
    {
      name: "metadata.appointmentId of another appointment",
      forge: () => ({ metadata: { appointmentId: "00000000-0000-4000-8000-000000000000" } }),
    },
    { name: "no metadata.appointmentId", forge: () => ({ metadata: {} }) },
  ];

  it.each(forgeries)("answers 4xx and changes nothing for a paid session with $name", async ({ forge }) => {
    const { user, appointmentId } = await suite.bookedAppointment(suite.slots.far());
    const { checkout } = await startCheckout(user.token, appointmentId);
    const session = suite.standIn.markPaid(checkout.sessionId);
    suite.standIn.change(checkout.sessionId, forge(session, appointmentId));
    const before = await suite.paymentSnapshot(appointmentId);

    const response = await verifyStripe(suite.app, user.token, {
      success: true,
      appointmentId,
      session_id: checkout.sessionId,
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(((await response.json()) as { success: boolean }).success).toBe(false);
    expect(await suite.paymentSnapshot(appointmentId)).toEqual(before);
    expect((await suite.listedAppointment(user.token, appointmentId)).payment).toBe(false);
  });
});

describe("cancelling a paid appointment (POST /api/user/cancel-appointment)", () => {
  it("refunds through Stripe when cancelled at least 24 hours ahead, with one refund e-mail", async () => {
    const { user, appointmentId, paymentIntent } = await paidAppointment(suite.slots.far());
    const refundsBefore = suite.standIn.refunds.length;

    const answer = await answerOf(await cancel(suite.app, user.token, appointmentId));
    expect(answer).toEqual({ status: 200, body: { success: true, message: "Appointment cancelled" } });

    expect(suite.standIn.refunds).toHaveLength(refundsBefore + 1);
    const refund = suite.standIn.refunds.at(-1)!;
    expect(refund).toMatchObject({ paymentIntent, amount: FEE_CENTS });
    expect(refund.idempotencyKey).toEqual(expect.any(String));
    expect(await suite.listedAppointment(user.token, appointmentId)).toMatchObject({
      cancelled: true,
      payment: true,
      refunded: true,
    });
    expect(await suite.onlyPayment(appointmentId)).toMatchObject({
      status: "refunded",
      refundReference: refund.refundId,
      refundedAt: NOW,
    });
    const refundMails = await suite.mailsOfKind(user.email, "payment-refund");
    expect(refundMails).toHaveLength(1);
    expect(refundMails[0]!.textBody).toContain("$43.21");
  });

  it("cancels without a refund less than 24 hours ahead", async () => {
    const { user, appointmentId, paymentIntent } = await paidAppointment(suite.slots.near());
    const refundsBefore = suite.standIn.refunds.length;

    const answer = await answerOf(await cancel(suite.app, user.token, appointmentId));
    expect(answer).toEqual({ status: 200, body: { success: true, message: "Appointment cancelled" } });

    expect(suite.standIn.refunds).toHaveLength(refundsBefore);
    expect(suite.standIn.refunds.map((refund) => refund.paymentIntent)).not.toContain(paymentIntent);
    expect(await suite.listedAppointment(user.token, appointmentId)).toMatchObject({
      cancelled: true,
      payment: true,
      refunded: false,
    });
    expect(await suite.onlyPayment(appointmentId)).toMatchObject({ status: "paid", refundedAt: null });
    expect(await suite.mailsOfKind(user.email, "payment-refund")).toEqual([]);
    expect(await suite.mailsOfKind(user.email, "appointment-cancellation")).toHaveLength(1);
  });
});

describe("a payment provider that is down", () => {
  it("answers 502 with a sentence to payment-stripe and records no payment", async () => {
    const { user, appointmentId } = await suite.bookedAppointment(suite.slots.far());
    const before = await suite.paymentSnapshot(appointmentId);

    const failure = await expectFailure(await payStripe(providerDown, user.token, { appointmentId }), 502);
    expect(failure.message).toMatch(/could not be reached/);
    expect(await suite.paymentRows(appointmentId)).toEqual([]);
    expect(await suite.paymentSnapshot(appointmentId)).toEqual(before);
  });

  it("refuses to cancel a refundable paid appointment it cannot refund, leaving it active and paid", async () => {
    const { user, appointmentId } = await paidAppointment(suite.slots.far());
    const refundsBefore = suite.standIn.refunds.length;
    const before = await suite.paymentSnapshot(appointmentId);

    const failure = await expectFailure(await cancel(providerDown, user.token, appointmentId), 502);
    expect(failure.message).toMatch(/could not be reached/);
    expect(await suite.paymentSnapshot(appointmentId)).toEqual(before);
    expect(await suite.listedAppointment(user.token, appointmentId)).toMatchObject({
      cancelled: false,
      payment: true,
      refunded: false,
    });
    expect(await suite.mailsOfKind(user.email, "appointment-cancellation")).toEqual([]);
    expect(suite.standIn.refunds).toHaveLength(refundsBefore);

    // Once the provider answers again, the same cancellation goes through with its refund.
    expect((await cancel(suite.app, user.token, appointmentId)).status).toBe(200);
    expect(await suite.listedAppointment(user.token, appointmentId)).toMatchObject({
      cancelled: true,
      refunded: true,
    });
  });
});
