/** The agency's identity: change it here and every page, e-mail, feed and the assistant follow. */
export const site = {
  name: "VA Hub",
  tagline: "Your Hub for Reliable Virtual Assistance",
  description:
    "A virtual-assistant agency for business owners: administrative support, digital marketing, bookkeeping, project management and business data analysis.",
  email: "hello@example.com",
  phone: "+1 (555) 010-0199",
  phoneHref: "tel:+15550100199",
  foundedYear: 2025,
  social: [
    { network: "Facebook", href: "https://www.facebook.com/" },
    { network: "Instagram", href: "https://www.instagram.com/" },
    { network: "LinkedIn", href: "https://www.linkedin.com/" },
    { network: "X", href: "https://x.com/" },
    { network: "YouTube", href: "https://www.youtube.com/" },
  ],
} as const;

export type SocialNetwork = (typeof site.social)[number]["network"];
