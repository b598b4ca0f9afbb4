import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Font } from "fontkit";
import * as fontkit from "fontkit";
import PDFDocument from "pdfkit";
import { documentTitles } from "~/lib/document-paths";
import { formatMoney } from "~/lib/money";
import {
  agencyLines,
  customerLines,
  type DocumentContents,
  headerLines,
  itemDescription,
  paymentLines,
  totalLine,
} from "./document-contents";

// DejaVu covers Latin, Greek and Cyrillic names; the PDF embeds the glyphs it uses (a subset), so
// it reads the same on any machine, and pdfkit's ToUnicode map keeps every word selectable. Each
// face is parsed once per process: parsing it for every document cost most of a document's time.
const fonts = (() => {
  const resolve = createRequire(import.meta.url).resolve;
  let loaded: { regular: Font; bold: Font } | undefined;
  const open = (file: string) =>
    fontkit.create(readFileSync(resolve(`dejavu-fonts-ttf/ttf/${file}`))) as Font;
  return () => {
    loaded ??= { regular: open("DejaVuSans.ttf"), bold: open("DejaVuSans-Bold.ttf") };
    return loaded;
  };
})();

const MARGIN = 56;
const INK = "#1f2937";
const MUTED = "#4b5563";
const PRIMARY = "#5b21b6";

/**
 * Draws a receipt or credit note. The same contents give the same bytes (the creation date is the
 * date of issue, and pdfkit derives the file id from it), so a download today matches the copy
 * attached to the e-mail.
 */
export function renderDocumentPdf(contents: DocumentContents): Promise<Buffer> {
  const title = documentTitles[contents.kind];
  const issuedAt = new Date(contents.issuedAt);
  const { regular, bold } = fonts();
  // pdfkit takes a parsed fontkit font as well as a file; its types know only the file.
  const face = (font: Font) => font as unknown as PDFKit.Mixins.PDFFontSource;
  const document = new PDFDocument({
    // Our own face from the start, so pdfkit never loads its default Helvetica metrics.
    font: face(regular) as unknown as string,
    size: contents.paper,
    margin: MARGIN,
    lang: "en",
    tagged: true,
    displayTitle: true,
    info: {
      Title: `${title} ${contents.number}`,
      Author: contents.agency.legalName,
      Subject: itemDescription(contents),
      CreationDate: issuedAt,
      ModDate: issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    document.on("data", (chunk: Buffer) => chunks.push(chunk));
    document.on("end", () => resolve(Buffer.concat(chunks)));
    document.on("error", reject);
  });
  document.registerFont("body", face(regular));
  document.registerFont("bold", face(bold));

  const width = document.page.width - 2 * MARGIN;
  const top = document.y;
  const [agencyName, ...agencyRest] = agencyLines(contents);
  document
    .font("bold")
    .fontSize(14)
    .fillColor(INK)
    .text(agencyName ?? "", MARGIN, top, { width: width * 0.6 });
  document.font("body").fontSize(9).fillColor(MUTED);
  for (const line of agencyRest) document.text(line, { width: width * 0.6 });
  const agencyBottom = document.y;

  document.font("bold").fontSize(20).fillColor(PRIMARY).text(title, MARGIN, top, { width, align: "right" });
  document.font("body").fontSize(10).fillColor(INK);
  for (const line of headerLines(contents)) document.text(line, { width, align: "right" });
  document.y = Math.max(agencyBottom, document.y) + 28;

  section(document, contents.kind === "receipt" ? "Billed to" : "Credited to", customerLines(contents));

  // The single line item, with its amount on the right.
  const rowTop = document.y + 8;
  document.font("bold").fontSize(9).fillColor(MUTED);
  document.text("Description", MARGIN, rowTop, { width: width - 110 });
  document.text("Amount", MARGIN, rowTop, { width, align: "right" });
  rule(document, document.y + 4, width);
  const itemTop = document.y + 10;
  document.font("body").fontSize(10).fillColor(INK);
  document.text(itemDescription(contents), MARGIN, itemTop, { width: width - 120 });
  const itemBottom = document.y;
  // A credit note's title and total say the money went back; its amounts are written as paid.
  document.text(formatMoney(contents.amountCents, contents.currency), MARGIN, itemTop, {
    width,
    align: "right",
  });
  document.y = itemBottom;
  rule(document, document.y + 8, width);
  document.font("bold").fontSize(12).fillColor(INK);
  document.text(totalLine(contents), MARGIN, document.y + 16, { width, align: "right" });
  document.moveDown(1.5);

  section(document, "Payment", paymentLines(contents));
  document.moveDown(2);
  document.font("body").fontSize(8).fillColor(MUTED);
  document.text(
    `${contents.agency.legalName} · ${contents.agency.email} · Appointment ${contents.appointment.id}`,
    MARGIN,
    document.y,
    { width },
  );
  document.end();
  return finished;
}

function section(document: PDFKit.PDFDocument, heading: string, lines: string[]): void {
  document.font("bold").fontSize(9).fillColor(MUTED).text(heading.toUpperCase(), MARGIN, document.y, {
    characterSpacing: 0.5,
  });
  document.moveDown(0.3);
  document.font("body").fontSize(10).fillColor(INK);
  for (const line of lines) document.text(line);
  document.moveDown(1);
}

function rule(document: PDFKit.PDFDocument, y: number, width: number): void {
  document
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + width, y)
    .lineWidth(0.5)
    .strokeColor("#d1d5db")
    .stroke();
  document.y = y;
}
