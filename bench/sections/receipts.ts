import { randomBytes } from "node:crypto";
import { receipts } from "@db/receipt-schema";
import { type Appointment, outbox, type Payment, payments } from "@db/schema";
import { and, eq, inArray } from "drizzle-orm";
import { bookAppointment } from "~/features/booking/booking.server";
import { fulfilPayment } from "~/features/payments/payments.server";
import { saveBillingDetails } from "~/features/receipts/billing.server";
import type { DocumentContents } from "~/features/receipts/document-contents";
import { renderDocumentPdf } from "~/features/receipts/document-pdf.server";
import { bookingGrid, SLOT_MINUTES } from "~/features/slot-grid/slots";
import { type Database, openDatabase } from "~/infra/db.server";
import { createConsultant, createUsersWithSessions } from "../../tests/setup/factories";
import { noPaymentProviders, testReceiptSettings } from "../../tests/setup/receipts";
import { createServerDatabase, whyNoPostgres } from "../../tests/setup/test-database";
import { benchBookingContext } from "../lib/booking-context";
import { integer, kb, met, percentile, table } from "../lib/format";
import type { BenchSection } from "../lib/section";

const ZONE = "America/New_York";
const RENDERS = 100;
const FULFILMENTS = 50;
const DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/postgres";

const hex = (bytes: number) => randomBytes(bytes).toString("hex");

/** What a receipt carries when the customer filled in every billing field (issue() in receipts.server.ts). */
function realisticContents(sequence: number): DocumentContents {
  const settings = testReceiptSettings();
  const now = new Date();
  const year = Number(now.toLocaleDateString("en-CA", { timeZone: ZONE }).slice(0, 4));
  const startsAt = new Date(now.getTime() + 3 * 24 * 60 * 60 * 1000);
  return {
    layout: 1,
    kind: "receipt",
    number: `${settings.prefix}-${year}-${String(sequence).padStart(6, "0")}`,
    issuedAt: now.toISOString(),
    paper: settings.paper,
    zone: settings.zone,
    agency: settings.agency,
    customer: {
      name: "Zoë Müller-Łukasiewicz",
      company: "Northwind Traders Inc.",
      address: "500 Market Street, Suite 1200\nSan Francisco, CA 94105",
      country: "US",
      taxId: "US-12-3456789",
      accountName: "Zoë Müller",
      email: "zoe.mueller@example.com",
    },
    consultant: { name: "Nina Petrova", speciality: "Financial Consultants" },
    appointment: { id: crypto.randomUUID(), startsAt: startsAt.toISOString(), minutes: SLOT_MINUTES },
    amountCents: 6420,
    currency: "USD",
    payment: {
      provider: "stripe",
      mode: "sandbox",
      reference: `pi_sandbox_${hex(12)}`,
      paidAt: now.toISOString(),
    },
  };
}

interface PdfFigures {
  coldMs: number;
  /** Ascending. */
  times: number[];
  bytes: number;
}

/** One cold render (the fonts are read and pdfkit's code first runs), then RENDERS warm ones. */
async function pdfRenders(): Promise<PdfFigures> {
  let started = performance.now();
  const first = await renderDocumentPdf(realisticContents(1));
  const coldMs = performance.now() - started;
  const sizes = [first.length];
  const times: number[] = [];
  for (let render = 0; render < RENDERS; render++) {
    const contents = realisticContents(render + 2);
    started = performance.now();
    const pdf = await renderDocumentPdf(contents);
    times.push(performance.now() - started);
    sizes.push(pdf.length);
  }
  return {
    coldMs,
    times: times.sort((first, second) => first - second),
    bytes: Math.max(...sizes),
  };
}

/**
 * FULFILMENTS customers, each with filled-in billing details, a booked appointment and a Stripe
 * checkout in the sandbox not yet paid (the row startStripeCheckout writes).
 */
async function openCheckouts(db: Database): Promise<Array<{ appointment: Appointment; payment: Payment }>> {
  const settings = testReceiptSettings();
  const grid = bookingGrid({ now: new Date(), zone: ZONE })[2]!;
  const starts = grid.starts.map((start) => start.toJSDate());
  const customers = await createUsersWithSessions(db, FULFILMENTS, "bench-receipts");
  const consultants = [];
  for (let index = 0; index < Math.ceil(FULFILMENTS / starts.length); index++) {
    consultants.push(await createConsultant(db));
  }
  const open: Array<{ appointment: Appointment; payment: Payment }> = [];
  for (const [index, customer] of customers.entries()) {
    await saveBillingDetails(db, settings.encryptionKey, customer.id, {
      name: `Customer ${index + 1} Müller`,
      company: `Company ${index + 1} Ltd`,
      address: `${index + 1} Market Street\nSpringfield, IL 62701`,
      country: "US",
      taxId: `US-12-${String(index).padStart(7, "0")}`,
    });
    const appointment = await bookAppointment(
      db,
      customer.id,
      {
        docId: consultants[Math.floor(index / starts.length)]!.id,
        startsAt: starts[index % starts.length]!,
      },
      benchBookingContext(ZONE),
    );
    const [payment] = await db
      .insert(payments)
      .values({
        appointmentId: appointment.id,
        provider: "stripe",
        mode: "sandbox",
        status: "created",
        providerReference: `cs_sandbox_${hex(12)}`,
        amountCents: appointment.amountCents,
        currency: appointment.currency,
        returnUrl: `/verify?appointmentId=${appointment.id}`,
      })
      .returning();
    open.push({ appointment, payment: payment! });
  }
  return open;
}

interface FulfilmentFigures {
  paid: number;
  failures: string[];
  distinct: number;
  consecutive: boolean;
  first?: string;
  last?: string;
  mails: number;
  totalMs: number;
  /** Each fulfilment from the start of all of them to its own end, ascending. */
  eachMs: number[];
}

