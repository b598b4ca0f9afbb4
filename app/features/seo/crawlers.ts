import { escapeXml } from "~/lib/xml";

export interface SitemapEntry {
  /** Path on the site, starting with "/". */
  path: string;
  /** Day of the last change, `YYYY-MM-DD`, when known. */
  lastModified?: string;
}

/** The sitemap's entries: the listed pages (from the route table), then one per blog post. */
export function sitemapEntries(
  pagePaths: readonly string[],
  posts: ReadonlyArray<{ slug: string; date: string }>,
): SitemapEntry[] {
  return [
    ...pagePaths.map((path) => ({ path })),
    ...posts.map((post) => ({ path: `/blog/${post.slug}`, lastModified: post.date })),
  ];
}

/** A sitemaps.org 0.9 document with absolute addresses under `origin`. */
export function renderSitemap(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastModified = entry.lastModified ? `<lastmod>${escapeXml(entry.lastModified)}</lastmod>` : "";
    return `  <url><loc>${escapeXml(`${origin}${entry.path}`)}</loc>${lastModified}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/** robots.txt: everything may be crawled except the given private areas; names the sitemap. */
export function renderRobots(origin: string, disallowed: readonly string[]): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...disallowed.map((prefix) => `Disallow: ${prefix}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
