import { site } from "~/content/site";
import type { EmailMessage } from "~/features/email/outbox.server";
import { greeting, link, renderEmail, signature } from "./render";

interface KycDecisionData {
  customer: { name: string; email: string };
  /** The site's address, for the link back to the customer's profile or onboarding. */
  publicUrl: string;
}

/** To the customer when staff approve their identity details. */
export function kycApprovedEmail(data: KycDecisionData): EmailMessage {
  return {
    kind: "kyc-approved",
    to: data.customer.email,
    ...renderEmail({
      subject: `Your identity is verified | ${site.name}`,
      paragraphs: [
        greeting(data.customer.name),
        ["We checked the details you sent and your identity is now verified. There is nothing more to do."],
        ["You can see the status on your profile:", link(`${data.publicUrl}/my-profile`)],
        signature,
      ],
    }),
  };
}

/** To the customer when staff reject their identity details: why, and how to send them again. */
export function kycRejectedEmail(data: KycDecisionData & { reason: string }): EmailMessage {
  return {
    kind: "kyc-rejected",
    to: data.customer.email,
    ...renderEmail({
      subject: `Please check your identity details | ${site.name}`,
      paragraphs: [
        greeting(data.customer.name),
        ["We could not verify your identity with the details you sent, for this reason:", data.reason],
        ["Please correct them and send them again here:", link(`${data.publicUrl}/onboarding`)],
        signature,
      ],
    }),
  };
}
