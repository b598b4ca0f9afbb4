import { describe, expect, it } from "vitest";
import { PAGE_STYLESHEET_MARK } from "~/lib/page-stylesheet-mark";
import { parseStylesheet, stylesheetFor, withPageStylesheet } from "./page-stylesheet.server";

// The shape Tailwind and Lightning CSS write: layers, minified, variants as at-rules around rules.
const stylesheet = [
  "@layer theme,base,components,utilities;",
  "@layer theme{:root{--color-brand-800:#5b21b6}}",
  '@layer base{*,:after{box-sizing:border-box}q:before{content:"{"}}',
  "@layer utilities{",
  ".flex{display:flex}",
  ".hidden{display:none}",
  ".w-1\\/2{width:50%}",
  ".py-0\\.5{padding-block:calc(var(--spacing) * .5)}",
  ".\\[\\&_a\\]\\:underline a{text-decoration-line:underline}",
  ":where(.space-y-4>:not(:last-child)){margin-block-start:1rem}",
  ":is(:where(.group)[aria-expanded=true] .group-aria-expanded\\:rotate-180){rotate:180deg}",
  '.content-\\[\\"\\}\\"\\]{content:"}"}',
  "@media(hover:hover){.hover\\:underline:hover{text-decoration-line:underline}",
  "@supports (color:color-mix(in lab,red,red)){.hover\\:bg-white\\/10:hover{background-color:color-mix(in oklab,white 10%,transparent)}}}",
  "@media(min-width:40rem){.sm\\:flex{display:flex}.sm\\:hidden{display:none}}",
  "@media(min-width:96rem){.\\32 xl\\:flex{display:flex}}",
  "}",
  "@keyframes spin{to{rotate:360deg}}",
].join("");
const parsed = parseStylesheet(stylesheet);
const before = stylesheet.slice(0, stylesheet.indexOf("@layer utilities{"));
const after = "@keyframes spin{to{rotate:360deg}}";

describe("a static page's own stylesheet", () => {
  it("keeps everything outside the utilities, and no utility the markup does not use", () => {
    expect(stylesheetFor(parsed, "<p>No classes</p>")).toBe(`${before}@layer utilities{}${after}`);
  });

  it("keeps each utility the markup's classes name, unescaping the selector, in the stylesheet's order", () => {
    const html = '<div class="py-0.5 flex w-1/2"><p class="[&amp;_a]:underline space-y-4">x</p></div>';
    expect(stylesheetFor(parsed, html)).toBe(
      `${before}@layer utilities{.flex{display:flex}.w-1\\/2{width:50%}.py-0\\.5{padding-block:calc(var(--spacing) * .5)}` +
        `.\\[\\&_a\\]\\:underline a{text-decoration-line:underline}:where(.space-y-4>:not(:last-child)){margin-block-start:1rem}}${after}`,
    );
  });

  it("keeps a variant's rule inside its at-rules, opening each at-rule once for the rules it holds", () => {
    const html = '<a class="hover:underline hover:bg-white/10 sm:hidden 2xl:flex">x</a>';
    expect(stylesheetFor(parsed, html)).toBe(
      `${before}@layer utilities{@media(hover:hover){.hover\\:underline:hover{text-decoration-line:underline}` +
        "@supports (color:color-mix(in lab,red,red)){.hover\\:bg-white\\/10:hover{background-color:color-mix(in oklab,white 10%,transparent)}}}" +
        `@media(min-width:40rem){.sm\\:hidden{display:none}}@media(min-width:96rem){.\\32 xl\\:flex{display:flex}}}${after}`,
    );
  });

  it("reads a group variant by its own class, not by the group's marker", () => {
    expect(stylesheetFor(parsed, '<button class="group">x</button>')).not.toContain("rotate:180deg");
    expect(stylesheetFor(parsed, '<svg class="group-aria-expanded:rotate-180"></svg>')).toContain(
      "rotate:180deg",
    );
  });

  it("is not misled by braces inside strings", () => {
    expect(parsed.utilities.map((rule) => rule.classes)).toContainEqual(['content-["}"]']);
    expect(stylesheetFor(parsed, '<i class="flex"></i>')).toContain('q:before{content:"{"}');
  });

  it("keeps a rule whose selector names no utility class on every page", () => {
    const odd = parseStylesheet("@layer utilities{.flex{display:flex}:root .x,main{color:red}}");
    expect(stylesheetFor(odd, "<p></p>")).toBe("@layer utilities{:root .x,main{color:red}}");
  });

  it("leaves a stylesheet without a utilities layer whole", () => {
    const plain = parseStylesheet("p{color:red}");
    expect(stylesheetFor(plain, "<p></p>")).toBe("p{color:red}");
  });

  it("fills only a document that holds the mark", () => {
    expect(withPageStylesheet("<style>p{}</style>")).toBe("<style>p{}</style>");
    const filled = withPageStylesheet(`<style>${PAGE_STYLESHEET_MARK}</style><p class="flex"></p>`);
    expect(filled).not.toContain(PAGE_STYLESHEET_MARK);
    expect(filled.startsWith("<style>")).toBe(true);
  });
});

describe("stylesheets already made", () => {
  it("are given again for a page with the same class lists, and made anew for other lists", () => {
    const fresh = parseStylesheet(stylesheet);
    const first = stylesheetFor(fresh, '<p class="flex">One</p>');
    expect(stylesheetFor(fresh, '<p class="flex">Two</p><i class="flex"></i>')).toBe(first);
    expect(fresh.made.size).toBe(1);
    expect(stylesheetFor(fresh, '<p class="hidden">Three</p>')).toContain(".hidden{display:none}");
    expect(fresh.made.size).toBe(2);
  });

  it("keep at most 64, the oldest forgotten first", () => {
    const fresh = parseStylesheet(stylesheet);
    for (let index = 0; index < 70; index += 1) stylesheetFor(fresh, `<p class="flex page-${index}"></p>`);
    expect(fresh.made.size).toBe(64);
    expect([...fresh.made.keys()][0]).toBe("flex page-6");
  });
});
