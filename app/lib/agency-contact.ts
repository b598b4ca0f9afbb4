/**
 * The agency's contact details as the site shows them (header, footer, contact page, e-mails,
 * structured data, the assistant). They come from the settings (AGENCY_EMAIL, AGENCY_PHONE,
 * AGENCY_ADDRESS, SOCIAL_*_URL, read in app/infra/env.server.ts) and reach pages through the root
 * loader; nothing here holds the values themselves.
 */

/** The networks the footer has a mark for, in the order it shows them. */
export const socialNetworks = ["Facebook", "Instagram", "LinkedIn", "X", "YouTube"] as const;

export type SocialNetwork = (typeof socialNetworks)[number];

interface SocialLink {
  network: SocialNetwork;
  href: string;
}

export interface AgencyContact {
  email: string;
  /** As people read it: "+1 (555) 010-0199". */
  phone: string;
  /** The same number for a link: "tel:+15550100199". */
  phoneHref: string;
  /** One postal address line; empty when the agency shows none. */
  address: string;
  /** Only the networks the agency is on. */
  social: SocialLink[];
}

/** Digits a phone number must hold at least (a short extension alone is not one). */
const MIN_PHONE_DIGITS = 5;

/** Why a phone setting is not a number a `tel:` link can dial; undefined when it is fine. */
export function phoneProblem(phone: string): string | undefined {
  if (!/^\+?[\d\s().-]+$/.test(phone)) {
    return 'must be a phone number of digits, spaces and "+ ( ) - ." such as +1 (555) 010-0199';
  }
  if (phone.replace(/\D/g, "").length < MIN_PHONE_DIGITS) {
    return `must hold at least ${MIN_PHONE_DIGITS} digits`;
  }
  return undefined;
}

/** "+1 (555) 010-0199" → "tel:+15550100199": the digits, with a leading + kept. */
export function phoneHrefOf(phone: string): string {
  const trimmed = phone.trim();
  return `tel:${trimmed.startsWith("+") ? "+" : ""}${trimmed.replace(/\D/g, "")}`;
}

/** The contact as the root loader gives it to every page's `meta`; undefined when it did not run. */
export function contactFrom(
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>,
): AgencyContact | undefined {
  const root = matches.find((match) => match?.id === "root");
  return (root?.data as { contact?: AgencyContact } | undefined)?.contact;
}
