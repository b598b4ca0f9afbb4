import type { MetaDescriptor } from "react-router";
import { site } from "~/content/site";
import type { AgencyContact } from "./agency-contact";

export interface PageSeo {
  title: string;
  description: string;
  /** Path of the page, e.g. "/services"; the canonical URL is built from the site's public URL. */
  path: string;
  /** The site's public origin, from the root loader. */
  origin: string;
  /** Structured data for search engines (schema.org), one object or several. */
  jsonLd?: object | object[];
  type?: "website" | "article";
  /** A page of one's own account or a step of a flow: search engines are asked not to list it. */
  noindex?: true;
}

/** Title, description, canonical link, Open Graph and JSON-LD for one page. */
export function pageMeta({
  title,
  description,
  path,
  origin,
  jsonLd,
  type = "website",
  noindex,
}: PageSeo): MetaDescriptor[] {
  const url = `${origin}${path}`;
  const fullTitle = path === "/" ? `${site.name} | ${title}` : `${title} | ${site.name}`;
  const descriptors: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: type },
    { property: "og:site_name", content: site.name },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: `${origin}/og-image.png` },
    { name: "twitter:card", content: "summary_large_image" },
  ];
  for (const item of jsonLd === undefined ? [] : Array.isArray(jsonLd) ? jsonLd : [jsonLd]) {
    descriptors.push({ "script:ld+json": item });
  }
  if (noindex) descriptors.push({ name: "robots", content: "noindex" });
  return descriptors;
}

/** The agency for search engines; `contact` (from the settings, through the root loader) adds how to reach it. */
export function organizationJsonLd(origin: string, contact: AgencyContact | undefined) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: site.name,
    url: origin,
    logo: `${origin}/logo.svg`,
    ...(contact
      ? {
          email: contact.email,
          telephone: contact.phone,
          ...(contact.address ? { address: contact.address } : {}),
        }
      : {}),
    slogan: site.tagline,
    ...(contact && contact.social.length > 0 ? { sameAs: contact.social.map((link) => link.href) } : {}),
  };
}

/** The public origin as the root loader gives it to every page's `meta`. */
export function originFrom(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>): string {
  const root = matches.find((match) => match?.id === "root");
  const data = root?.data as { origin?: string } | undefined;
  return data?.origin ?? "";
}
