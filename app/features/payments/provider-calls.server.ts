import {
  type CheckoutGateway,
  type OrderGateway,
  type PaymentGateways,
  ProviderUnavailableError,
} from "~/infra/payment-gateways.server";
import { FeatureError } from "~/lib/errors";

const PROVIDER_DOWN_MESSAGE =
  "The payment provider could not be reached. Your appointment is unchanged; please try again in a few minutes.";

export function requireStripe(gateways: PaymentGateways): CheckoutGateway {
  if (!gateways.stripe)
    throw new FeatureError("conflict", "Payment by Stripe is not available at the moment.");
  return gateways.stripe;
}

export function requireRazorpay(gateways: PaymentGateways): OrderGateway {
  if (!gateways.razorpay)
    throw new FeatureError("conflict", "Payment by Razorpay is not available at the moment.");
  return gateways.razorpay;
}

export async function withProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ProviderUnavailableError)
      throw new FeatureError("provider-down", PROVIDER_DOWN_MESSAGE);
    throw error;
  }
}
