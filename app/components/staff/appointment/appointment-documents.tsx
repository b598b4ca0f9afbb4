import { FileText } from "lucide-react";
import { Section } from "./section";

export interface DocumentFacts {
  number: string;
  title: string;
  issued: string;
  amount: string;
  href: string;
}

/** The appointment's receipt and credit note, each opening its PDF. */
export function AppointmentDocuments({ documents }: { documents: DocumentFacts[] }) {
  return (
    <Section title="Receipts" id="documents-heading" className="mt-6">
      {documents.length === 0 ? (
        <p className="text-muted text-sm">No receipt yet: one is issued when the payment arrives.</p>
      ) : (
        <ul className="divide-y divide-gray-100 text-sm">
          {documents.map((document) => (
            <li key={document.number} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <a
                href={document.href}
                className="inline-flex items-center gap-1.5 font-semibold text-brand-700 hover:underline"
              >
                <FileText aria-hidden="true" className="size-4" />
                {document.title} {document.number}
              </a>
              <span className="text-muted">
                issued {document.issued} · <span className="tabular-nums">{document.amount}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
