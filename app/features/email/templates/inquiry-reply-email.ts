import { site } from "~/content/site";
import type { EmailMessage } from "~/features/email/outbox.server";
import { greeting, renderEmail, signature } from "./render";

/**
 * Staff's answer to a contact inquiry, as they wrote it; the sender's reply comes back to the
 * agency's mailbox.
 */
export function inquiryReplyEmail(data: {
  agencyEmail: string;
  inquiry: { name: string; email: string };
  /** What the member of staff wrote, line breaks kept. */
  body: string;
}): EmailMessage {
  return {
    kind: "inquiry-reply",
    to: data.inquiry.email,
    replyTo: data.agencyEmail,
    ...renderEmail({
      subject: `Re: your inquiry to ${site.name}`,
      paragraphs: [
        greeting(data.inquiry.name),
        [data.body],
        signature,
        [`You wrote to us through the contact form at ${site.name}. Reply to this e-mail to answer us.`],
      ],
    }),
  };
}
