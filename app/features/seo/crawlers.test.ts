import { describe, expect, it } from "vitest";
import { renderRobots, renderSitemap, sitemapEntries } from "./crawlers";

const origin = "https://vahub.example";

describe("sitemap", () => {
  it("lists the given pages, then each blog post, with absolute addresses", () => {
    const xml = renderSitemap(
      origin,
      sitemapEntries(["/", "/about"], [{ slug: "first-week", date: "2025-06-10" }]),
    );
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

    expect(locations).toEqual([`${origin}/`, `${origin}/about`, `${origin}/blog/first-week`]);
    expect(xml).toContain(`<loc>${origin}/blog/first-week</loc><lastmod>2025-06-10</lastmod>`);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  });

  it("escapes addresses", () => {
    expect(renderSitemap(origin, [{ path: "/a?b=1&c=2" }])).toContain(`<loc>${origin}/a?b=1&amp;c=2</loc>`);
  });
});

describe("robots.txt", () => {
  it("allows all but the private areas and names the sitemap", () => {
    const lines = renderRobots(origin, ["/my-profile", "/api/"]).split("\n");
    expect(lines).toContain("User-agent: *");
    for (const path of ["/my-profile", "/api/"]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain("Disallow: /");
    expect(lines).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });
});
