import { documentCounters, type ReceiptKind } from "@db/receipt-schema";
import { sql } from "drizzle-orm";
import type { Transaction } from "~/infra/db.server";

export interface DocumentNumber {
  series: string;
  year: number;
  sequence: number;
  /** As printed: VA-2026-000042. */
  number: string;
}

/** Credit notes run in a series of their own beside the receipts. */
export function seriesOf(kind: ReceiptKind, prefix: string): string {
  return kind === "receipt" ? prefix : `${prefix}-CN`;
}

/**
 * The next number of a series in a year. Call it in the transaction that issues the document: the
 * counter row stays locked until that transaction ends, so concurrent issues (in any number of
 * processes) queue for it, and a transaction that rolls back gives its number back.
 */
export async function takeDocumentNumber(
  transaction: Transaction,
  series: string,
  year: number,
): Promise<DocumentNumber> {
  const [counter] = await transaction
    .insert(documentCounters)
    .values({ series, year, last: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.series, documentCounters.year],
      set: { last: sql`${documentCounters.last} + 1` },
    })
    .returning({ last: documentCounters.last });
  const sequence = counter!.last;
  return { series, year, sequence, number: `${series}-${year}-${String(sequence).padStart(6, "0")}` };
}
