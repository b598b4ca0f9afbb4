import { receipts } from "@db/receipt-schema";
import { payments } from "@db/schema";
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cancel, createUserWithRole, getWith, type RequestTarget } from "../../../tests/setup/factories";
import { answerOf, paymentSuite, payStripe, verifyStripe } from "../../../tests/setup/payments";
import { pdfText } from "../../../tests/setup/pdf-text";
import { pageContext } from "../../../tests/setup/route-calls";
import { loader as staffDocumentLoader } from "../../routes/admin/appointment-document";
import { loader as exportLoader } from "../../routes/admin/receipts-export";
import { loader as customerDocumentLoader } from "../../routes/my-appointment-document";
import { completeSandboxCheckout } from "../payments/sandbox-checkout.server";
import { issueMissingDocuments } from "./receipts.server";

const FEE_CENTS = 6420;
const CONSULTANT = "Nina Petrova";
const suite = paymentSuite({ gateways: true, consultant: CONSULTANT, feeCents: FEE_CENTS });

const thisYear = () =>
  Number(new Date().toLocaleDateString("en-CA", { timeZone: "America/New_York" }).slice(0, 4));

function putBilling(app: RequestTarget, token: string, body: unknown): Promise<Response> {
  return Promise.resolve(
    app.request("/api/user/billing", {
      method: "PUT",
      headers: { token, "Content-Type": "application/json", "X-Forwarded-For": "198.51.100.7" },
      body: JSON.stringify(body),
    }),
  );
}

interface ListedDocument {
  number: string;
  kind: "receipt" | "credit_note";
  appointmentId: string;
  amount: number;
  currency: string;
  issuedAt: string;
  url: string;
}

async function listedDocuments(token: string): Promise<ListedDocument[]> {
  const answer = await answerOf<{ success: boolean; receipts: ListedDocument[] }>(
    await getWith(suite.app, "/api/user/receipts", { token }),
  );
  expect(answer.status).toBe(200);
  return answer.body.receipts;
}

/** A booked appointment paid through the sandbox Stripe checkout, as a customer would. */
async function paidAppointment(slot = suite.slots.far(), before?: (token: string) => Promise<void>) {
  const booked = await suite.bookedAppointment(slot);
  await before?.(booked.user.token);
  const started = await payStripe(suite.app, booked.user.token, { appointmentId: booked.appointmentId });
  expect(started.status).toBe(200);
  const payment = await suite.onlyPayment(booked.appointmentId);
  await completeSandboxCheckout(suite.db, suite.gateways, booked.user.id, payment.id, "pay");
  const verified = await answerOf(
    await verifyStripe(suite.app, booked.user.token, {
      success: true,
      appointmentId: booked.appointmentId,
      session_id: payment.providerReference,
    }),
  );
  expect(verified.body).toEqual({ success: true, message: "Payment successful" });
  return { ...booked, payment };
}

/** A page request's answer, returned or thrown, with its body as bytes (a PDF is not text). */
async function bytesOf(call: () => unknown) {
  let outcome: unknown;
  try {
    outcome = await call();
  } catch (thrown) {
    outcome = thrown;
  }
  if (outcome instanceof Response) {
    return {
      status: outcome.status,
      type: outcome.headers.get("Content-Type"),
      bytes: new Uint8Array(await outcome.arrayBuffer()),
    };
  }
  // React Router's data(null, { status }) from a guard.
  const init = (outcome as { init?: { status?: number } }).init;
  return { status: init?.status ?? 500, type: null, bytes: new Uint8Array() };
}

/** GET of a document's address as the site serves it, for the visitor holding `token` (or nobody). */
async function download(path: string, token?: string) {
  const context = await pageContext(suite.testApp, token ? { token } : {});
  const segments = path.split("/").filter(Boolean);
  const staff = segments[0] === "admin";
  const [appointmentId, documentFile] = staff ? segments.slice(2) : segments.slice(1);
  const loader = staff ? staffDocumentLoader : customerDocumentLoader;
  return bytesOf(() =>
    loader({
      request: new Request(`${context.env.publicUrl}${path}`),
      context,
      params: { appointmentId: appointmentId!, documentFile: documentFile! },
    } as never),
  );
}

/** GET of staff's CSV export with this query. */
async function exportCsv(query: string, token: string) {
  const context = await pageContext(suite.testApp, { token });
  const answer = await bytesOf(() =>
    exportLoader({
      request: new Request(`${context.env.publicUrl}/admin/receipts/export.csv?${query}`),
      context,
      params: {},
    } as never),
  );
  return { ...answer, text: new TextDecoder().decode(answer.bytes) };
}

