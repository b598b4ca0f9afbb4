/**
 * The agency's identity: change it here and every page, e-mail, feed and the assistant follow. Its
 * contact details (e-mail, phone, address, social links) are settings, not content: see
 * `contact` in app/infra/env.server.ts.
 */
export const site = {
  name: "VA Hub",
  tagline: "Your Hub for Reliable Virtual Assistance",
  description:
    "A virtual-assistant agency for business owners: administrative support, digital marketing, bookkeeping, project management and business data analysis.",
  foundedYear: 2025,
} as const;