/** fulfilPayment for every open checkout at once, as FULFILMENTS provider events arriving together. */
async function concurrentFulfilments(db: Database): Promise<FulfilmentFigures> {
  const open = await openCheckouts(db);
  const gateways = { ...noPaymentProviders(), agencyEmail: "agency@example.com" };
  const eachMs: number[] = [];
  const failures: string[] = [];
  const started = performance.now();
  const outcomes = await Promise.all(
    open.map(async ({ appointment, payment }) => {
      try {
        return await fulfilPayment(
          db,
          {
            provider: "stripe",
            reference: payment.providerReference,
            providerPaymentId: `pi_sandbox_${hex(12)}`,
            appointmentId: appointment.id,
            amountCents: payment.amountCents,
            currency: payment.currency,
            eventKey: `bench:${payment.providerReference}`,
            eventType: "checkout.session.completed",
          },
          gateways,
        );
      } catch (error) {
        failures.push(error instanceof Error ? error.message : String(error));
        return "failed";
      } finally {
        eachMs.push(performance.now() - started);
      }
    }),
  );
  const totalMs = performance.now() - started;
  const issued = await db
    .select({ sequence: receipts.sequence, number: receipts.number })
    .from(receipts)
    .where(
      and(
        eq(receipts.kind, "receipt"),
        inArray(
          receipts.paymentId,
          open.map(({ payment }) => payment.id),
        ),
      ),
    );
  const sequences = [...new Set(issued.map((row) => row.sequence))].sort((first, second) => first - second);
  const consecutive =
    sequences.length === FULFILMENTS && sequences.at(-1)! - sequences[0]! === FULFILMENTS - 1;
  const byNumber = [...issued].sort((first, second) => first.sequence - second.sequence);
  const mails = await db.select({ id: outbox.id }).from(outbox).where(eq(outbox.kind, "payment-receipt"));
  return {
    paid: outcomes.filter((outcome) => outcome === "paid").length,
    failures,
    distinct: new Set(issued.map((row) => row.number)).size,
    consecutive,
    first: byNumber[0]?.number,
    last: byNumber.at(-1)?.number,
    mails: mails.length,
    totalMs,
    eachMs: eachMs.sort((first, second) => first - second),
  };
}

/** The figures of one database, on a fresh one: in memory for PGlite, created and dropped on PostgreSQL. */
async function onDatabase(databaseUrl?: string): Promise<FulfilmentFigures> {
  const created = databaseUrl ? await createServerDatabase(databaseUrl) : undefined;
  const database = await openDatabase({ databaseUrl: created?.url });
  try {
    return await concurrentFulfilments(database.db);
  } finally {
    await database.close();
    await created?.drop();
  }
}

function fulfilmentRow(label: string, figures: FulfilmentFigures): string[] {
  const numbers = figures.first ? `${figures.first} – ${figures.last}` : "none";
  return [
    label,
    integer(figures.paid),
    `${integer(figures.distinct)} distinct, consecutive: ${met(figures.consecutive && figures.distinct === FULFILMENTS)}`,
    numbers,
    integer(figures.mails),
    integer(figures.totalMs),
    (figures.totalMs / FULFILMENTS).toFixed(1),
    percentile(figures.eachMs, 0.5).toFixed(0),
    (figures.eachMs.at(-1) ?? Number.NaN).toFixed(0),
  ];
}

export const receiptsSection: BenchSection = {
  name: "receipts",
  title: `Receipts: the PDF per receipt, and ${FULFILMENTS} payments fulfilled at once on both databases`,
  async run() {
    const pdf = await pdfRenders();
    console.log(
      table(
        ["renderDocumentPdf, realistic receipt", "renders", "p50 ms", "p95 ms", "max ms", "size KB"],
        [
          ["first render (cold)", "1", pdf.coldMs.toFixed(1), "", "", ""],
          [
            "after it",
            integer(pdf.times.length),
            percentile(pdf.times, 0.5).toFixed(1),
            percentile(pdf.times, 0.95).toFixed(1),
            pdf.times.at(-1)!.toFixed(1),
            `${kb(pdf.bytes)} (${integer(pdf.bytes)} B)`,
          ],
        ],
      ),
    );

    const measured: Array<[string, FulfilmentFigures]> = [
      ["embedded (PGlite, in memory)", await onDatabase()],
    ];
    const postgresUrl = process.env.DATABASE_URL || DEFAULT_POSTGRES_URL;
    const noPostgres = await whyNoPostgres(postgresUrl);
    if (!noPostgres) measured.push(["PostgreSQL (temporary database)", await onDatabase(postgresUrl)]);
    console.log("");
    console.log(
      table(
        [
          `${FULFILMENTS} fulfilPayment at once`,
          "paid",
          "receipt numbers",
          "first – last",
          "receipt e-mails",
          "total ms",
          "ms per payment",
          "each p50 ms",
          "each max ms",
        ],
        measured.map(([label, figures]) => fulfilmentRow(label, figures)),
      ),
    );
    const failures = measured.flatMap(([, figures]) => figures.failures);
    if (failures.length > 0) console.log(`\nFailed fulfilments: ${[...new Set(failures)].join("; ")}`);
    if (noPostgres) console.log(`\nPostgreSQL: not measured (${noPostgres}).`);
    console.log(
      "\nEach fulfilment is one transaction that takes the next number from document_counters and holds" +
        "\nits row locked until commit, the PDF drawn meanwhile: the fulfilments queue for the counter." +
        "\n`each` is from the start of all of them to that fulfilment's end. Appointments are booked with" +
        "\nbookAppointment, each customer with billing details, each payment a sandbox Stripe checkout row.",
    );
  },
};
