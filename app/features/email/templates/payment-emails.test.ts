import { describe, expect, it } from "vitest";
import { expectBothPartsToSay, expectMail } from "../../../../tests/setup/email-reading";
import { paymentAfterCancellationEmail, paymentReceiptEmail, paymentRefundEmail } from "./payment-emails";

const customer = { name: "Grace Hopper", email: "grace@example.com" };
const appointment = {
  id: "5f0c1c7e-2d4b-4c8a-9e1f-3a2b1c0d9e8f",
  consultantSnapshot: {
    name: "Lucas Meyer",
    image: "/images/consultants/lucas-meyer.webp",
    speciality: "IT Consultants",
    degree: "BSc",
    experience: "6 Years",
    about: "Automates office work.",
    feeCents: 4_321,
    currency: "USD",
    address: { line1: "88 Pine Street", line2: "Seattle, WA" },
  },
};
const receipt = {
  number: "VA-2026-000007",
  attachment: {
    filename: "VA-2026-000007.pdf",
    contentType: "application/pdf",
    content: "JVBERi0=",
    encoding: "base64" as const,
  },
};
const payment = {
  provider: "stripe" as const,
  mode: "live" as const,
  providerReference: "cs_test_123",
  amountCents: 4_321,
  currency: "USD",
};

describe("the payment e-mails", () => {
  it("give the customer a receipt: the amount, for what, how it was paid, the reference", () => {
    const mail = paymentReceiptEmail({ customer, appointment, payment, receipt });
    expectMail(
      mail,
      { kind: "payment-receipt", to: "grace@example.com", subject: "Receipt: consultation with Lucas Meyer" },
      [
        "Hello Grace Hopper,",
        "We received your payment of $43.21 for the consultation with Lucas Meyer.",
        "Paid by card (Stripe).",
        "Reference: cs_test_123",
        "Your receipt VA-2026-000007 is attached as a PDF; you can also download it from My Appointments.",
      ],
    );
    expect(mail.attachments).toEqual([receipt.attachment]);
  });

  it("say on the receipt when it was a test payment, and name Razorpay", () => {
    const mail = paymentReceiptEmail({
      customer,
      appointment,
      payment: { ...payment, provider: "razorpay", mode: "sandbox", providerReference: "order_1" },
      receipt,
    });
    expectBothPartsToSay(mail, ["Paid by Razorpay — test payment, no money moved."]);
  });

  it("tell the customer about a refund: the amount, how long it takes, the reference", () => {
    const mail = paymentRefundEmail({
      customer,
      appointment,
      refund: { amountCents: 4_321, currency: "USD", reference: "re_123" },
      creditNote: { ...receipt, number: "VA-CN-2026-000002" },
    });
    expectMail(
      mail,
      { kind: "payment-refund", to: "grace@example.com", subject: "Refund: consultation with Lucas Meyer" },
      [
        "We refunded $43.21 for the cancelled consultation with Lucas Meyer.",
        "Depending on your bank, it can take 5 to 10 business days to appear.",
        "Refund reference: re_123",
        "Your credit note VA-CN-2026-000002 is attached as a PDF; you can also download it from My Appointments.",
      ],
    );
  });

  it("ask the agency to refund money that arrived for a cancelled appointment", () => {
    const mail = paymentAfterCancellationEmail({ agencyEmail: "agency@example.com", appointment, payment });
    expectMail(
      mail,
      {
        kind: "payment-after-cancellation",
        to: "agency@example.com",
        subject: "Refund needed: payment for a cancelled appointment (Lucas Meyer)",
      },
      [
        "A stripe payment of $43.21 (reference cs_test_123) arrived for appointment 5f0c1c7e-2d4b-4c8a-9e1f-3a2b1c0d9e8f, which was cancelled before the payment completed. Please refund it.",
      ],
    );
  });
});
