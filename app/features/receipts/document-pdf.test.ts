import { describe, expect, it } from "vitest";
import { pdfText } from "../../../tests/setup/pdf-text";
import type { DocumentContents } from "./document-contents";
import { renderDocumentPdf } from "./document-pdf.server";

const receipt: DocumentContents = {
  layout: 1,
  kind: "receipt",
  number: "VA-2026-000042",
  issuedAt: "2026-12-03T17:00:00.000Z",
  paper: "A4",
  zone: "America/New_York",
  agency: {
    legalName: "VA Hub LLC",
    address: "100 Example Street, Springfield",
    taxId: "",
    email: "hello@example.com",
  },
  customer: {
    name: "",
    company: "",
    address: "",
    country: "",
    taxId: "",
    accountName: "Αλέξανδρος Παπαδόπουλος",
    email: "alex@example.com",
  },
  consultant: { name: "Nina Petrova", speciality: "Legal Consultants" },
  appointment: {
    id: "00000000-0000-4000-8000-000000000001",
    startsAt: "2026-12-08T15:30:00.000Z",
    minutes: 30,
  },
  amountCents: 12_345,
  currency: "EUR",
  payment: {
    provider: "razorpay",
    mode: "live",
    reference: "pay_29QQoUBi66xm2f",
    paidAt: "2026-12-03T16:59:00.000Z",
  },
};

function mediaBox(pdf: Buffer): string | undefined {
  return pdf.toString("latin1").match(/\/MediaBox \[([^\]]+)\]/)?.[1];
}

describe("a receipt's PDF", () => {
  it("is A4 or Letter as the setting says", async () => {
    expect(mediaBox(await renderDocumentPdf(receipt))).toBe("0 0 595.28 841.89");
    expect(mediaBox(await renderDocumentPdf({ ...receipt, paper: "LETTER" }))).toBe("0 0 612 792");
  });

  it("is the same bytes every time it is drawn from the same contents", async () => {
    const first = await renderDocumentPdf(receipt);
    const again = await renderDocumentPdf(receipt);
    expect(again.equals(first)).toBe(true);
  });

  it("falls back to the account's name, keeps Greek letters as text, and prints no empty tax line", async () => {
    const text = pdfText(await renderDocumentPdf(receipt));
    expect(text).toContain("Αλέξανδρος Παπαδόπουλος");
    expect(text).toContain("Total paid: €123.45 EUR");
    expect(text).toContain("Paid by Razorpay on December 3, 2026.");
    expect(text).toContain("Payment reference: pay_29QQoUBi66xm2f");
    expect(text).not.toContain("Tax ID");
    expect(text).not.toContain("sandbox");
  });
});
