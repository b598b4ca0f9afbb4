import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** The fields of a Checkout Session that the app reads, as Stripe's API returns them. */
export interface StandInSession {
  id: string;
  object: "checkout.session";
  mode: "payment";
  status: "open" | "complete" | "expired";
  url: string;
  payment_status: "paid" | "unpaid";
  amount_total: number | null;
  currency: string | null;
  metadata: Record<string, string>;
  client_reference_id: string | null;
  payment_intent: string | null;
  success_url: string | null;
  cancel_url: string | null;
}

/** One POST /v1/checkout/sessions as the SDK sent it. */
export interface RecordedCheckout {
  sessionId: string;
  idempotencyKey: string | undefined;
  /** The form body, flat (`line_items[0][price_data][unit_amount]` → "4321"). */
  form: Record<string, string>;
  /** unit_amount × quantity of the line items. */
  amount: number;
  currency: string;
  metadata: Record<string, string>;
}

/** One POST /v1/refunds. */
export interface RecordedRefund {
  refundId: string;
  idempotencyKey: string | undefined;
  paymentIntent: string | undefined;
  amount: number | undefined;
}

/**
 * A small stand-in for Stripe's API, enough for the real `stripe` SDK pointed at it with
 * STRIPE_API_HOST/PORT/PROTOCOL: create and retrieve Checkout Sessions, create refunds. It records
 * what the SDK sent; tests change a session (pay it, or forge it) before the app retrieves it.
 */
export interface StripeStandIn {
  port: number;
  checkouts: RecordedCheckout[];
  refunds: RecordedRefund[];
  /** Session ids the app retrieved, in order. */
  retrievals: string[];
  session(id: string): StandInSession;
  /** What Stripe shows once the customer paid: payment_status "paid" and a PaymentIntent. */
  markPaid(id: string, paymentIntent?: string): StandInSession;
  /** Overwrites fields of a session, for forgeries. */
  change(id: string, changes: Partial<StandInSession>): StandInSession;
  close(): Promise<void>;
}

function hex(bytes: number): string {
  return randomBytes(bytes).toString("hex");
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(text),
    "Request-Id": `req_${hex(8)}`,
  });
  response.end(text);
}

function stripeError(response: ServerResponse, status: number, message: string): void {
  send(response, status, { error: { type: "invalid_request_error", message } });
}

/** The nested `metadata[key]` entries of a form body. */
function nested(form: Record<string, string>, prefix: string): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    const match = key.startsWith(`${prefix}[`) && /^[^[]+\[([^\]]+)\]$/.exec(key);
    if (match) entries[match[1]!] = value;
  }
  return entries;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const sessions = new Map<string, StandInSession>();
  const checkouts: RecordedCheckout[] = [];
  const refunds: RecordedRefund[] = [];
  const retrievals: string[] = [];

  const sessionOrThrow = (id: string): StandInSession => {
    const session = sessions.get(id);
    if (!session) throw new Error(`the stand-in has no session ${id}`);
    return session;
  };

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://stand-in");
    const body = await readBody(request);
    const idempotencyKey = request.headers["idempotency-key"] as string | undefined;
    if (!request.headers.authorization?.startsWith("Bearer sk_")) {
      send(response, 401, { error: { type: "invalid_request_error", message: "No API key provided." } });
      return;
    }

    if (request.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      const form = Object.fromEntries(new URLSearchParams(body));
      const unitAmount = Number(form["line_items[0][price_data][unit_amount]"]);
      const quantity = Number(form["line_items[0][quantity]"] ?? "1");
      const currency = form["line_items[0][price_data][currency]"];
      if (!Number.isInteger(unitAmount) || !Number.isInteger(quantity) || !currency) {
        stripeError(response, 400, "A line item with price_data is required.");
        return;
      }
      const id = `cs_test_${hex(12)}`;
      const metadata = nested(form, "metadata");
      const session: StandInSession = {
        id,
        object: "checkout.session",
        mode: "payment",
        status: "open",
        url: `https://checkout.stripe.com/c/pay/${id}`,
        payment_status: "unpaid",
        amount_total: unitAmount * quantity,
        currency,
        metadata,
        client_reference_id: form.client_reference_id ?? null,
        payment_intent: null,
        success_url: form.success_url ?? null,
        cancel_url: form.cancel_url ?? null,
      };
      sessions.set(id, session);
      checkouts.push({
        sessionId: id,
        idempotencyKey,
        form,
        amount: unitAmount * quantity,
        currency,
        metadata,
      });
      send(response, 200, session);
      return;
    }

    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (request.method === "GET" && retrieve) {
      const id = decodeURIComponent(retrieve[1]!);
      retrievals.push(id);
      const session = sessions.get(id);
      if (!session) stripeError(response, 404, `No such checkout.session: '${id}'`);
      else send(response, 200, session);
      return;
    }

    if (request.method === "POST" && url.pathname === "/v1/refunds") {
      const form = Object.fromEntries(new URLSearchParams(body));
      const refundId = `re_${hex(12)}`;
      refunds.push({
        refundId,
        idempotencyKey,
        paymentIntent: form.payment_intent,
        amount: form.amount === undefined ? undefined : Number(form.amount),
      });
      send(response, 200, {
        id: refundId,
        object: "refund",
        status: "succeeded",
        payment_intent: form.payment_intent ?? null,
        amount: form.amount === undefined ? null : Number(form.amount),
      });
      return;
    }

    stripeError(response, 404, `Unrecognized request URL (${request.method}: ${url.pathname}).`);
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    port,
    checkouts,
    refunds,
    retrievals,
    session: sessionOrThrow,
    markPaid: (id, paymentIntent = `pi_test_${hex(12)}`) =>
      Object.assign(sessionOrThrow(id), {
        payment_status: "paid",
        status: "complete",
        payment_intent: paymentIntent,
      }),
    change: (id, changes) => Object.assign(sessionOrThrow(id), changes),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A port on 127.0.0.1 that nothing listens on (it was free a moment ago): a provider that is down. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The settings that point the app's real Stripe SDK at a stand-in (or at a closed port). */
export function stripeSettings(port: number): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: "sk_test_x",
    STRIPE_WEBHOOK_SECRET: "whsec_test",
    STRIPE_API_HOST: "127.0.0.1",
    STRIPE_API_PORT: String(port),
    STRIPE_API_PROTOCOL: "http",
  };
}
