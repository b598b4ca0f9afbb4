import { describePlan, findPlan, type PlanSlug } from "~/content/plans";
import { site } from "~/content/site";
import type { EmailMessage } from "~/features/email/outbox.server";
import type { AgencyContact } from "~/lib/agency-contact";
import { renderEmail } from "./render";

/**
 * An inquiry as the contact feature has checked it, in plain values: the contact feature sends
 * these e-mails, so its types cannot be named here (e-mail sits below it in the feature order).
 */
interface InquiryFacts {
  name: string;
  email: string;
  businessType: string;
  otherBusiness: string;
  requiredServices: readonly string[];
  industry: string;
  otherIndustry: string;
  timezone: string;
  message: string;
  /** The plan chosen on the pricing page; absent or null when none was. */
  plan?: PlanSlug | null;
}

function withOther(choice: string, other: string): string {
  return choice === "Other" && other ? `Other: ${other}` : choice;
}

/** "Plan: Growth (60 hours for $1,080 a month)", only when the sender chose one. */
function planLine(slug: PlanSlug | null | undefined): string[] {
  const plan = findPlan(slug);
  return plan ? [`Plan: ${describePlan(plan)}`] : [];
}

/** To the agency: every field of a new inquiry; a reply goes to the sender. */
export function inquiryNotificationEmail(data: {
  agencyEmail: string;
  inquiry: InquiryFacts;
  /** The number as people write it, with its country: "+44 20 7946 0958 (United Kingdom)". */
  phone: string;
  /** When the sender would like the call, described; absent when not given. */
  preferredCallTime?: string;
  reference: string;
  receivedAt: Date;
}): EmailMessage {
  const { inquiry } = data;
  return {
    kind: "contact-inquiry",
    to: data.agencyEmail,
    replyTo: inquiry.email,
    ...renderEmail({
      subject: `New inquiry from ${inquiry.name}`,
      paragraphs: [
        ["A new inquiry arrived through the contact form. Reply to this e-mail to answer the sender."],
        [
          `Name: ${inquiry.name}`,
          `Email: ${inquiry.email}`,
          `Phone: ${data.phone}`,
          `Business type: ${withOther(inquiry.businessType, inquiry.otherBusiness)}`,
          `Required services: ${inquiry.requiredServices.join(", ")}`,
          ...planLine(inquiry.plan),
          `Industry: ${withOther(inquiry.industry, inquiry.otherIndustry)}`,
          `Timezone: ${inquiry.timezone}`,
          `Preferred call time: ${data.preferredCallTime ?? "not given"}`,
        ],
        ["Message:", inquiry.message || "(no message)"],
        [`Received ${data.receivedAt.toISOString()}, reference ${data.reference}.`],
      ],
    }),
  };
}

/**
 * The sender's copy. It repeats only choices from our own lists, never the free text (not even the
 * name), so the form cannot be used to mail someone else a message of the sender's making.
 */
export function inquiryAcknowledgementEmail(data: {
  agencyEmail: string;
  /** How the sender can reach us, as the site shows it (the settings). */
  contact: Pick<AgencyContact, "email" | "phone">;
  inquiry: Pick<InquiryFacts, "email" | "requiredServices">;
  preferredCallTime?: string;
}): EmailMessage {
  const { inquiry, preferredCallTime } = data;
  return {
    kind: "contact-acknowledgement",
    to: inquiry.email,
    replyTo: data.agencyEmail,
    ...renderEmail({
      subject: `We received your inquiry | ${site.name}`,
      paragraphs: [
        ["Hello,"],
        [
          `Thank you for contacting ${site.name}. We have received your request for a free consultation about: ${inquiry.requiredServices.join(", ")}.`,
        ],
        ...(preferredCallTime
          ? [
              [
                `You asked for a call around ${preferredCallTime}. We will confirm the time with you by e-mail.`,
              ],
            ]
          : []),
        ["A member of our team will reply within one business day (Monday to Friday)."],
        ["If you did not send this request, you can ignore this e-mail."],
        [site.name, `${data.contact.email} | ${data.contact.phone}`],
      ],
    }),
  };
}