function attachmentOf(message: {
  attachments: Array<{ filename: string; content: string; encoding?: string }>;
}) {
  expect(message.attachments).toHaveLength(1);
  const [attachment] = message.attachments;
  expect(attachment!.encoding).toBe("base64");
  return {
    filename: attachment!.filename,
    bytes: new Uint8Array(Buffer.from(attachment!.content, "base64")),
  };
}

describe("receipts", () => {
  it("a sandbox payment gets a numbered receipt whose PDF text holds the number, amount, consultant, date, customer and agency", async () => {
    const { user, appointmentId } = await paidAppointment(suite.slots.far(), async (token) => {
      const saved = await putBilling(suite.app, token, {
        name: "Jürgen Müller",
        company: "Müller Consulting GmbH",
        address: "Hauptstraße 1\n10115 Berlin",
        country: "DE",
        taxId: "DE136695976",
      });
      expect(await answerOf(saved)).toEqual({
        status: 200,
        body: { success: true, message: "Billing details saved. Your next receipts will carry them." },
      });
    });

    const [listed] = await listedDocuments(user.token);
    expect(listed).toMatchObject({ kind: "receipt", appointmentId, amount: 64.2, currency: "USD" });
    expect(listed!.number).toMatch(new RegExp(`^VA-${thisYear()}-\\d{6}$`));
    const path = new URL(listed!.url).pathname;
    expect(path).toBe(`/my-appointments/${appointmentId}/receipt.pdf`);

    const pdf = await download(path, user.token);
    expect(pdf).toMatchObject({ status: 200, type: "application/pdf" });
    const text = pdfText(pdf.bytes);
    const appointment = await suite.appointmentRow(appointmentId);
    const day = appointment.startsAt.toLocaleDateString("en-US", {
      timeZone: "America/New_York",
      month: "long",
      day: "numeric",
      year: "numeric",
    });
    for (const expected of [
      "Receipt",
      `Number: ${listed!.number}`,
      "Total paid: $64.20 USD",
      `30-minute consultation with ${CONSULTANT}`,
      day,
      "New York time",
      "Jürgen Müller",
      "Müller Consulting GmbH",
      "Hauptstraße 1",
      "Germany",
      "Tax ID: DE136695976",
      user.email,
      "VA Hub LLC",
      "Paid by card (Stripe)",
      "Test payment in the sandbox: no money moved.",
    ]) {
      expect(text).toContain(expected);
    }

    // The payment e-mail carries the same document.
    const [mail] = await suite.mailsOfKind(user.email, "payment-receipt");
    const attached = attachmentOf(mail!);
    expect(attached.filename).toBe(`${listed!.number}.pdf`);
    expect(Buffer.from(attached.bytes).equals(Buffer.from(pdf.bytes))).toBe(true);
    expect(mail!.textBody).toContain(`Your receipt ${listed!.number} is attached`);
  });

  it("never changes once issued: later billing details reach later documents only", async () => {
    const { user, appointmentId } = await paidAppointment();
    const path = `/my-appointments/${appointmentId}/receipt.pdf`;
    const before = await download(path, user.token);
    expect((await putBilling(suite.app, user.token, { company: "Renamed Ltd" })).status).toBe(200);
    const after = await download(path, user.token);
    expect(Buffer.from(after.bytes).equals(Buffer.from(before.bytes))).toBe(true);
    expect(pdfText(after.bytes)).not.toContain("Renamed Ltd");
  });

  it("numbers 20 payments made at once with 20 consecutive numbers, none twice", async () => {
    const booked = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const appointment = await suite.bookedAppointment(suite.slots.far());
        await payStripe(suite.app, appointment.user.token, { appointmentId: appointment.appointmentId });
        const payment = await suite.onlyPayment(appointment.appointmentId);
        await completeSandboxCheckout(suite.db, suite.gateways, appointment.user.id, payment.id, "pay");
        return { ...appointment, payment };
      }),
    );
    const answers = await Promise.all(
      booked.map(async ({ user, appointmentId, payment }) =>
        answerOf(
          await verifyStripe(suite.app, user.token, {
            success: true,
            appointmentId,
            session_id: payment.providerReference,
          }),
        ),
      ),
    );
    expect(answers.every((answer) => answer.body.success)).toBe(true);
    const issued = await suite.db
      .select({ sequence: receipts.sequence, number: receipts.number, appointmentId: receipts.appointmentId })
      .from(receipts)
      .where(and(eq(receipts.series, "VA"), eq(receipts.year, thisYear())))
      .orderBy(asc(receipts.sequence));
    const ours = issued.filter((row) => booked.some((entry) => entry.appointmentId === row.appointmentId));
    expect(ours).toHaveLength(20);
    const sequences = ours.map((row) => row.sequence);
    expect(sequences).toEqual(Array.from({ length: 20 }, (_, index) => sequences[0]! + index));
    // And the series as a whole, this file's earlier receipts included, has no gap.
    expect(issued.map((row) => row.sequence)).toEqual(
      Array.from({ length: issued.length }, (_, index) => index + 1),
    );
  });

  it("a refund gets a credit note of its own series that names the receipt it corrects, attached to the refund e-mail", async () => {
    const { user, appointmentId } = await paidAppointment();
    const [receipt] = await listedDocuments(user.token);
    expect((await cancel(suite.app, user.token, appointmentId)).status).toBe(200);

    const documents = await listedDocuments(user.token);
    expect(documents.map((document) => document.kind).sort()).toEqual(["credit_note", "receipt"]);
    const creditNote = documents.find((document) => document.kind === "credit_note")!;
    expect(creditNote.number).toMatch(new RegExp(`^VA-CN-${thisYear()}-\\d{6}$`));
    expect(creditNote).toMatchObject({ appointmentId, amount: 64.2, currency: "USD" });

    const pdf = await download(`/my-appointments/${appointmentId}/credit-note.pdf`, user.token);
    expect(pdf.status).toBe(200);
    const text = pdfText(pdf.bytes);
    expect(text).toContain("Credit note");
    expect(text).toContain(`Number: ${creditNote.number}`);
    expect(text).toContain(`This credit note corrects receipt ${receipt!.number}`);
    expect(text).toContain("Total refunded: $64.20 USD");
    expect(text).toContain("Refund reference:");

    const [mail] = await suite.mailsOfKind(user.email, "payment-refund");
    expect(attachmentOf(mail!).filename).toBe(`${creditNote.number}.pdf`);
  });

  it("shows a document to its customer and staff only: another user 404, no token 401", async () => {
    const { user, appointmentId } = await paidAppointment();
    const path = `/my-appointments/${appointmentId}/receipt.pdf`;
    const stranger = await suite.bookedAppointment(suite.slots.far());

    expect((await download(path, stranger.user.token)).status).toBe(404);
    expect((await download(path)).status).toBe(401);
    expect((await download(`/my-appointments/${appointmentId}/credit-note.pdf`, user.token)).status).toBe(
      404,
    );
    expect((await download(`/my-appointments/${appointmentId}/invoice.pdf`, user.token)).status).toBe(404);
    expect((await download("/my-appointments/not-a-uuid/receipt.pdf", user.token)).status).toBe(404);
    expect(await listedDocuments(stranger.user.token)).toEqual([]);
    expect((await getWith(suite.app, "/api/user/receipts")).status).toBe(401);

    const staff = await createUserWithRole(suite.db, "admin");
    const staffPath = `/admin/appointments/${appointmentId}/receipt.pdf`;
    const fromStaff = await download(staffPath, staff.token);
    expect(fromStaff).toMatchObject({ status: 200, type: "application/pdf" });
    expect((await download(staffPath, user.token)).status).toBe(403);
  });

  it("answers a 61st download in a minute with 429 and how long to wait", async () => {
    const { user, appointmentId } = await paidAppointment();
    const path = `/my-appointments/${appointmentId}/receipt.pdf`;
    const context = await pageContext(suite.testApp, { token: user.token });
    const once = () =>
      customerDocumentLoader({
        request: new Request(`${context.env.publicUrl}${path}`),
        context,
        params: { appointmentId, documentFile: "receipt.pdf" },
      } as never) as Promise<Response>;
    for (let download = 0; download < 60; download++) expect((await once()).status).toBe(200);
    const refused = await once();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("exports a period's documents as CSV for staff, credit notes negative", async () => {
    const { appointmentId, user } = await paidAppointment();
    expect((await cancel(suite.app, user.token, appointmentId)).status).toBe(200);
    const staff = await createUserWithRole(suite.db, "admin");
    const today = new Date().toLocaleDateString("en-CA", { timeZone: "America/New_York" });
    const exported = await exportCsv(`from=${today}&to=${today}`, staff.token);
    expect(exported).toMatchObject({ status: 200, type: "text/csv; charset=utf-8" });
    const lines = exported.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toMatch(/^Number,Type,Issued \(agency time\),Corrects,Customer/);
    const ours = lines.filter((line) => line.includes(user.email));
    expect(ours).toHaveLength(2);
    expect(ours.find((line) => line.includes(",Receipt,"))).toContain(",64.20,USD,stripe,");
    expect(ours.find((line) => line.includes(",Credit note,"))).toContain(",-64.20,USD,stripe,");

    const backwards = await exportCsv(`from=${today}&to=2000-01-01`, staff.token);
    expect(backwards.status).toBe(400);
    expect(backwards.text).toBe("The period's first day must come before its last day.");
    expect((await exportCsv(`from=${today}&to=${today}`, user.token)).status).toBe(403);
  });
});

