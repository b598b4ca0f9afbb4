import { site } from "~/content/site";
import type { EmailMessage } from "~/features/email/outbox.server";
import { greeting, link, renderEmail, signature } from "./render";

/** The single-use link to choose a new password. */
export function passwordResetEmail(data: {
  customer: { name: string; email: string };
  link: string;
}): EmailMessage {
  return {
    kind: "password-reset",
    to: data.customer.email,
    ...renderEmail({
      subject: `Choose a new password for ${site.name}`,
      paragraphs: [
        greeting(data.customer.name),
        [
          "Someone, hopefully you, asked to reset the password of your account. Choose a new password here:",
          link(data.link),
        ],
        [
          "The link works once and expires in one hour. If you did not ask for it, ignore this e-mail: your password stays as it is.",
        ],
        signature,
      ],
    }),
  };
}
