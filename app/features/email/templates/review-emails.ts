import { site } from "~/content/site";
import type { EmailMessage } from "~/features/email/outbox.server";
import { formatDay } from "~/lib/dates";
import { greeting, link, renderEmail, signature } from "./render";

interface ReviewCustomer {
  name: string;
  email: string;
  timeZone: string | null;
}

interface ReviewInvitationData {
  customer: ReviewCustomer;
  consultantName: string;
  /** Where the customer writes the review (their appointment in My Appointments). */
  reviewUrl: string;
  until: Date;
  windowDays: number;
}

/** Once, when an appointment is marked completed: how did it go? */
export function reviewInvitationEmail(data: ReviewInvitationData): EmailMessage {
  const zone = data.customer.timeZone ?? "UTC";
  return {
    kind: "review-invitation",
    to: data.customer.email,
    ...renderEmail({
      subject: `How was your consultation with ${data.consultantName}? | ${site.name}`,
      paragraphs: [
        greeting(data.customer.name),
        [
          `Thank you for meeting ${data.consultantName}. Would you rate the consultation from 1 to 5 stars? A sentence or two helps other business owners choose, and only customers who met a consultant can review them.`,
        ],
        ["Write your review in My Appointments:", link(data.reviewUrl)],
        [
          `You can write it until ${formatDay(data.until, zone)} (${data.windowDays} days after the consultation).`,
        ],
        signature,
      ],
    }),
  };
}

interface ReviewVisibilityData {
  customer: Pick<ReviewCustomer, "name" | "email">;
  consultantName: string;
  hidden: boolean;
  reason: string;
  publicUrl: string;
}

/** To the author when staff hide their review or show it again, with staff's reason. */
export function reviewVisibilityEmail(data: ReviewVisibilityData): EmailMessage {
  return {
    kind: data.hidden ? "review-hidden" : "review-shown",
    to: data.customer.email,
    ...renderEmail({
      subject: data.hidden
        ? `Your review of ${data.consultantName} is hidden | ${site.name}`
        : `Your review of ${data.consultantName} is shown again | ${site.name}`,
      paragraphs: [
        greeting(data.customer.name),
        [
          data.hidden
            ? `We have hidden your review of ${data.consultantName}: it no longer shows on their page or counts in their rating.`
            : `Your review of ${data.consultantName} shows on their page again and counts in their rating.`,
        ],
        ["Our reason:", data.reason],
        [
          "If you have a question, reply to this e-mail. Your appointments:",
          link(`${data.publicUrl}/my-appointments`),
        ],
        signature,
      ],
    }),
  };
}
