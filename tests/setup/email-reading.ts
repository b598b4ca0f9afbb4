import { expect } from "vitest";
import type { EmailMessage } from "~/features/email/outbox.server";

const entities: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
};

/** What a person reads of an HTML part: the words, with a line break where a paragraph or <br> is. */
export function readHtml(html: string): string {
  return html
    .replace(/<head>[\s\S]*<\/head>/, "")
    .replace(/<br>/g, "\n")
    .replace(/<\/p>\s*/g, "\n\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => entities[entity]!)
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** The links of an HTML part, as their addresses. */
export function linksOf(html: string): string[] {
  return [...html.matchAll(/<a href="([^"]*)"/g)].map((match) => match[1]!.replace(/&amp;/g, "&"));
}

/**
 * Checks that both parts of a message say each sentence (the text part as written, the HTML part
 * as a reader sees it), so a customer reads the same whichever part their client shows.
 */
export function expectBothPartsToSay(message: EmailMessage, sentences: string[]): void {
  expect(message.html, "the message has an HTML part").toBeDefined();
  const html = readHtml(message.html!);
  for (const sentence of sentences) {
    expect(message.text).toContain(sentence);
    expect(html).toContain(sentence);
  }
  expect(html).toBe(message.text);
}

/** Checks who a message goes to, what it is, its subject, and that both parts say each sentence. */
export function expectMail(
  message: EmailMessage,
  envelope: Pick<EmailMessage, "kind" | "to" | "subject"> &
    Partial<Pick<EmailMessage, "replyTo" | "attachments">>,
  sentences: string[],
): void {
  expect(message).toMatchObject(envelope);
  expectBothPartsToSay(message, sentences);
}
