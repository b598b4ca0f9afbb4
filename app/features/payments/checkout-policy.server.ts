import type { PolicyAdditions } from "~/infra/content-security-policy.server";
import type { PaymentGateways } from "~/infra/payment-gateways.server";

/** What the page that starts a payment must be allowed to load or lead to, per live provider. */
export function checkoutPolicyAdditions(gateways: PaymentGateways): PolicyAdditions {
  const additions: Required<PolicyAdditions> = { scripts: [], frames: [], connections: [], formTargets: [] };
  if (gateways.stripe?.mode === "live") additions.formTargets.push("https://checkout.stripe.com");
  if (gateways.razorpay?.mode === "live") {
    additions.scripts.push("https://checkout.razorpay.com");
    additions.frames.push("https://api.razorpay.com", "https://checkout.razorpay.com");
    additions.connections.push("https://lumberjack.razorpay.com");
  }
  return additions;
}
