import { describe, expect, it } from "vitest";
import { completeSandboxCheckout } from "~/features/payments/sandbox-checkout.server";
import type { RequestContext } from "~/request-context.server";
import { appointmentRow, onlyPayment } from "../../tests/setup/payments";
import { callAction, callLoader, routeSuite, toastOf } from "../../tests/setup/route-calls";
import { action as appointmentsAction } from "./my-appointments";
import { action, loader } from "./verify";

const suite = routeSuite();
const customerWithAppointment = suite.bookedCustomers();

/** Starts the sandbox checkout from My Appointments, as the Pay button does. */
async function startCheckout(
  context: RequestContext,
  appointmentId: string,
  provider: "stripe" | "razorpay",
) {
  const answer = await callAction(appointmentsAction, context, "/my-appointments", {
    intent: "pay",
    provider,
    appointmentId,
  });
  expect(answer.status).toBe(302);
  expect(answer.location).toMatch(/^\/sandbox\/checkout\//);
  return onlyPayment(suite.db, appointmentId);
}

/** The /verify page as the provider sends the visitor back: the loader passes the query on, the form posts it. */
async function returnTo(context: RequestContext, url: string) {
  const page = await callLoader<{ fields: [string, string][] }>(loader, context, url);
  const answer = await callAction(action, context, "/verify", Object.fromEntries(page.data.fields));
  expect({ status: answer.status, location: answer.location }).toEqual({
    status: 302,
    location: "/my-appointments",
  });
  return toastOf(answer, context);
}

describe("/verify", () => {
  it("sends a visitor who is not signed in to login, to come back with the same query", async () => {
    const context = await suite.pageContext();
    const answer = await callLoader(loader, context, "/verify?success=true&appointmentId=x");
    expect(answer.location).toBe(
      `/login?redirectTo=${encodeURIComponent("/verify?success=true&appointmentId=x")}`,
    );
  });

  it("passes on only the provider's fields", async () => {
    const { context } = await customerWithAppointment("query");
    const { data } = await callLoader<{ fields: [string, string][] }>(
      loader,
      context,
      "/verify?success=true&appointmentId=a&paid=yes&session_id=s",
    );
    expect(data.fields).toEqual([
      ["success", "true"],
      ["appointmentId", "a"],
      ["session_id", "s"],
    ]);
  });

  it("pays nothing for success=true alone, with or without a checkout started", async () => {
    const { appointmentId, context } = await customerWithAppointment("claims");
    expect(await returnTo(context, `/verify?success=true&appointmentId=${appointmentId}`)).toEqual({
      kind: "error",
      message: "Payment was not completed. Your appointment is still booked and unpaid.",
    });
    const payment = await startCheckout(context, appointmentId, "stripe");
    const claimed = `/verify?success=true&appointmentId=${appointmentId}&session_id=${payment.providerReference}`;
    expect(await returnTo(context, claimed)).toMatchObject({ kind: "error" });
    expect((await appointmentRow(suite.db, appointmentId)).paidAt).toBeNull();
  });

  it("marks the appointment paid once the sandbox provider has taken the payment, and only once", async () => {
    const { customer, appointmentId, context } = await customerWithAppointment("payer");
    const payment = await startCheckout(context, appointmentId, "stripe");
    const back = await completeSandboxCheckout(suite.db, context.payments, customer.id, payment.id, "pay");
    expect(await returnTo(context, back)).toEqual({ kind: "success", message: "Payment successful" });
    expect((await appointmentRow(suite.db, appointmentId)).paidAt).not.toBeNull();
    expect(await returnTo(context, back)).toEqual({
      kind: "success",
      message: "This appointment is already paid",
    });
  });

  it("says the payment was cancelled when the provider sends success=false", async () => {
    const { customer, appointmentId, context } = await customerWithAppointment("canceller");
    const payment = await startCheckout(context, appointmentId, "stripe");
    const back = await completeSandboxCheckout(suite.db, context.payments, customer.id, payment.id, "cancel");
    expect(await returnTo(context, back)).toEqual({
      kind: "info",
      message: "Payment cancelled. Your appointment is still booked and unpaid.",
    });
    expect((await appointmentRow(suite.db, appointmentId)).paidAt).toBeNull();
  });

  it("does not verify someone else's appointment", async () => {
    const owner = await customerWithAppointment("owner");
    const { context } = await customerWithAppointment("stranger");
    expect(await returnTo(context, `/verify?success=true&appointmentId=${owner.appointmentId}`)).toEqual({
      kind: "error",
      message: "We could not find that appointment.",
    });
  });

  it("refuses a Razorpay answer whose signature the server did not make", async () => {
    const { appointmentId, context } = await customerWithAppointment("forger");
    const order = await startCheckout(context, appointmentId, "razorpay");
    const forged = new URLSearchParams({
      provider: "razorpay",
      success: "true",
      razorpay_order_id: order.providerReference,
      razorpay_payment_id: "pay_forged",
      razorpay_signature: "0".repeat(64),
    });
    expect(await returnTo(context, `/verify?${forged}`)).toMatchObject({ kind: "error" });
    expect((await appointmentRow(suite.db, appointmentId)).paidAt).toBeNull();
  });
});
