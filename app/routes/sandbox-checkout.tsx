import { data, Form, redirect, useNavigation } from "react-router";
import { completeSandboxCheckout, findSandboxCheckout } from "~/features/payments/sandbox-checkout.server";
import { sandboxLinkState } from "~/features/payments/sandbox-link.server";
import { requireUser } from "~/infra/auth-guard.server";
import { contentSecurityPolicy, policyOptionsFor } from "~/infra/content-security-policy.server";
import { readForm } from "~/infra/form-body.server";
import { formFailure } from "~/infra/form-failure.server";
import { asErrorPage } from "~/infra/route-errors.server";
import { FeatureError } from "~/lib/errors";
import { formatMoney } from "~/lib/money";
import { privatePageHeaders } from "~/lib/page-headers";
import type { RequestContext } from "~/request-context.server";
import type { Route } from "./+types/sandbox-checkout";

const LINK_REFUSED = "This test checkout link is not valid any more. Please start the payment again.";

/**
 * Who may use this checkout: a visitor with the signed link the API hands to token holders (the
 * old front end on another origin has no cookie of ours), otherwise the signed-in owner.
 * Returns the owner's id, or `null` when the link itself proves access.
 */
function checkoutAccess(request: Request, context: RequestContext, paymentId: string | undefined) {
  const link = sandboxLinkState(paymentId, new URL(request.url).searchParams, {
    signingKey: context.secrets.signingKey,
    now: context.clock(),
  });
  if (link === "valid") return null;
  if (link === "invalid" && !context.user) throw new FeatureError("forbidden", LINK_REFUSED);
  return requireUser(request, context).id;
}

export const meta: Route.MetaFunction = () => [
  { title: "Test payment" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  let access: string | null;
  try {
    access = checkoutAccess(request, context, params.paymentId);
  } catch (error) {
    asErrorPage(error);
  }
  const { payment, appointment } = await findSandboxCheckout(context.db, access, params.paymentId).catch(
    asErrorPage,
  );
  // Paying may lead back to an allowed foreign client's /verify page (DESIGN §4 "Foreign clients").
  const policy = contentSecurityPolicy({ nonce: context.cspNonce }, policyOptionsFor(context.env), {
    formTargets: context.env.CORS_ORIGINS,
  });
  return data(
    {
      provider: payment.provider === "stripe" ? "Stripe" : "Razorpay",
      amount: formatMoney(payment.amountCents, payment.currency),
      consultant: appointment.consultantSnapshot.name,
      alreadyPaid: payment.status !== "created" || appointment.paidAt !== null,
    },
    { headers: { "Content-Security-Policy": policy } },
  );
}

export function headers(args: Route.HeadersArgs) {
  return privatePageHeaders(args, ["Content-Security-Policy"]);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  let access: string | null;
  try {
    access = checkoutAccess(request, context, params.paymentId);
  } catch (error) {
    asErrorPage(error);
  }
  const form = await readForm(request);
  try {
    const next = await completeSandboxCheckout(
      context.db,
      context.payments,
      access,
      params.paymentId,
      form.get("outcome") === "pay" ? "pay" : "cancel",
    );
    return redirect(next);
  } catch (error) {
    return formFailure(error, {});
  }
}

/** The built-in stand-in for a provider's checkout, for machines without payment keys. */
export default function SandboxCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <section className="mx-auto max-w-md px-4 py-14">
      <div className="rounded-2xl border-2 border-accent-400 border-dashed bg-white p-6 shadow-sm sm:p-8">
        <p className="inline-block rounded-full bg-accent-300 px-3 py-1 font-semibold text-ink text-xs uppercase tracking-widest">
          Test payment — no money moves
        </p>
        <h1 className="mt-4 font-bold text-2xl text-ink">{loaderData.provider} sandbox checkout</h1>
        <p className="mt-2 text-muted">
          This stands in for {loaderData.provider} because no keys are configured. Paying here marks the
          appointment paid only after the server verifies the result.
        </p>
        <dl className="mt-6 space-y-2 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-muted">Consultation with</dt>
            <dd className="font-medium text-ink">{loaderData.consultant}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted">Amount</dt>
            <dd className="font-semibold text-ink text-lg">{loaderData.amount}</dd>
          </div>
        </dl>
        {actionData?.error ? (
          <p role="alert" className="mt-4 text-red-700 text-sm">
            {actionData.error}
          </p>
        ) : null}
        {loaderData.alreadyPaid ? (
          <p className="mt-6 text-muted">This checkout is already complete.</p>
        ) : (
          <Form method="post" className="mt-6 flex flex-wrap gap-3">
            <button
              type="submit"
              name="outcome"
              value="pay"
              disabled={busy}
              className="flex-1 rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
            >
              Pay {loaderData.amount}
            </button>
            <button
              type="submit"
              name="outcome"
              value="cancel"
              disabled={busy}
              className="flex-1 rounded-full border border-gray-300 px-6 py-3 font-semibold text-ink hover:border-brand-700"
            >
              Cancel
            </button>
          </Form>
        )}
      </div>
    </section>
  );
}
