import { DateTime } from "luxon";
import { z } from "zod";
import type { Database } from "~/infra/db.server";
import { csvLine } from "~/lib/csv";
import { documentTitles } from "~/lib/document-paths";
import { parseInput } from "~/lib/errors";
import { documentsIssuedBetween } from "./receipts.server";

const isoDay = z
  .string({ error: "Please give the period's first and last day as dates, e.g. 2026-11-01." })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Please give the period's first and last day as dates, e.g. 2026-11-01.");

/** A period of whole days in the agency's zone, at most a few years (an accountant's year or quarter). */
const documentPeriodSchema = z
  .object({ from: isoDay, to: isoDay })
  .refine((period) => period.from <= period.to, {
    message: "The period's first day must come before its last day.",
    path: ["to"],
  });

const CSV_HEADER = [
  "Number",
  "Type",
  "Issued (agency time)",
  "Corrects",
  "Customer",
  "Company",
  "Country",
  "Customer tax ID",
  "Customer e-mail",
  "Consultant",
  "Appointment (agency time)",
  "Amount",
  "Currency",
  "Provider",
  "Payment reference",
  "Refund reference",
  "Test payment",
] as const;

/** The period asked for, or this month so far when none is. */
function periodOf(input: unknown, zone: string, now: Date): { from: string; to: string } {
  const asked = (input ?? {}) as Record<string, unknown>;
  const today = DateTime.fromJSDate(now, { zone });
  return parseInput(documentPeriodSchema, {
    from: asked.from || today.startOf("month").toISODate(),
    to: asked.to || today.toISODate(),
  });
}

function issuedIn(db: Database, encryptionKey: Buffer, period: { from: string; to: string }, zone: string) {
  const from = DateTime.fromISO(period.from, { zone }).startOf("day");
  const to = DateTime.fromISO(period.to, { zone }).plus({ days: 1 }).startOf("day");
  return documentsIssuedBetween(db, encryptionKey, { from: from.toJSDate(), to: to.toJSDate() });
}

/** A period's documents as staff's list shows them: each with its customer and what it says. */
export async function staffDocumentList(
  db: Database,
  encryptionKey: Buffer,
  input: unknown,
  settings: { zone: string; now: Date },
) {
  const period = periodOf(input, settings.zone, settings.now);
  const documents = await issuedIn(db, encryptionKey, period, settings.zone);
  return {
    period,
    documents: documents.map(({ receipt, contents }) => ({
      id: receipt.id,
      number: receipt.number,
      kind: receipt.kind,
      appointmentId: receipt.appointmentId,
      issuedAt: receipt.issuedAt,
      customer: contents.customer.name || contents.customer.accountName,
      company: contents.customer.company,
      customerEmail: contents.customer.email,
      consultant: contents.consultant.name,
      amountCents: receipt.kind === "credit_note" ? -receipt.amountCents : receipt.amountCents,
      currency: receipt.currency,
      corrects: contents.corrects?.number ?? null,
    })),
  };
}

/**
 * The receipts and credit notes issued in a period as CSV for the accountant, one line each in
 * number order; a credit note's amount is negative, so the column sums to what was kept.
 */
export async function documentsCsv(
  db: Database,
  encryptionKey: Buffer,
  input: unknown,
  settings: { zone: string; now: Date },
): Promise<{ csv: string; period: { from: string; to: string } }> {
  const { zone } = settings;
  const period = periodOf(input, zone, settings.now);
  const documents = await issuedIn(db, encryptionKey, period, zone);
  const inZone = (iso: string) => DateTime.fromISO(iso, { zone }).toFormat("yyyy-MM-dd HH:mm");
  const lines = [csvLine(CSV_HEADER)];
  for (const { receipt, contents } of documents) {
    const sign = receipt.kind === "credit_note" ? -1 : 1;
    lines.push(
      csvLine([
        receipt.number,
        documentTitles[receipt.kind],
        inZone(contents.issuedAt),
        contents.corrects?.number ?? "",
        contents.customer.name || contents.customer.accountName,
        contents.customer.company,
        contents.customer.country,
        contents.customer.taxId,
        contents.customer.email,
        contents.consultant.name,
        inZone(contents.appointment.startsAt),
        ((sign * receipt.amountCents) / 100).toFixed(2),
        receipt.currency.toUpperCase(),
        contents.payment.provider,
        contents.payment.reference,
        contents.refund?.reference ?? "",
        contents.payment.mode === "sandbox" ? "yes" : "no",
      ]),
    );
  }
  return { csv: lines.join(""), period };
}
