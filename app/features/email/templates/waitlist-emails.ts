import { site } from "~/content/site";
import type { EmailMessage } from "~/features/email/outbox.server";
import { describeTimeForCustomer } from "~/lib/dates";
import { greeting, link, renderEmail, signature } from "./render";

interface WaitlistOfferData {
  customer: { name: string; email: string; timeZone: string | null };
  consultantName: string;
  startsAt: Date;
  expiresAt: Date;
  /** The agency's zone, for a customer who set none. */
  zone: string;
  /** Where the customer claims the time (My Appointments; opening it books nothing). */
  claimUrl: string;
}

/** To the first waiting customer when a time of their day frees up: it is theirs to claim until the hold ends. */
export function waitlistOfferEmail(data: WaitlistOfferData): EmailMessage {
  const zones = { customer: data.customer.timeZone, agency: data.zone };
  const when = describeTimeForCustomer(data.startsAt, zones);
  const until = describeTimeForCustomer(data.expiresAt, zones);
  return {
    kind: "waitlist-offer",
    to: data.customer.email,
    ...renderEmail({
      subject: `A time with ${data.consultantName} is free: ${when} | ${site.name}`,
      paragraphs: [
        greeting(data.customer.name),
        [
          `A time you were waiting for has freed up: ${when}, a 30-minute consultation with ${data.consultantName}.`,
        ],
        [
          `We are holding it for you alone until ${until}. After that it goes to the next person on the waitlist, and your place for that day ends.`,
        ],
        ["Claim it in My Appointments:", link(data.claimUrl)],
        ["If it no longer suits you, remove the entry there and it goes to the next person at once."],
        signature,
      ],
    }),
  };
}
