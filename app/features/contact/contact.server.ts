import { inquiries } from "@db/schema";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { enqueueEmail } from "~/features/email/outbox.server";
import {
  inquiryAcknowledgementEmail,
  inquiryNotificationEmail,
} from "~/features/email/templates/contact-emails";
import type { Database } from "~/infra/db.server";
import type { Environment } from "~/infra/env.server";
import { consumeRateLimit, type RateLimitRule } from "~/infra/rate-limit.server";
import type { AgencyContact } from "~/lib/agency-contact";
import { describeWallClock } from "~/lib/dates";
import { FeatureError } from "~/lib/errors";
import { formConstraints } from "~/lib/form-constraints";
import { rejectFilledHoneypot } from "~/lib/honeypot";
import { inquirySchema, parseInquiry, type ValidInquiry } from "./inquiry-schema";
import { countryName } from "./phone-countries.server";

/** One inquiry schema for the form's limits: formConstraints reads each schema once. */
let schemaForLimits: ReturnType<typeof inquirySchema> | undefined;

/**
 * The inquiry form's HTML limits. They depend neither on the day nor on the chosen country (what
 * inquirySchema is built per call for), so one schema serves every request.
 */
export function inquiryFieldConstraints() {
  schemaForLimits ??= inquirySchema();
  return formConstraints(schemaForLimits);
}

export interface InquiryContext {
  /** The sender's address, for the per-address limit. */
  clientAddress: string;
  perAddressPerMinute: number;
  /** Where the agency reads inquiries (AGENCY_EMAIL). */
  agencyEmail: string;
  /** The agency's details the sender's copy closes with (the settings' `contact`). */
  contact: Pick<AgencyContact, "email" | "phone">;
  now?: Date;
}

/** The parts of a request an inquiry needs, from the request context. */
export function inquiryContextFrom(context: { env: Environment; clientAddress: string }): InquiryContext {
  return {
    clientAddress: context.clientAddress,
    perAddressPerMinute: context.env.RATE_LIMIT_FORMS_PER_MINUTE,
    agencyEmail: context.env.AGENCY_EMAIL,
    contact: context.env.contact,
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
    // Anyone can type anyone's address: past a few acknowledgements a day, the address gets no more
    // (the inquiry itself still reaches the agency).
    if (await mayAcknowledge(transaction as unknown as Database, inquiry.email, context.now)) {
      await enqueueEmail(
        transaction,
        inquiryAcknowledgementEmail({
          agencyEmail: context.agencyEmail,
          contact: context.contact,
          inquiry,
          preferredCallTime,
        }),
      );
    }
    return { id: stored.id };
  });
}

/** Acknowledgements one e-mail address may receive in a day. */
const ACKNOWLEDGEMENTS_PER_ADDRESS_PER_DAY = 3;

async function mayAcknowledge(db: Database, email: string, now: Date | undefined): Promise<boolean> {
  const rule: RateLimitRule = {
    key: `contact-acknowledgement:${email.toLowerCase()}`,
    limit: ACKNOWLEDGEMENTS_PER_ADDRESS_PER_DAY,
    windowSeconds: 86_400,
  };
  try {
    await consumeRateLimit(db, rule, now);
    return true;
  } catch (error) {
    if (error instanceof FeatureError && error.kind === "rate-limited") return false;
    throw error;
  }
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
