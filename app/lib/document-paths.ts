/** Where a receipt or credit note is downloaded: the customer's address, or staff's under /admin. */
const documentFiles = { receipt: "receipt.pdf", credit_note: "credit-note.pdf" } as const;

export type DocumentKind = keyof typeof documentFiles;

/** How a document names itself, on its first page and in every list. */
export const documentTitles: Record<DocumentKind, string> = {
  receipt: "Receipt",
  credit_note: "Credit note",
};

export function documentPath(
  document: { appointmentId: string; kind: DocumentKind },
  area: "customer" | "staff" = "customer",
): string {
  const base = area === "staff" ? "/admin/appointments" : "/my-appointments";
  return `${base}/${document.appointmentId}/${documentFiles[document.kind]}`;
}

/** The kind a file name in such an address asks for, or undefined for any other name. */
export function documentKindOfFile(fileName: string | undefined): DocumentKind | undefined {
  return (Object.keys(documentFiles) as DocumentKind[]).find((kind) => documentFiles[kind] === fileName);
}
