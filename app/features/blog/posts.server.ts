import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { Marked, type Tokens } from "marked";
import { z } from "zod";

/**
 * Blog posts are Markdown files in one folder (the `BLOG_DIR` setting), each opening with a small
 * front matter block:
 *
 *     ---
 *     title: How to onboard a virtual assistant
 *     description: One or two sentences for the list, the feed and search engines.
 *     date: 2025-03-14
 *     author: Maya Thompson        (optional)
 *     ---
 *
 * The slug is the file name without `.md`. A file that cannot be published (a name that is not a
 * valid slug, a missing or invalid front matter block) is skipped: `parsePost` throws an
 * `InvalidPostError` naming the file and every problem, and `listPosts`/`getPost` hand that error to
 * `onInvalid` (by default a console warning; the routes pass the request's logger) and go on
 * without the file, so one bad post never takes the blog down.
 */

export interface PostSummary {
  slug: string;
  title: string;
  description: string;
  /** Publication day, `YYYY-MM-DD`. */
  date: string;
  author?: string;
  /** Estimated reading time in whole minutes (at least 1). */
  readingMinutes: number;
}

export interface Post extends PostSummary {
  /** The body rendered to HTML; raw HTML in the Markdown is escaped, unsafe link targets dropped. */
  html: string;
}

export interface PostReadOptions {
  /** Told about each file that is skipped because it cannot be published. */
  onInvalid?: (error: InvalidPostError) => void;
}

/** `onInvalid` for routes: one warning line per skipped file in the server's log. */
export function warnInLog(logger: { warn(details: object): void }): (error: InvalidPostError) => void {
  return (error) => logger.warn({ msg: "blog post skipped", file: error.file, problems: error.problems });
}

/** A post file that cannot be published; `problems` says why, one sentence each. */
export class InvalidPostError extends Error {
  readonly file: string;
  readonly problems: string[];

  constructor(file: string, problems: string[]) {
    super(`Blog post "${file}" was skipped: ${problems.join("; ")}`);
    this.name = "InvalidPostError";
    this.file = file;
    this.problems = problems;
  }
}

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_SLUG_LENGTH = 100;
const WORDS_PER_MINUTE = 220;

const frontMatterSchema = z.object({
  title: z
    .string({ error: "title is required" })
    .trim()
    .min(1, "title is required")
    .max(120, "title is longer than 120 characters"),
  description: z
    .string({ error: "description is required" })
    .trim()
    .min(1, "description is required")
    .max(300, "description is longer than 300 characters"),
  date: z.iso.date({ error: "date is required, as a real day written YYYY-MM-DD" }),
  author: z
    .string()
    .trim()
    .min(1, "author is empty")
    .max(80, "author is longer than 80 characters")
    .optional(),
});

/** True for slugs we serve: lower-case letters, digits and single hyphens; nothing path-like. */
export function isValidSlug(slug: string): boolean {
  return slug.length <= MAX_SLUG_LENGTH && SLUG_PATTERN.test(slug);
}

/** All publishable posts in `directory`, newest first; a missing folder means no posts. */
export async function listPosts(directory: string, options: PostReadOptions = {}): Promise<PostSummary[]> {
  const onInvalid = options.onInvalid ?? warnOnConsole;
  const files = await markdownFiles(directory);
  const posts: PostSummary[] = [];
  for (const file of files) {
    const slug = file.slice(0, -".md".length);
    try {
      if (!isValidSlug(slug)) {
        throw new InvalidPostError(file, [
          "the file name must use only lower-case letters, digits and hyphens, followed by .md",
        ]);
      }
      const source = await readFile(path.join(directory, file), "utf8");
      const { html: _html, ...summary } = parsePost(slug, source, { renderHtml: false });
      posts.push(summary);
    } catch (error) {
      if (!(error instanceof InvalidPostError)) throw error;
      onInvalid(error);
    }
  }
  return posts.sort(newestFirst);
}