describe("payments settled before receipts existed", () => {
  it("get their receipt, or receipt and credit note, once, at start", async () => {
    const paid = await suite.bookedAppointment(suite.slots.far());
    const refunded = await suite.bookedAppointment(suite.slots.far());
    const settledAt = new Date();
    for (const [booked, status] of [
      [paid, "paid"],
      [refunded, "refunded"],
    ] as const) {
      await suite.db.insert(payments).values({
        appointmentId: booked.appointmentId,
        provider: "razorpay",
        mode: "sandbox",
        providerReference: `order_old_${booked.appointmentId}`,
        providerPaymentId: `pay_old_${booked.appointmentId}`,
        amountCents: FEE_CENTS,
        currency: "USD",
        status,
        paidAt: settledAt,
        refundedAt: status === "refunded" ? settledAt : null,
        refundReference: status === "refunded" ? "rfnd_old" : null,
      });
    }
    expect(await issueMissingDocuments(suite.db, suite.gateways.receipts)).toBe(2);
    expect(await issueMissingDocuments(suite.db, suite.gateways.receipts)).toBe(0);
    expect((await listedDocuments(paid.user.token)).map((document) => document.kind)).toEqual(["receipt"]);
    expect((await listedDocuments(refunded.user.token)).map((document) => document.kind).sort()).toEqual([
      "credit_note",
      "receipt",
    ]);
    const text = pdfText(
      (await download(`/my-appointments/${refunded.appointmentId}/credit-note.pdf`, refunded.user.token))
        .bytes,
    );
    expect(text).toContain("Refund reference: rfnd_old");
    expect(text).toContain("Paid by Razorpay");
  });
});

