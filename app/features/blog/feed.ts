import { escapeXml } from "~/lib/xml";

export interface FeedChannel {
  /** The site's public origin without a trailing slash, e.g. "https://vahub.example". */
  origin: string;
  title: string;
  description: string;
}

export interface FeedItem {
  slug: string;
  title: string;
  description: string;
  /** `YYYY-MM-DD`. */
  date: string;
  author?: string;
}

/** An RSS 2.0 document of the posts (given newest first), with absolute links. */
export function renderRssFeed(channel: FeedChannel, items: readonly FeedItem[]): string {
  const blogUrl = `${channel.origin}/blog`;
  const newest = items[0];
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "  <channel>",
    `    <title>${escapeXml(channel.title)}</title>`,
    `    <link>${escapeXml(blogUrl)}</link>`,
    `    <description>${escapeXml(channel.description)}</description>`,
    "    <language>en-us</language>",
    `    <atom:link href="${escapeXml(`${blogUrl}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
  ];
  if (newest) lines.push(`    <lastBuildDate>${rfc822(newest.date)}</lastBuildDate>`);
  for (const item of items) {
    const link = escapeXml(`${blogUrl}/${item.slug}`);
    lines.push(
      "    <item>",
      `      <title>${escapeXml(item.title)}</title>`,
      `      <link>${link}</link>`,
      `      <guid isPermaLink="true">${link}</guid>`,
      `      <description>${escapeXml(item.description)}</description>`,
      `      <pubDate>${rfc822(item.date)}</pubDate>`,
    );
    // RSS's own <author> must be an e-mail address; a name goes in Dublin Core's creator.
    if (item.author) lines.push(`      <dc:creator>${escapeXml(item.author)}</dc:creator>`);
    lines.push("    </item>");
  }
  lines.push("  </channel>", "</rss>", "");
  return lines.join("\n");
}

/** `YYYY-MM-DD` as an RFC 822 date at midnight UTC, e.g. "Tue, 06 May 2025 00:00:00 GMT". */
function rfc822(day: string): string {
  return new Date(`${day}T00:00:00Z`).toUTCString();
}
