import { type Receipt, type ReceiptKind, receipts } from "@db/receipt-schema";
import {
  type Appointment,
  appointments,
  type EmailAttachment,
  type Payment,
  payments,
  users,
} from "@db/schema";
import { and, asc, desc, eq, gte, inArray, lt, notExists, or } from "drizzle-orm";
import { SLOT_MINUTES } from "~/features/slot-grid/slots";
import type { Database, Transaction } from "~/infra/db.server";
import { decryptText, encryptText } from "~/infra/encryption.server";
import { consumeRateLimit } from "~/infra/rate-limit.server";
import type { ReceiptSettings } from "~/infra/receipt-settings.server";
import { calendarDayIn } from "~/lib/dates";
import { FeatureError, isUniqueViolation } from "~/lib/errors";
import { isUuid } from "~/lib/record-id";
import { findBillingDetails } from "./billing.server";
import type { DocumentContents } from "./document-contents";
import { renderDocumentPdf } from "./document-pdf.server";
import { seriesOf, takeDocumentNumber } from "./numbering.server";

/** A document just issued, with its PDF ready to attach to the e-mail that announces it. */
export interface IssuedDocument {
  receipt: Receipt;
  attachment: EmailAttachment;
}

const DOCUMENT_NOT_FOUND = "We could not find that document.";

/** The receipt for a payment just fulfilled. Call it in the fulfilment's transaction. */
export async function issueReceipt(
  transaction: Transaction,
  settings: ReceiptSettings,
  paid: { appointment: Appointment; payment: Payment; now: Date },
): Promise<IssuedDocument> {
  const { appointment, payment, now } = paid;
  return issue(transaction, settings, {
    kind: "receipt",
    appointment,
    payment,
    now,
    contents: {},
  });
}

/**
 * The credit note for a refund, in the transaction that records it. A payment fulfilled before
 * receipts existed gets its receipt first, so the credit note always has one to correct.
 */
export async function issueCreditNote(
  transaction: Transaction,
  settings: ReceiptSettings,
  refunded: { appointment: Appointment; payment: Payment; refundReference: string; now: Date },
): Promise<IssuedDocument> {
  const { appointment, payment, now } = refunded;
  const [existing] = await transaction
    .select()
    .from(receipts)
    .where(and(eq(receipts.paymentId, payment.id), eq(receipts.kind, "receipt")));
  const corrected =
    existing ?? (await issueReceipt(transaction, settings, { appointment, payment, now })).receipt;
  return issue(transaction, settings, {
    kind: "credit_note",
    appointment,
    payment,
    now,
    correctsReceiptId: corrected.id,
    contents: {
      refund: { reference: refunded.refundReference, refundedAt: (payment.refundedAt ?? now).toISOString() },
      corrects: { number: corrected.number, issuedAt: corrected.issuedAt.toISOString() },
    },
  });
}

async function issue(
  transaction: Transaction,
  settings: ReceiptSettings,
  document: {
    kind: ReceiptKind;
    appointment: Appointment;
    payment: Payment;
    now: Date;
    correctsReceiptId?: string;
    contents: Pick<DocumentContents, "refund" | "corrects">;
  },
): Promise<IssuedDocument> {
  const { kind, appointment, payment, now } = document;
  const [customer] = await transaction
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, appointment.userId));
  if (!customer) throw new Error(`appointment ${appointment.id} has no customer`);
  const billing = await findBillingDetails(transaction, settings.encryptionKey, appointment.userId);
  const year = Number(calendarDayIn(now, settings.zone).slice(0, 4));
  // Last before writing, so the counter's lock is held as briefly as this transaction allows.
  const { series, sequence, number } = await takeDocumentNumber(
    transaction,
    seriesOf(kind, settings.prefix),
    year,
  );
  const contents: DocumentContents = {
    layout: 1,
    kind,
    number,
    issuedAt: now.toISOString(),
    paper: settings.paper,
    zone: settings.zone,
    agency: settings.agency,
    customer: { ...billing, accountName: customer.name, email: customer.email },
    consultant: {
      name: appointment.consultantSnapshot.name,
      speciality: appointment.consultantSnapshot.speciality,
    },
    appointment: { id: appointment.id, startsAt: appointment.startsAt.toISOString(), minutes: SLOT_MINUTES },
    amountCents: payment.amountCents,
    currency: payment.currency,
    payment: {
      provider: payment.provider,
      mode: payment.mode,
      reference: payment.providerPaymentId ?? payment.providerReference,
      paidAt: (payment.paidAt ?? now).toISOString(),
    },
    ...document.contents,
  };
  const [receipt] = await transaction
    .insert(receipts)
    .values({
      kind,
      number,
      series,
      year,
      sequence,
      paymentId: payment.id,
      appointmentId: appointment.id,
      userId: appointment.userId,
      correctsReceiptId: document.correctsReceiptId ?? null,
      amountCents: payment.amountCents,
      currency: payment.currency,
      issuedAt: now,
      sealedContents: encryptText(settings.encryptionKey, JSON.stringify(contents)),
    })
    .returning();
  const pdf = await renderDocumentPdf(contents);
  return {
    receipt: receipt!,
    attachment: {
      filename: documentFileName(contents),
      contentType: "application/pdf",
      content: pdf.toString("base64"),
      encoding: "base64",
    },
  };
}