/** One post by slug, or `undefined` when the slug is not valid, the file is missing or it is invalid. */
export async function getPost(
  directory: string,
  slug: string,
  options: PostReadOptions = {},
): Promise<Post | undefined> {
  if (!isValidSlug(slug)) return undefined;
  let source: string;
  try {
    source = await readFile(path.join(directory, `${slug}.md`), "utf8");
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
  try {
    return parsePost(slug, source);
  } catch (error) {
    if (!(error instanceof InvalidPostError)) throw error;
    (options.onInvalid ?? warnOnConsole)(error);
    return undefined;
  }
}

/** Reads one post's text; throws `InvalidPostError` when the front matter is missing or invalid. */
function parsePost(slug: string, source: string, { renderHtml = true } = {}): Post {
  const file = `${slug}.md`;
  const split = splitFrontMatter(source);
  if (!split) {
    throw new InvalidPostError(file, ["the file must start with a front matter block between two --- lines"]);
  }
  const fields = parseFields(split.frontMatter);
  if (fields.errors.length > 0) throw new InvalidPostError(file, fields.errors);
  const parsed = frontMatterSchema.safeParse(fields.values);
  if (!parsed.success) {
    throw new InvalidPostError(
      file,
      parsed.error.issues.map((issue) => issue.message),
    );
  }
  const { author, ...frontMatter } = parsed.data;
  return {
    slug,
    ...frontMatter,
    ...(author ? { author } : {}),
    readingMinutes: readingMinutes(split.body),
    html: renderHtml ? renderMarkdown(split.body) : "",
  };
}

/** Markdown to HTML for posts: GitHub-flavoured, raw HTML escaped, only safe link and image targets. */
export function renderMarkdown(markdown: string): string {
  return markdownRenderer.parse(markdown, { async: false });
}

const markdownRenderer = new Marked({
  gfm: true,
  renderer: {
    // Raw HTML blocks and inline tags are shown as text, never passed through.
    html(token: Tokens.HTML | Tokens.Tag) {
      const text = escapeHtml(token.text);
      return "block" in token && token.block ? `<p>${text.trim()}</p>\n` : text;
    },
    // The page's title is the only h1; headings in a post start at h2.
    heading({ tokens, depth }: Tokens.Heading) {
      const level = Math.min(6, Math.max(2, depth));
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
    // marked writes link targets as given, entities included ("&#106;avascript:" would reach the
    // browser as "javascript:"), so targets are decoded, checked, and written escaped here.
    link({ href, title, tokens }: Tokens.Link) {
      const text = this.parser.parseInline(tokens);
      const target = safeUrl(href);
      if (target === undefined) return text;
      return `<a href="${escapeHtml(target)}"${titleAttribute(title)}>${text}</a>`;
    },
    image({ href, title, text }: Tokens.Image) {
      const source = safeUrl(href);
      if (source === undefined) return escapeHtml(text);
      return `<img src="${escapeHtml(source)}" alt="${escapeHtml(text)}"${titleAttribute(title)} loading="lazy" decoding="async">`;
    },
  },
});

const SAFE_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);

/** The target decoded as a browser would read it, or `undefined` when its scheme is not allowed. */
function safeUrl(href: string): string | undefined {
  const decoded = decodeEntities(href.trim());
  // Browsers ignore control characters and spaces inside a scheme ("java\tscript:"), so we do too.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const compact = decoded.replace(/[\u0000-\u0020]/g, "");
  // Relative addresses and in-page anchors have no scheme.
  if (!/^[a-z][a-z0-9+.-]*:/i.test(compact)) return decoded;
  try {
    return SAFE_PROTOCOLS.has(new URL(compact).protocol) ? decoded : undefined;
  } catch {
    return undefined;
  }
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  colon: ":",
  sol: "/",
  period: ".",
  lpar: "(",
  rpar: ")",
  tab: "\t",
  newline: "\n",
};

/** Numeric and common named character references; unknown names stay as written (and get escaped). */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith("#")) {
      const code =
        name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "\uFFFD";
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function titleAttribute(title: string | null | undefined): string {
  return title ? ` title="${escapeHtml(decodeEntities(title))}"` : "";
}

function splitFrontMatter(source: string): { frontMatter: string; body: string } | undefined {
  const text = source.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const match = /^---\n([\s\S]*?)\n---[ \t]*(?:\n|$)/.exec(text);
  if (!match) return undefined;
  return { frontMatter: match[1] ?? "", body: text.slice(match[0].length) };
}

/** `key: value` lines; values may be wrapped in single or double quotes; `#` lines are comments. */
function parseFields(block: string): { values: Record<string, string>; errors: string[] } {
  const values: Record<string, string> = {};
  const errors: string[] = [];
  for (const [index, rawLine] of block.split("\n").entries()) {
    const line = rawLine.trim();
    if (line === "" || line.startsWith("#")) continue;
    const match = /^([A-Za-z][\w-]*)\s*:\s*(.*)$/.exec(line);
    if (!match) {
      errors.push(`front matter line ${index + 2} is not "key: value"`);
      continue;
    }
    const key = match[1] as string;
    if (key in values) errors.push(`${key} is given twice`);
    values[key] = unquote((match[2] ?? "").trim());
  }
  return { values, errors };
}

function unquote(value: string): string {
  const quote = value[0];
  if ((quote === '"' || quote === "'") && value.length >= 2 && value.endsWith(quote)) {
    return value.slice(1, -1);
  }
  return value;
}

function readingMinutes(body: string): number {
  const words = body.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

async function markdownFiles(directory: string): Promise<string[]> {
  try {
    const entries = await readdir(directory, { withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile() && entry.name.endsWith(".md"))
      .map((entry) => entry.name)
      .sort();
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
}

function newestFirst(a: PostSummary, b: PostSummary): number {
  if (a.date !== b.date) return a.date < b.date ? 1 : -1;
  return a.slug.localeCompare(b.slug);
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}

function warnOnConsole(error: InvalidPostError): void {
  console.warn(error.message);
}

function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}
