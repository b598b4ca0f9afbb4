import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { site } from "~/content/site";
import type { Database } from "~/infra/db.server";
import type { Environment } from "~/infra/env.server";
import { consumeRateLimit } from "~/infra/rate-limit.server";
import { FeatureError } from "~/lib/errors";
import { HONEYPOT_FIELD, HONEYPOT_MESSAGE } from "~/lib/honeypot";
import { inquiries } from "../../../db/schema";
import { enqueueEmail } from "../email/outbox.server";
import { parseInquiry, type ValidInquiry } from "./inquiry-schema";
import { countryName } from "./phone-countries.server";

export interface InquiryContext {
  /** The sender's address, for the per-address limit. */
  clientAddress: string;
  perAddressPerMinute: number;
  /** Where the agency reads inquiries (AGENCY_EMAIL). */
  agencyEmail: string;
  now?: Date;
}

/** The parts of a request an inquiry needs, from the request context. */
export function inquiryContextFrom(context: { env: Environment; clientAddress: string }): InquiryContext {
  return {
    clientAddress: context.clientAddress,
    perAddressPerMinute: context.env.RATE_LIMIT_FORMS_PER_MINUTE,
    agencyEmail: context.env.AGENCY_EMAIL,
  };
}

/**
 * Stores a contact inquiry and, in the same transaction, queues the agency's notification (with
 * every field; a reply goes to the sender) and an acknowledgement to the sender. Refused, with
 * nothing stored: past the per-address limit, with the honeypot filled, or when a field is wrong.
 */
export async function submitInquiry(
  db: Database,
  input: unknown,
  context: InquiryContext,
): Promise<{ id: string }> {
  await consumeRateLimit(
    db,
    { key: `contact:ip:${context.clientAddress}`, limit: context.perAddressPerMinute, windowSeconds: 60 },
    context.now,
  );
  if (isHoneypotFilled(input)) throw new FeatureError("invalid", HONEYPOT_MESSAGE);
  const inquiry = parseInquiry(input, context.now);

  return db.transaction(async (transaction) => {
    const [row] = await transaction
      .insert(inquiries)
      .values({ ...inquiry, ...(context.now ? { createdAt: context.now } : {}) })
      .returning({ id: inquiries.id, createdAt: inquiries.createdAt });
    const stored = row!;
    await enqueueEmail(transaction, {
      kind: "contact-inquiry",
      to: context.agencyEmail,
      replyTo: inquiry.email,
      subject: `New inquiry from ${inquiry.name}`,
      text: agencyNotification(inquiry, stored),
    });
    await enqueueEmail(transaction, {
      kind: "contact-acknowledgement",
      to: inquiry.email,
      replyTo: context.agencyEmail,
      subject: `We received your inquiry | ${site.name}`,
      text: acknowledgement(inquiry),
    });
    return { id: stored.id };
  });
}

function isHoneypotFilled(input: unknown): boolean {
  if (typeof input !== "object" || input === null) return false;
  const value = (input as Record<string, unknown>)[HONEYPOT_FIELD];
  return value !== undefined && value !== null && String(value).trim() !== "";
}

function phoneLine(inquiry: ValidInquiry): string {
  const international = parsePhoneNumberFromString(inquiry.phone)?.formatInternational() ?? inquiry.phone;
  return `${international} (${countryName(inquiry.phoneCountry)})`;
}

/** "Tuesday, May 4, 2027 at 2:30 PM (EST)": the sender's own clock and the zone they chose. */
export function describePreferredCallTime(inquiry: Pick<ValidInquiry, "preferredCallTime" | "timezone">) {
  if (!inquiry.preferredCallTime) return undefined;
  const wallClock = new Date(`${inquiry.preferredCallTime.replace(" ", "T")}Z`);
  const text = new Intl.DateTimeFormat("en-US", {
    timeZone: "UTC",
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(wallClock);
  const zone = inquiry.timezone === "Other" ? "their own time zone" : inquiry.timezone;
  return `${text} (${zone})`;
}

function withOther(choice: string, other: string): string {
  return choice === "Other" && other ? `Other: ${other}` : choice;
}

function agencyNotification(inquiry: ValidInquiry, stored: { id: string; createdAt: Date }): string {
  return [
    "A new inquiry arrived through the contact form. Reply to this e-mail to answer the sender.",
    "",
    `Name: ${inquiry.name}`,
    `Email: ${inquiry.email}`,
    `Phone: ${phoneLine(inquiry)}`,
    `Business type: ${withOther(inquiry.businessType, inquiry.otherBusiness)}`,
    `Required services: ${inquiry.requiredServices.join(", ")}`,
    `Industry: ${withOther(inquiry.industry, inquiry.otherIndustry)}`,
    `Timezone: ${inquiry.timezone}`,
    `Preferred call time: ${describePreferredCallTime(inquiry) ?? "not given"}`,
    "",
    "Message:",
    inquiry.message || "(no message)",
    "",
    `Received ${stored.createdAt.toISOString()}, reference ${stored.id}.`,
  ].join("\n");
}

/**
 * The sender's copy. It repeats only choices from our own lists, never the free text, so the form
 * cannot be used to mail someone else a message of the sender's making.
 */
function acknowledgement(inquiry: ValidInquiry): string {
  const callTime = describePreferredCallTime(inquiry);
  return [
    `Hello ${inquiry.name},`,
    "",
    `Thank you for contacting ${site.name}. We have received your request for a free consultation about: ${inquiry.requiredServices.join(", ")}.`,
    ...(callTime
      ? ["", `You asked for a call around ${callTime}. We will confirm the time with you by e-mail.`]
      : []),
    "",
    "A member of our team will reply within one business day (Monday to Friday).",
    "",
    "If you did not send this request, you can ignore this e-mail.",
    "",
    site.name,
    `${site.email} | ${site.phone}`,
  ].join("\n");
}
