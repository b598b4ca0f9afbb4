import { createHmac, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import type { OrderGateway } from "~/infra/payment-gateways.server";
import { cancel, expectFailure, nextAddress } from "../../../tests/setup/factories";
import { answerOf, paymentSuite, payRazorpay, verifyRazorpay } from "../../../tests/setup/payments";

const KEY_ID = "rzp_test_key";
const KEY_SECRET = "test_secret";
const WEBHOOK_SECRET = "rzp_webhook_secret";
const FEE_CENTS = 7531;
const settings: Record<string, string> = {
  RAZORPAY_KEY_ID: KEY_ID,
  RAZORPAY_KEY_SECRET: KEY_SECRET,
  RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
};

/**
 * A stand-in for Razorpay's refund endpoint on loopback (its servers are out of reach here), keeping
 * refunds by X-Refund-Idempotency as Razorpay does. `loseNextAnswers` drops that many answers after
 * the refund is made, as a network failure would.
 */
const razorpayStandIn = {
  server: undefined as Server | undefined,
  refunds: [] as Array<{ id: string; paymentId: string; amount: number; key: string | undefined }>,
  requests: 0,
  loseNextAnswers: 0,
  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => {
        this.requests += 1;
        const match = /^\/v1\/payments\/([^/]+)\/refund$/.exec(request.url ?? "");
        const authorized =
          request.headers.authorization ===
          `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString("base64")}`;
        if (request.method !== "POST" || !match || !authorized) {
          response.writeHead(authorized ? 404 : 401, { "Content-Type": "application/json" });
          response.end(JSON.stringify({ error: { description: "The stand-in does not know this call." } }));
          return;
        }
        const key = request.headers["x-refund-idempotency"] as string | undefined;
        let refund = key ? this.refunds.find((made) => made.key === key) : undefined;
        if (!refund) {
          refund = { id: `rfnd_${hex(7)}`, paymentId: match[1]!, amount: JSON.parse(body).amount, key };
          this.refunds.push(refund);
        }
        if (this.loseNextAnswers > 0) {
          this.loseNextAnswers -= 1;
          request.socket.destroy();
          return;
        }
        response.writeHead(200, { "Content-Type": "application/json" });
        response.end(JSON.stringify({ id: refund.id, entity: "refund", amount: refund.amount }));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  },
};

/**
 * A known vector: HMAC-SHA256 of "order_9A33XWu170gUtm|pay_29QQoUBi66xm2f" with the key "test_secret".
 * Checked by hand outside this code, with two independent tools that agree:
 *   printf '%s' 'order_9A33XWu170gUtm|pay_29QQoUBi66xm2f' | openssl dgst -sha256 -hmac test_secret
 *   python3 -c "import hmac,hashlib; print(hmac.new(b'test_secret',
 *     b'order_9A33XWu170gUtm|pay_29QQoUBi66xm2f', hashlib.sha256).hexdigest())"
 */
const KNOWN_ORDER = "order_9A33XWu170gUtm";
const KNOWN_PAYMENT = "pay_29QQoUBi66xm2f";
const KNOWN_SIGNATURE = "a982c20f48234e966ccc8d903bff75730b34341007236ad8c8a9d7c0ae5848c5";

/** Order ids the stubbed order creation hands out next (a random one when empty). */
const nextOrderIds: string[] = [];
const orderRequests: Parameters<OrderGateway["createOrder"]>[0][] = [];

function signed(secret: string, message: string): string {
  return createHmac("sha256", secret).update(message).digest("hex");
}

function hex(bytes: number): string {
  return randomBytes(bytes).toString("hex");
}

const suite = paymentSuite({
  consultant: "Nina Petrova",
  feeCents: FEE_CENTS,
  settings: async () => ({ ...settings, RAZORPAY_API_URL: await razorpayStandIn.start() }),
  // The real live-mode Razorpay gateway from these settings; only order creation, which would go to
  // Razorpay's servers (unreachable here), is replaced. Signature checks use its real secrets.
  gateways: (real) => {
    const razorpay = real.razorpay!;
    expect({ mode: razorpay.mode, keyId: razorpay.keyId }).toEqual({ mode: "live", keyId: KEY_ID });
    return {
      ...real,
      razorpay: {
        ...razorpay,
        createOrder: async (request) => {
          orderRequests.push(request);
          return { id: nextOrderIds.shift() ?? `order_${hex(7)}` };
        },
      },
    };
  },
});
afterAll(() => {
  razorpayStandIn.server?.close();
});

interface OrderAnswer {
  success: boolean;
  order: { id: string; amount: number; currency: string; receipt: string };
  keyId: string;
}

/** A booked appointment with a Razorpay order (with the given id, or a random one). */
async function orderedAppointment(orderId?: string) {
  const booked = await suite.bookedAppointment(suite.slots.far());
  if (orderId) nextOrderIds.push(orderId);
  const answer = await answerOf<OrderAnswer>(
    await payRazorpay(suite.app, booked.user.token, { appointmentId: booked.appointmentId }),
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { ...booked, orderId: answer.body.order.id };
}

describe("POST /api/user/payment-razorpay", () => {
  it("creates an order for the consultant's fee from the database", async () => {
    const { user, appointmentId } = await suite.bookedAppointment(suite.slots.far());
    nextOrderIds.push("order_Fixed0001");
    const answer = await answerOf<OrderAnswer>(
      await payRazorpay(suite.app, user.token, { appointmentId, amount: 100, currency: "INR" }),
    );
    expect(answer).toEqual({
      status: 200,
      body: {
        success: true,
        order: { id: "order_Fixed0001", amount: FEE_CENTS, currency: "USD", receipt: appointmentId },
        keyId: KEY_ID,
      },
    });
    expect(orderRequests.at(-1)).toEqual({ amountCents: FEE_CENTS, currency: "USD", receipt: appointmentId });
    expect(await suite.onlyPayment(appointmentId)).toMatchObject({
      provider: "razorpay",
      mode: "live",
      providerReference: "order_Fixed0001",
      amountCents: FEE_CENTS,
      status: "created",
    });
  });

  it("answers 404 for another user's appointment and creates no order", async () => {
    const owner = await suite.bookedAppointment(suite.slots.far());
    const stranger = await suite.bookedAppointment(suite.slots.far());
    const ordersBefore = orderRequests.length;
    await expectFailure(
      await payRazorpay(suite.app, stranger.user.token, { appointmentId: owner.appointmentId }),
      404,
    );
    expect(orderRequests).toHaveLength(ordersBefore);
  });
});

describe("POST /api/user/verifyRazorpay", () => {
  it("agrees with a hand-checked HMAC vector and pays with it", async () => {
    // Independently of the app's code: node:crypto gives the hand-checked value.
    expect(signed(KEY_SECRET, `${KNOWN_ORDER}|${KNOWN_PAYMENT}`)).toBe(KNOWN_SIGNATURE);

    const { user, appointmentId, orderId } = await orderedAppointment(KNOWN_ORDER);
    expect(orderId).toBe(KNOWN_ORDER);
    const answer = await answerOf(
      await verifyRazorpay(suite.app, user.token, {
        razorpay_order_id: KNOWN_ORDER,
        razorpay_payment_id: KNOWN_PAYMENT,
        razorpay_signature: KNOWN_SIGNATURE,
      }),
    );
    expect(answer).toEqual({ status: 200, body: { success: true, message: "Payment successful" } });
    expect((await suite.listedAppointment(user.token, appointmentId)).payment).toBe(true);
    expect(await suite.onlyPayment(appointmentId)).toMatchObject({
      status: "paid",
      providerPaymentId: KNOWN_PAYMENT,
    });
    expect(await suite.mailsOfKind(user.email, "payment-receipt")).toHaveLength(1);
  });

  it("pays when the signature is the HMAC of order_id|payment_id with the key secret; once", async () => {
    const { user, appointmentId, orderId } = await orderedAppointment();
    const paymentId = `pay_${hex(7)}`;
    const body = {
      razorpay_order_id: orderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: signed(KEY_SECRET, `${orderId}|${paymentId}`),
    };
    expect((await answerOf(await verifyRazorpay(suite.app, user.token, body))).body).toEqual({
      success: true,
      message: "Payment successful",
    });
    expect((await suite.listedAppointment(user.token, appointmentId)).payment).toBe(true);

    expect((await answerOf(await verifyRazorpay(suite.app, user.token, body))).body).toEqual({
      success: true,
      message: "This appointment is already paid",
    });
    expect(await suite.mailsOfKind(user.email, "payment-receipt")).toHaveLength(1);
    await expectFailure(await payRazorpay(suite.app, user.token, { appointmentId }), 409);
  });

  it("answers 4xx and pays nothing for signatures that do not prove this payment", async () => {
    const { user, appointmentId, orderId } = await orderedAppointment();
    const other = await orderedAppointment();
    const paymentId = `pay_${hex(7)}`;
    const good = signed(KEY_SECRET, `${orderId}|${paymentId}`);
    const flipped = `${good.slice(0, -1)}${good.endsWith("0") ? "1" : "0"}`;
    const attempts = [
      { razorpay_signature: hex(32) },
      { razorpay_signature: flipped },
      { razorpay_signature: good.toUpperCase() },
      // A real signature, but for another order than the one named.
      { razorpay_signature: signed(KEY_SECRET, `${other.orderId}|${paymentId}`) },
      // Signed with a secret that is not the key secret.
      { razorpay_signature: signed(WEBHOOK_SECRET, `${orderId}|${paymentId}`) },
      { razorpay_signature: "" },
      { razorpay_payment_id: undefined, razorpay_signature: good },
    ];
    const before = await suite.paymentSnapshot(appointmentId);
    const otherBefore = await suite.paymentSnapshot(other.appointmentId);
    for (const attempt of attempts) {
      const response = await verifyRazorpay(suite.app, user.token, {
        razorpay_order_id: orderId,
        razorpay_payment_id: paymentId,
        ...attempt,
      });
      await expectFailure(response, 400);
    }
    expect(await suite.paymentSnapshot(appointmentId)).toEqual(before);
    expect(await suite.paymentSnapshot(other.appointmentId)).toEqual(otherBefore);
    expect((await suite.listedAppointment(user.token, appointmentId)).payment).toBe(false);
  });

  it("answers 400 for an order id we never created, however well it is signed", async () => {
    const { user, appointmentId } = await orderedAppointment();
    const before = await suite.paymentSnapshot(appointmentId);
    const orderId = `order_${hex(7)}`;
    const paymentId = `pay_${hex(7)}`;
    await expectFailure(
      await verifyRazorpay(suite.app, user.token, {
        razorpay_order_id: orderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: signed(KEY_SECRET, `${orderId}|${paymentId}`),
      }),
      400,
    );
    expect(await suite.paymentSnapshot(appointmentId)).toEqual(before);
  });

  it("answers 404 for another user's order, even correctly signed, and pays nothing", async () => {
    const owner = await orderedAppointment();
    const stranger = await orderedAppointment();
    const before = await suite.paymentSnapshot(owner.appointmentId);
    const paymentId = `pay_${hex(7)}`;
    await expectFailure(
      await verifyRazorpay(suite.app, stranger.user.token, {
        razorpay_order_id: owner.orderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: signed(KEY_SECRET, `${owner.orderId}|${paymentId}`),
      }),
      404,
    );
    expect(await suite.paymentSnapshot(owner.appointmentId)).toEqual(before);
    expect((await suite.listedAppointment(stranger.user.token, stranger.appointmentId)).payment).toBe(false);
  });
});

describe("refunds", () => {
  it("pays a refund once when its first answer is lost and the call is made again", async () => {
    const { user, appointmentId, orderId } = await orderedAppointment();
    const paymentId = `pay_${hex(7)}`;
    const paid = await verifyRazorpay(suite.app, user.token, {
      razorpay_order_id: orderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: signed(KEY_SECRET, `${orderId}|${paymentId}`),
    });
    expect(paid.status).toBe(200);

    razorpayStandIn.loseNextAnswers = 1;
    const requestsBefore = razorpayStandIn.requests;
    expect((await cancel(suite.app, user.token, appointmentId)).status).toBe(200);

    // Asked twice, refunded once, with the amount paid.
    expect(razorpayStandIn.requests - requestsBefore).toBe(2);
    const made = razorpayStandIn.refunds.filter((refund) => refund.paymentId === paymentId);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ amount: FEE_CENTS });
    expect(made[0]!.key).toMatch(/^refund-[0-9a-f-]{36}$/);
    expect(await suite.onlyPayment(appointmentId)).toMatchObject({
      status: "refunded",
      refundReference: made[0]!.id,
    });
    expect(await suite.listedAppointment(user.token, appointmentId)).toMatchObject({
      cancelled: true,
      refunded: true,
    });
    expect(await suite.mailsOfKind(user.email, "payment-refund")).toHaveLength(1);
  });

  it("leaves the appointment booked and paid when Razorpay never answers, and the retry pays once", async () => {
    const { user, appointmentId, orderId } = await orderedAppointment();
    const paymentId = `pay_${hex(7)}`;
    await verifyRazorpay(suite.app, user.token, {
      razorpay_order_id: orderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: signed(KEY_SECRET, `${orderId}|${paymentId}`),
    });
    razorpayStandIn.loseNextAnswers = 3;
    const failed = await cancel(suite.app, user.token, appointmentId);
    expect(failed.status).toBe(502);
    expect(await suite.listedAppointment(user.token, appointmentId)).toMatchObject({
      cancelled: false,
      payment: true,
    });

    // The customer tries again: Razorpay already made the refund and answers with it.
    expect((await cancel(suite.app, user.token, appointmentId)).status).toBe(200);
    expect(razorpayStandIn.refunds.filter((refund) => refund.paymentId === paymentId)).toHaveLength(1);
    expect(await suite.onlyPayment(appointmentId)).toMatchObject({ status: "refunded" });
  });
});

