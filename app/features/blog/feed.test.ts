import { describe, expect, it } from "vitest";
import { renderRssFeed } from "./feed";

const channel = { origin: "https://vahub.example", title: "VA Hub Blog", description: "Tips & notes" };

describe("renderRssFeed", () => {
  it("lists each post with absolute links and RFC 822 dates", () => {
    const xml = renderRssFeed(channel, [
      { slug: "newer", title: "Newer", description: "Second.", date: "2025-06-10", author: "Priya Raman" },
      { slug: "older", title: "Older", description: "First.", date: "2025-05-06" },
    ]);

    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true);
    expect(xml).toContain("<link>https://vahub.example/blog</link>");
    expect(xml).toContain('<atom:link href="https://vahub.example/blog/rss.xml" rel="self"');
    expect(xml).toContain("<link>https://vahub.example/blog/newer</link>");
    expect(xml).toContain('<guid isPermaLink="true">https://vahub.example/blog/older</guid>');
    expect(xml).toContain("<pubDate>Tue, 10 Jun 2025 00:00:00 GMT</pubDate>");
    expect(xml).toContain("<lastBuildDate>Tue, 10 Jun 2025 00:00:00 GMT</lastBuildDate>");
    expect(xml).toContain("<dc:creator>Priya Raman</dc:creator>");
    expect(xml.match(/<item>/g)).toHaveLength(2);
    expect(xml.indexOf("/blog/newer")).toBeLessThan(xml.indexOf("/blog/older"));
  });

  it("escapes text so titles cannot break the XML", () => {
    const xml = renderRssFeed(channel, [
      {
        slug: "escaping",
        title: 'Q&A: <Tools> "we" love',
        description: "Less < more & 'quotes'\u0001",
        date: "2025-01-01",
      },
    ]);

    expect(xml).toContain("<description>Tips &amp; notes</description>");
    expect(xml).toContain("<title>Q&amp;A: &lt;Tools&gt; &quot;we&quot; love</title>");
    expect(xml).toContain("<description>Less &lt; more &amp; &apos;quotes&apos;</description>");
    expect(xml).not.toContain("<Tools>");
  });

  it("is a valid empty channel without posts", () => {
    const xml = renderRssFeed(channel, []);
    expect(xml).not.toContain("<item>");
    expect(xml).not.toContain("lastBuildDate");
    expect(xml).toContain("</channel>\n</rss>");
  });
});
