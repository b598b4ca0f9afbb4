import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getPost, InvalidPostError, isValidSlug, listPosts, renderMarkdown } from "./posts.server";

let directory: string;

beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "blog-posts-"));
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

function post(fields: Record<string, string>, body = "Some words in the body.\n"): string {
  const lines = Object.entries(fields).map(([key, value]) => `${key}: ${value}`);
  return ["---", ...lines, "---", "", body].join("\n");
}

async function write(file: string, text: string) {
  await writeFile(path.join(directory, file), text, "utf8");
}

function collectWarnings() {
  const errors: InvalidPostError[] = [];
  return { errors, onInvalid: (error: InvalidPostError) => errors.push(error) };
}

describe("listPosts", () => {
  it("gives an empty list for an empty folder", async () => {
    expect(await listPosts(directory)).toEqual([]);
  });

  it("gives an empty list when the folder does not exist", async () => {
    expect(await listPosts(path.join(directory, "missing"))).toEqual([]);
  });

  it("lists posts newest first, without their HTML", async () => {
    await write(
      "older-post.md",
      post({ title: "Older post", description: "The first one.", date: "2025-01-15" }),
    );
    await write(
      "newer-post.md",
      post({
        title: '"Newer: post"',
        description: "The second one.",
        date: "2025-03-02",
        author: "Maya Thompson",
      }),
    );
    await write("notes.txt", "not a post");

    const posts = await listPosts(directory);

    expect(posts.map((summary) => summary.slug)).toEqual(["newer-post", "older-post"]);
    expect(posts[0]).toEqual({
      slug: "newer-post",
      title: "Newer: post",
      description: "The second one.",
      date: "2025-03-02",
      author: "Maya Thompson",
      readingMinutes: 1,
    });
    expect(posts[1]).not.toHaveProperty("author");
    expect(posts[1]).not.toHaveProperty("html");
  });

  it("skips files with invalid front matter and says why", async () => {
    await write("good.md", post({ title: "Good", description: "Fine.", date: "2025-02-01" }));
    await write("no-title.md", post({ description: "Missing a title.", date: "2025-02-01" }));
    await write("bad-date.md", post({ title: "Bad date", description: "Not a day.", date: "2025-02-30" }));
    await write("no-block.md", "# Just Markdown\n\nNo front matter here.\n");
    await write("Bad_Name.md", post({ title: "Bad name", description: "Upper case.", date: "2025-02-01" }));
    const warnings = collectWarnings();

    const posts = await listPosts(directory, { onInvalid: warnings.onInvalid });

    expect(posts.map((summary) => summary.slug)).toEqual(["good"]);
    const reasons = Object.fromEntries(
      warnings.errors.map((error) => [error.file, error.problems.join(" ")]),
    );
    expect(Object.keys(reasons).sort()).toEqual(["Bad_Name.md", "bad-date.md", "no-block.md", "no-title.md"]);
    expect(reasons["no-title.md"]).toMatch(/title/);
    expect(reasons["bad-date.md"]).toMatch(/YYYY-MM-DD/);
    expect(reasons["no-block.md"]).toMatch(/front matter/);
    expect(reasons["Bad_Name.md"]).toMatch(/lower-case/);
    expect(warnings.errors[0]).toBeInstanceOf(InvalidPostError);
  });
});

describe("getPost", () => {
  it("renders a post's Markdown to HTML", async () => {
    await write(
      "first-week.md",
      post(
        { title: "First week", description: "Onboarding.", date: "2025-04-01", author: "Sam Lee" },
        "## Day one\n\nShare **one** tool at a time.\n\n- Calendar\n- Inbox\n",
      ),
    );

    const found = await getPost(directory, "first-week");

    expect(found).toMatchObject({ slug: "first-week", title: "First week", author: "Sam Lee" });
    expect(found?.html).toContain("<h2>Day one</h2>");
    expect(found?.html).toContain("<strong>one</strong>");
    expect(found?.html).toContain("<li>Calendar</li>");
  });

  it("returns undefined for a missing post", async () => {
    expect(await getPost(directory, "nothing-here")).toBeUndefined();
    expect(await getPost(path.join(directory, "missing"), "nothing-here")).toBeUndefined();
  });

  it("refuses slugs that could leave the folder", async () => {
    const inner = path.join(directory, "posts");
    await mkdir(inner);
    await write("secret.md", post({ title: "Secret", description: "Outside.", date: "2025-01-01" }));

    for (const slug of ["../secret", "..%2Fsecret", "posts/../secret", "Secret", "", "a b", "-x", "x-"]) {
      expect(await getPost(inner, slug)).toBeUndefined();
    }
    expect(isValidSlug("../secret")).toBe(false);
    expect(isValidSlug("five-tasks-2025")).toBe(true);
  });

  it("returns undefined and warns for a post with invalid front matter", async () => {
    await write("broken.md", post({ title: "Broken", date: "2025-01-01" }));
    const warnings = collectWarnings();

    expect(await getPost(directory, "broken", { onInvalid: warnings.onInvalid })).toBeUndefined();
    expect(warnings.errors).toHaveLength(1);
    expect(warnings.errors[0]?.problems.join(" ")).toMatch(/description/);
  });

  it("escapes raw HTML instead of passing it through", async () => {
    await write(
      "html.md",
      post(
        { title: "HTML", description: "Raw HTML.", date: "2025-01-01" },
        '<script>alert("x")</script>\n\nText with <img src=x onerror=alert(1)> inline.\n',
      ),
    );

    const html = (await getPost(directory, "html"))?.html ?? "";

    expect(html).not.toMatch(/<script|<img/);
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });
});

describe("renderMarkdown", () => {
  it("drops link targets with a script scheme, however they are written", () => {
    const html = renderMarkdown(
      "[a](javascript:alert(1)) [b](&#106;avascript:alert(1)) [c](JaVaScRiPt&colon;x) [d](data:text/html,x)",
    );
    expect(html).not.toContain("href");
    expect(html).toContain("a b c d");
  });

  it("keeps web, mail and relative links, escaped", () => {
    const html = renderMarkdown(
      '[w](https://example.com/?a=1&b=2 "A \\"title\\"") [r](/contact) [m](mailto:a@b.co)',
    );
    expect(html).toContain('<a href="https://example.com/?a=1&amp;b=2" title="A &quot;title&quot;">w</a>');
    expect(html).toContain('<a href="/contact">r</a>');
    expect(html).toContain('<a href="mailto:a@b.co">m</a>');
  });

  it("starts headings at h2, the page title being the only h1", () => {
    expect(renderMarkdown("# Top\n\n### Third")).toBe("<h2>Top</h2>\n<h3>Third</h3>\n");
  });
});
