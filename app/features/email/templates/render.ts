import { site } from "~/content/site";

/** A link, shown as its address in the text part and as a link in the HTML part. */
export interface EmailLink {
  href: string;
}

/** One line of a paragraph: words, or a link. A line may hold line breaks of its own (a sender's message). */
type EmailLine = string | EmailLink;

/** Lines shown one under another; paragraphs are set apart by a blank line. */
export type EmailParagraph = readonly EmailLine[];

/** What a template writes; the text and the HTML part are both made from it, so they say the same. */
export interface EmailContent {
  subject: string;
  paragraphs: readonly EmailParagraph[];
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export function greeting(name: string): EmailParagraph {
  return [`Hello ${name},`];
}

export const signature: EmailParagraph = [site.name];

export function link(href: string): EmailLink {
  return { href };
}

function lineText(line: EmailLine): string {
  return typeof line === "string" ? line : line.href;
}

const escapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => escapes[character]!);
}

const linkStyle = "color:#6d28d9;text-decoration:underline;word-break:break-all";

function lineHtml(line: EmailLine): string {
  if (typeof line !== "string") {
    const href = escapeHtml(line.href);
    return `<a href="${href}" style="${linkStyle}">${href}</a>`;
  }
  return escapeHtml(line).replace(/\r?\n/g, "<br>");
}

/** The plain-text part: what every mail client can show, and what the tests read. */
export function emailText(content: EmailContent): string {
  return content.paragraphs.map((paragraph) => paragraph.map(lineText).join("\n")).join("\n\n");
}

/** A simple, inline-styled HTML part (mail clients drop style sheets); every value is escaped. */
export function emailHtml(content: EmailContent): string {
  const paragraphs = content.paragraphs
    .map((paragraph) => `<p style="margin:0 0 16px">${paragraph.map(lineHtml).join("<br>")}</p>`)
    .join("\n");
  return [
    "<!doctype html>",
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(content.subject)}</title></head>`,
    '<body style="margin:0;padding:24px 12px;background:#f5f3ff">',
    '<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border-radius:12px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#111827">',
    paragraphs,
    "</div>",
    "</body>",
    "</html>",
  ].join("\n");
}

export function renderEmail(content: EmailContent): RenderedEmail {
  return { subject: content.subject, text: emailText(content), html: emailHtml(content) };
}