describe("POST /api/webhooks/razorpay", () => {
  function capturedEvent(orderId: string, options: { amount?: number; event?: string } = {}) {
    return JSON.stringify({
      entity: "event",
      account_id: "acc_test",
      event: options.event ?? "payment.captured",
      contains: ["payment"],
      payload: {
        payment: {
          entity: {
            id: `pay_${hex(7)}`,
            entity: "payment",
            amount: options.amount ?? FEE_CENTS,
            currency: "USD",
            status: "captured",
            order_id: orderId,
          },
        },
      },
      created_at: Math.floor(Date.now() / 1000),
    });
  }

  function postWebhook(body: string, headers: Record<string, string>): Promise<Response> {
    return Promise.resolve(
      suite.app.request("/api/webhooks/razorpay", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": nextAddress(), ...headers },
        body,
      }),
    );
  }

  function signedHeaders(body: string, eventId = `evt_${hex(7)}`) {
    return { "X-Razorpay-Signature": signed(WEBHOOK_SECRET, body), "X-Razorpay-Event-Id": eventId };
  }

  it("marks the appointment paid for a signed payment.captured about our order", async () => {
    const { user, appointmentId, orderId } = await orderedAppointment();
    const body = capturedEvent(orderId);
    const answer = await answerOf(await postWebhook(body, signedHeaders(body)));
    expect(answer).toEqual({ status: 200, body: { success: true, received: true } });
    expect((await suite.listedAppointment(user.token, appointmentId)).payment).toBe(true);
    expect(await suite.onlyPayment(appointmentId)).toMatchObject({
      status: "paid",
      providerPaymentId: (JSON.parse(body) as { payload: { payment: { entity: { id: string } } } }).payload
        .payment.entity.id,
    });
    expect(await suite.mailsOfKind(user.email, "payment-receipt")).toHaveLength(1);
  });

  it("fulfils one event id delivered 20 times at once exactly once", async () => {
    const { user, appointmentId, orderId } = await orderedAppointment();
    const body = capturedEvent(orderId);
    const headers = signedHeaders(body, "evt_RazorpayDuplicate1");
    const responses = await Promise.all(Array.from({ length: 20 }, () => postWebhook(body, headers)));
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
    expect((await suite.listedAppointment(user.token, appointmentId)).payment).toBe(true);
    expect(await suite.mailsOfKind(user.email, "payment-receipt")).toHaveLength(1);
    expect(await suite.eventRows("razorpay", "evt_RazorpayDuplicate1")).toHaveLength(1);
  });

  it("answers 400 and changes nothing for a missing or wrong signature or a changed body", async () => {
    const { user, appointmentId, orderId } = await orderedAppointment();
    const body = capturedEvent(orderId);
    const before = await suite.paymentSnapshot(appointmentId);
    const changed = body.replace('"status":"captured"', '"status":"Captured"');
    expect(changed).not.toBe(body);

    for (const [sent, headers] of [
      [body, { "X-Razorpay-Event-Id": "evt_unsigned" }],
      [body, { ...signedHeaders(body), "X-Razorpay-Signature": signed("another secret", body) }],
      [body, { ...signedHeaders(body), "X-Razorpay-Signature": signed(KEY_SECRET, body) }],
      [changed, signedHeaders(body)],
    ] as const) {
      const failure = await expectFailure(await postWebhook(sent, headers), 400);
      expect(failure.message).toMatch(/signature/);
    }
    expect(await suite.paymentSnapshot(appointmentId)).toEqual(before);
    expect((await suite.listedAppointment(user.token, appointmentId)).payment).toBe(false);
  });

  it("does not pay for a signed capture whose amount differs from the order's", async () => {
    const { user, appointmentId, orderId } = await orderedAppointment();
    const body = capturedEvent(orderId, { amount: 100 });
    const before = await suite.paymentSnapshot(appointmentId);
    expect((await postWebhook(body, signedHeaders(body))).status).toBe(200);
    expect(await suite.paymentSnapshot(appointmentId)).toEqual(before);
    expect((await suite.listedAppointment(user.token, appointmentId)).payment).toBe(false);
  });

  it("marks the payment failed on payment.failed, leaving the appointment unpaid", async () => {
    const { user, appointmentId, orderId } = await orderedAppointment();
    const body = capturedEvent(orderId, { event: "payment.failed" });
    expect((await postWebhook(body, signedHeaders(body))).status).toBe(200);
    expect(await suite.onlyPayment(appointmentId)).toMatchObject({ status: "failed" });
    expect((await suite.listedAppointment(user.token, appointmentId)).payment).toBe(false);
  });
});
