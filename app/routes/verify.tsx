import { useEffect, useRef } from "react";
import { Form, useSubmit } from "react-router";
import { findOwnAppointment } from "~/features/booking/appointments.server";
import {
  type VerificationOutcome,
  verifyRazorpayPayment,
  verifyStripeReturn,
} from "~/features/payments/payments.server";
import { requireUser } from "~/infra/auth-guard.server";
import { redirectWithToast } from "~/infra/flash.server";
import { readForm } from "~/infra/form-body.server";
import { FeatureError } from "~/lib/errors";
import { privatePageHeaders } from "~/lib/page-headers";
import type { Route } from "./+types/verify";

export const meta: Route.MetaFunction = () => [
  { title: "Confirming your payment" },
  { name: "robots", content: "noindex" },
];

const passedOn = [
  "provider",
  "success",
  "appointmentId",
  "session_id",
  "razorpay_order_id",
  "razorpay_payment_id",
  "razorpay_signature",
];

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  const url = new URL(request.url);
  return {
    fields: passedOn.flatMap((name) =>
      url.searchParams.has(name) ? [[name, url.searchParams.get(name) ?? ""] as const] : [],
    ),
  };
}

const toasts: Record<VerificationOutcome, { kind: "success" | "error" | "info"; message: string }> = {
  paid: { kind: "success", message: "Payment successful" },
  "already-paid": { kind: "success", message: "This appointment is already paid" },
  "not-paid": {
    kind: "error",
    message: "Payment was not completed. Your appointment is still booked and unpaid.",
  },
  "refund-due": {
    kind: "error",
    message: "This appointment was cancelled before the payment completed. We will refund the payment.",
  },
};

/** Asks the provider (never the browser) whether the appointment was paid, then goes to My Appointments. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const form = await readForm(request);
  const field = (name: string) => form.get(name) ?? undefined;
  try {
    if (field("success") !== "true") {
      return redirectWithToast(
        "/my-appointments",
        { kind: "info", message: "Payment cancelled. Your appointment is still booked and unpaid." },
        context,
      );
    }
    const outcome =
      field("provider") === "razorpay"
        ? await verifyRazorpayPayment(context.db, context.payments, user.id, {
            orderId: field("razorpay_order_id"),
            paymentId: field("razorpay_payment_id"),
            signature: field("razorpay_signature"),
          })
        : await verifyStripeReturn(
            context.db,
            context.payments,
            await findOwnAppointment(context.db, user.id, field("appointmentId")),
            { sessionId: field("session_id") },
          );
    return redirectWithToast("/my-appointments", toasts[outcome], context);
  } catch (error) {
    if (error instanceof FeatureError) {
      return redirectWithToast("/my-appointments", { kind: "error", message: error.message }, context);
    }
    throw error;
  }
}

export const headers: Route.HeadersFunction = privatePageHeaders;

export default function Verify({ loaderData }: Route.ComponentProps) {
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (formRef.current) submit(formRef.current, { replace: true });
  }, [submit]);
  return (
    <section className="mx-auto flex max-w-md flex-col items-center px-4 py-24 text-center" aria-busy="true">
      <span
        aria-hidden="true"
        className="size-12 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700"
      />
      <h1 className="mt-6 font-semibold text-ink text-xl">Confirming your payment…</h1>
      <p className="mt-2 text-muted">Please wait while we check with the payment provider.</p>
      <Form method="post" ref={formRef} className="mt-6">
        {loaderData.fields.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <noscript>
          <button type="submit" className="rounded-full bg-brand-700 px-6 py-3 font-semibold text-white">
            Continue
          </button>
        </noscript>
      </Form>
    </section>
  );
}