describe("billing details", () => {
  it("are refused with a sentence when too long, with control characters, or with a tax ID of the wrong shape", async () => {
    const { user } = await suite.bookedAppointment(suite.slots.far());
    const refusals: Array<[unknown, string]> = [
      [{ name: "x".repeat(121) }, "Please keep your billing name under 120 characters."],
      [{ company: "Acme\u0007Ltd" }, "Please enter your company name without special characters."],
      [{ company: "Acme\u0000Ltd" }, "This field holds a control character we cannot accept."],
      [{ address: "a".repeat(301) }, "Please keep your billing address under 300 characters."],
      [{ country: "XX" }, "Please choose a country from the list."],
      [
        { country: "DE", taxId: "DE123" },
        "That is not a valid VAT number for Germany: please check its letters and digits.",
      ],
      [{ taxId: "12/34" }, "A tax ID holds only letters, digits, spaces, dots and hyphens."],
    ];
    for (const [body, message] of refusals) {
      expect(await answerOf(await putBilling(suite.app, user.token, body))).toEqual({
        status: 400,
        body: { success: false, message },
      });
    }
    // Nothing of the refused ones was kept.
    const kept = await answerOf<{ billing: object }>(
      await getWith(suite.app, "/api/user/billing", { token: user.token }),
    );
    expect(kept.body.billing).toEqual({ name: "", company: "", address: "", country: "", taxId: "" });
  });

  it("are kept sealed, and a VAT number with or without its country letters is accepted", async () => {
    const { user } = await suite.bookedAppointment(suite.slots.far());
    const saved = await putBilling(suite.app, user.token, {
      company: "Athens Trading",
      country: "GR",
      taxId: "094259216",
      address: "Odos 5\nAthens",
    });
    expect(saved.status).toBe(200);
    const kept = await answerOf<{ billing: object }>(
      await getWith(suite.app, "/api/user/billing", { token: user.token }),
    );
    expect(kept.body.billing).toEqual({
      name: "",
      company: "Athens Trading",
      address: "Odos 5\nAthens",
      country: "GR",
      taxId: "094259216",
    });
    const rows = await suite.db.execute<{ sealed: string }>(
      `select sealed from billing_details where user_id = '${user.id}'`,
    );
    expect(JSON.stringify(rows)).not.toContain("Athens Trading");
    expect(
      (await putBilling(suite.app, user.token, { country: "CH", taxId: "CHE-123.456.788" })).status,
    ).toBe(200);
    expect((await getWith(suite.app, "/api/user/billing")).status).toBe(401);
  });
});
