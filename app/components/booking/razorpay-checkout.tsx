import { useEffect } from "react";
import { site } from "~/content/site";
import { showToast } from "~/lib/behaviours/toast";

interface RazorpayOptions {
  key: string;
  amount: number;
  currency: string;
  order_id: string;
  name: string;
  description: string;
  handler(response: {
    razorpay_order_id: string;
    razorpay_payment_id: string;
    razorpay_signature: string;
  }): void;
  modal: { ondismiss(): void };
}

declare global {
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => { open(): void };
  }
}

const CHECKOUT_SCRIPT = "https://checkout.razorpay.com/v1/checkout.js";

/** Opens Razorpay's own checkout for an order; its answer goes to /verify to be checked by the server. */
export function RazorpayCheckout({
  order,
  keyId,
}: {
  order: { id: string; amount: number; currency: string; receipt: string };
  keyId: string;
}) {
  useEffect(() => {
    const open = () => {
      if (!window.Razorpay) return;
      new window.Razorpay({
        key: keyId,
        amount: order.amount,
        currency: order.currency,
        order_id: order.id,
        name: site.name,
        description: "Consultation",
        handler: (response) => {
          const query = new URLSearchParams({
            provider: "razorpay",
            appointmentId: order.receipt,
            success: "true",
            ...response,
          });
          window.location.assign(`/verify?${query}`);
        },
        modal: {
          ondismiss: () =>
            showToast({ kind: "info", message: "Payment cancelled. Your appointment is still booked." }),
        },
      }).open();
    };
    if (window.Razorpay) return open();
    const script = document.createElement("script");
    script.src = CHECKOUT_SCRIPT;
    script.async = true;
    script.onload = open;
    script.onerror = () =>
      showToast({ kind: "error", message: "Razorpay's checkout could not be loaded. Please try again." });
    document.body.append(script);
  }, [order, keyId]);
  return null;
}
