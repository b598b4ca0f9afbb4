import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import type { Database } from "~/infra/db.server";
import type { Environment } from "~/infra/env.server";
import { consumeRateLimit } from "~/infra/rate-limit.server";
import { describeWallClock } from "~/lib/dates";
import { rejectFilledHoneypot } from "~/lib/honeypot";
import { inquiries } from "../../../db/schema";
import { enqueueEmail } from "../email/outbox.server";
import { inquiryAcknowledgementEmail, inquiryNotificationEmail } from "../email/templates/contact-emails";
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
  rejectFilledHoneypot(input);
  const inquiry = parseInquiry(input, context.now);

  return db.transaction(async (transaction) => {
    const [row] = await transaction
      .insert(inquiries)
      .values({ ...inquiry, ...(context.now ? { createdAt: context.now } : {}) })
      .returning({ id: inquiries.id, createdAt: inquiries.createdAt });
    const stored = row!;
    const preferredCallTime = describePreferredCallTime(inquiry);
    await enqueueEmail(
      transaction,
      inquiryNotificationEmail({
        agencyEmail: context.agencyEmail,
        inquiry,
        phone: phoneLine(inquiry),
        preferredCallTime,
        reference: stored.id,
        receivedAt: stored.createdAt,
      }),
    );
    await enqueueEmail(
      transaction,
      inquiryAcknowledgementEmail({ agencyEmail: context.agencyEmail, inquiry, preferredCallTime }),
    );
    return { id: stored.id };
  });
}

function phoneLine(inquiry: ValidInquiry): string {
  const international = parsePhoneNumberFromString(inquiry.phone)?.formatInternational() ?? inquiry.phone;
  return `${international} (${countryName(inquiry.phoneCountry)})`;
}

/** "Tuesday, May 4, 2027 at 2:30 PM (EST)": the sender's own clock and the zone they chose. */
export function describePreferredCallTime(
  inquiry: Pick<ValidInquiry, "preferredCallTime" | "timezone">,
): string | undefined {
  if (!inquiry.preferredCallTime) return undefined;
  const zone = inquiry.timezone === "Other" ? "their own time zone" : inquiry.timezone;
  return `${describeWallClock(inquiry.preferredCallTime)} (${zone})`;
}
