import { site } from "~/content/site";
import type { EmailMessage } from "~/features/email/outbox.server";
import { greeting, link, renderEmail, signature } from "./render";

/** Staff created an account for someone (staff or a consultant): the link sets its first password. */
export function invitationEmail(data: {
  invitee: { name: string; email: string };
  /** What the account is for, in words, e.g. "a member of the agency's staff" or "a consultant". */
  roleDescription: string;
  invitedBy: string;
  link: string;
}): EmailMessage {
  return {
    kind: "invitation",
    to: data.invitee.email,
    ...renderEmail({
      subject: `You are invited to ${site.name}`,
      paragraphs: [
        greeting(data.invitee.name),
        [
          `${data.invitedBy} has created an account for you at ${site.name} as ${data.roleDescription}, with this e-mail address as its sign-in name.`,
        ],
        ["Set your password here:", link(data.link)],
        [
          "The link works once and expires in seven days. If you were not expecting this invitation, ignore this e-mail: nobody can sign in until a password is set.",
        ],
        signature,
      ],
    }),
  };
}