function documentFileName(contents: Pick<DocumentContents, "number">): string {
  return `${contents.number}.pdf`;
}

/** One document as lists show it. */
export interface DocumentSummary {
  id: string;
  number: string;
  kind: ReceiptKind;
  appointmentId: string;
  amountCents: number;
  currency: string;
  issuedAt: Date;
}

const summaryColumns = {
  id: receipts.id,
  number: receipts.number,
  kind: receipts.kind,
  appointmentId: receipts.appointmentId,
  amountCents: receipts.amountCents,
  currency: receipts.currency,
  issuedAt: receipts.issuedAt,
};

/** A customer's receipts and credit notes, newest first. */
export function listDocumentsOfCustomer(db: Database, userId: string): Promise<DocumentSummary[]> {
  return db
    .select(summaryColumns)
    .from(receipts)
    .where(eq(receipts.userId, userId))
    .orderBy(desc(receipts.issuedAt), desc(receipts.sequence));
}

/** The documents of one appointment, oldest first (the receipt, then any credit note). */
export function listDocumentsOfAppointment(db: Database, appointmentId: string): Promise<DocumentSummary[]> {
  return db
    .select(summaryColumns)
    .from(receipts)
    .where(eq(receipts.appointmentId, appointmentId))
    .orderBy(asc(receipts.issuedAt), asc(receipts.kind));
}

/** Downloads a minute per person: far more than anyone reads, few enough that drawing PDFs cannot be used to load the server. */
const DOWNLOADS_PER_MINUTE = 60;

/**
 * An appointment's receipt or credit note as a PDF, for its customer (`customerId`) or for staff
 * (`customerId` omitted); `requesterId` is who asks, for the download limit. Anyone else's, or one
 * not issued, is not found: a 404 tells a stranger nothing about whether it exists.
 */
export async function documentPdf(
  db: Database,
  encryptionKey: Buffer,
  request: { appointmentId: string; kind: ReceiptKind; requesterId: string; customerId?: string },
): Promise<{ fileName: string; pdf: Buffer }> {
  await consumeRateLimit(db, {
    key: `documents:user:${request.requesterId}`,
    limit: DOWNLOADS_PER_MINUTE,
    windowSeconds: 60,
  });
  if (!isUuid(request.appointmentId)) throw new FeatureError("not-found", DOCUMENT_NOT_FOUND);
  const [row] = await db
    .select({ userId: receipts.userId, sealedContents: receipts.sealedContents })
    .from(receipts)
    .where(and(eq(receipts.appointmentId, request.appointmentId), eq(receipts.kind, request.kind)))
    .orderBy(desc(receipts.issuedAt))
    .limit(1);
  if (!row || (request.customerId !== undefined && row.userId !== request.customerId)) {
    throw new FeatureError("not-found", DOCUMENT_NOT_FOUND);
  }
  const contents = JSON.parse(decryptText(encryptionKey, row.sealedContents)) as DocumentContents;
  return { fileName: documentFileName(contents), pdf: await renderDocumentPdf(contents) };
}

/** Every document issued in `[from, to)`, with what it says, in number order per series. */
export async function documentsIssuedBetween(
  db: Database,
  encryptionKey: Buffer,
  period: { from: Date; to: Date },
): Promise<Array<{ receipt: Receipt; contents: DocumentContents }>> {
  const rows = await db
    .select()
    .from(receipts)
    .where(and(gte(receipts.issuedAt, period.from), lt(receipts.issuedAt, period.to)))
    .orderBy(asc(receipts.series), asc(receipts.year), asc(receipts.sequence));
  return rows.map((receipt) => ({
    receipt,
    contents: JSON.parse(decryptText(encryptionKey, receipt.sealedContents)) as DocumentContents,
  }));
}

/**
 * Receipts and credit notes for payments settled before documents were issued (an installation
 * older than them): each in its own transaction, dated now, without e-mail. Safe in every process
 * at once: the (payment, kind) unique index turns a second issue into a rolled-back no-op.
 */
export async function issueMissingDocuments(
  db: Database,
  settings: ReceiptSettings,
  now = new Date(),
): Promise<number> {
  const missing = await db
    .select({ payment: payments, appointment: appointments })
    .from(payments)
    .innerJoin(appointments, eq(appointments.id, payments.appointmentId))
    .where(
      and(
        inArray(payments.status, ["paid", "refunded"]),
        or(
          notExists(
            db
              .select({ id: receipts.id })
              .from(receipts)
              .where(and(eq(receipts.paymentId, payments.id), eq(receipts.kind, "receipt"))),
          ),
          and(
            eq(payments.status, "refunded"),
            notExists(
              db
                .select({ id: receipts.id })
                .from(receipts)
                .where(and(eq(receipts.paymentId, payments.id), eq(receipts.kind, "credit_note"))),
            ),
          ),
        ),
      ),
    )
    .orderBy(asc(payments.paidAt));
  let issued = 0;
  for (const { payment, appointment } of missing) {
    try {
      await db.transaction(async (transaction) => {
        if (payment.status === "refunded") {
          await issueCreditNote(transaction, settings, {
            appointment,
            payment,
            refundReference: payment.refundReference ?? "",
            now,
          });
        } else {
          await issueReceipt(transaction, settings, { appointment, payment, now });
        }
      });
      issued += 1;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return issued;
}
