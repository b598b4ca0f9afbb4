import { describe, expect, it } from "vitest";
import { pageMeta } from "./seo";

const page = {
  title: "My Profile",
  description: "Your profile.",
  path: "/my-profile",
  origin: "https://va.example",
};

describe("a page's meta tags", () => {
  it("name the page, its canonical address and its Open Graph card", () => {
    const tags = pageMeta(page);
    expect(tags).toContainEqual({ title: "My Profile | VA Hub" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://va.example/my-profile" });
    expect(tags).toContainEqual({ property: "og:url", content: "https://va.example/my-profile" });
    expect(tags).not.toContainEqual({ name: "robots", content: "noindex" });
  });

  it("ask search engines not to list a page of one's own account", () => {
    expect(pageMeta({ ...page, noindex: true })).toContainEqual({ name: "robots", content: "noindex" });
  });
});
