/**
 * A static page's own stylesheet: the site's stylesheet less the utilities the page does not use
 * (docs/decisions/0035-static-pages-carry-their-own-styles.md). Everything outside Tailwind's
 * utilities layer (theme, base, keyframes, registered properties) is kept whole; each utility rule
 * is kept when one of its selectors names a class the page's markup carries. Rules keep their
 * order, so the cascade is the whole stylesheet's.
 *
 * It reads the stylesheet as Tailwind and Lightning CSS write it (minified, no nesting); a shape it
 * does not expect keeps the rule, never drops it.
 */

import siteStylesheet from "~/app.css?inline";
import { BoundedMemo } from "~/lib/bounded-memo";
import { PAGE_STYLESHEET_MARK } from "~/lib/page-stylesheet-mark";

const UTILITIES_LAYER = "@layer utilities{";

let parsedSiteStylesheet: ParsedStylesheet | undefined;

/** The document with its own stylesheet where a static page's `<style>` holds the mark. */
export function withPageStylesheet(html: string): string {
  const mark = html.indexOf(PAGE_STYLESHEET_MARK);
  if (mark === -1) return html;
  parsedSiteStylesheet ??= parseStylesheet(siteStylesheet);
  return (
    html.slice(0, mark) +
    stylesheetFor(parsedSiteStylesheet, html) +
    html.slice(mark + PAGE_STYLESHEET_MARK.length)
  );
}

/** A utility rule with the at-rules around it (e.g. `@media(min-width:40rem)`), outermost first. */
interface UtilityRule {
  conditions: string[];
  text: string;
  /** The classes that select it; empty when it names none (kept on every page). */
  classes: string[];
}

export interface ParsedStylesheet {
  /** The whole stylesheet, for a stylesheet without a utilities layer. */
  whole: string;
  before: string;
  utilities: UtilityRule[];
  after: string;
  /**
   * Stylesheets made, by the page's class lists: most renders repeat a page already made. One per
   * distinct page layout, a few KB of CSS each; 64 kept.
   */
  made: BoundedMemo<string, string>;
}

const MADE_KEPT = 64;

export function parseStylesheet(text: string): ParsedStylesheet {
  const start = text.indexOf(UTILITIES_LAYER);
  if (start === -1)
    return { whole: text, before: text, utilities: [], after: "", made: new BoundedMemo(MADE_KEPT) };
  const bodyStart = start + UTILITIES_LAYER.length;
  const bodyEnd = closingBrace(text, bodyStart);
  const utilities: UtilityRule[] = [];
  collectRules(text.slice(bodyStart, bodyEnd), [], utilities);
  return {
    whole: text,
    before: text.slice(0, start),
    utilities,
    after: text.slice(bodyEnd + 1),
    made: new BoundedMemo(MADE_KEPT),
  };
}

/** The stylesheet a page with this markup needs. */
export function stylesheetFor(stylesheet: ParsedStylesheet, html: string): string {
  if (stylesheet.utilities.length === 0) return stylesheet.whole;
  const classLists = classListsIn(html);
  return stylesheet.made.get(classLists.join("\n"), () => {
    const used = classesOf(classLists);
    const parts: string[] = [stylesheet.before, UTILITIES_LAYER];
    let open: string[] = [];
    for (const rule of stylesheet.utilities) {
      if (rule.classes.length > 0 && !rule.classes.some((name) => used.has(name))) continue;
      let shared = 0;
      while (shared < open.length && open[shared] === rule.conditions[shared]) shared += 1;
      parts.push("}".repeat(open.length - shared));
      for (const condition of rule.conditions.slice(shared)) parts.push(condition, "{");
      open = rule.conditions;
      parts.push(rule.text);
    }
    parts.push("}".repeat(open.length), "}", stylesheet.after);
    return parts.join("");
  });
}

function collectRules(body: string, conditions: string[], into: UtilityRule[]): void {
  let position = 0;
  while (position < body.length) {
    const open = nextOpeningBrace(body, position);
    if (open === -1) break;
    const close = closingBrace(body, open + 1);
    const prelude = body.slice(position, open).trim();
    if (prelude.startsWith("@")) {
      collectRules(body.slice(open + 1, close), [...conditions, prelude], into);
    } else {
      into.push({ conditions, text: body.slice(position, close + 1), classes: utilityClasses(prelude) });
    }
    position = close + 1;
  }
}

/**
 * The utility each selector of a rule stands for: the classes it names, less the markers of
 * Tailwind's `group-*` and `peer-*` variants (`group`, `peer/name`), which name a parent or sibling
 * rather than the element styled. A selector naming no other class keeps the rule on every page.
 */
function utilityClasses(selectorList: string): string[] {
  const classes: string[] = [];
  for (const name of classNamesIn(selectorList)) {
    if (!isVariantMarker(name)) classes.push(name);
  }
  return classes.length > 0 && everySelectorNamesAClass(selectorList) ? classes : [];
}

function isVariantMarker(className: string): boolean {
  return /^(?:group|peer)(?:\/|$)/.test(className);
}

function everySelectorNamesAClass(selectorList: string): boolean {
  return splitTopLevel(selectorList).every((selector) =>
    classNamesIn(selector).some((name) => !isVariantMarker(name)),
  );
}

/** The class names a selector names, unescaped (`.sm\:px-6` is `sm:px-6`). */
function classNamesIn(selector: string): string[] {
  const names: string[] = [];
  let inAttribute = 0;
  for (let index = 0; index < selector.length; index += 1) {
    const character = selector[index];
    if (character === "\\") {
      index += 1;
    } else if (character === "[") {
      inAttribute += 1;
    } else if (character === "]") {
      inAttribute -= 1;
    } else if (character === '"' || character === "'") {
      index = selector.indexOf(character, index + 1);
      if (index === -1) break;
    } else if (character === "." && inAttribute === 0) {
      const [name, end] = readIdentifier(selector, index + 1);
      if (name) names.push(name);
      index = end - 1;
    }
  }
  return names;
}

function readIdentifier(text: string, from: number): [string, number] {
  let name = "";
  let index = from;
  while (index < text.length) {
    const character = text.charAt(index);
    if (character === "\\") {
      const hex = /^[0-9a-fA-F]{1,6} ?/.exec(text.slice(index + 1, index + 8));
      if (hex) {
        name += String.fromCodePoint(Number.parseInt(hex[0].trim(), 16));
        index += 1 + hex[0].length;
      } else {
        name += text[index + 1] ?? "";
        index += 2;
      }
    } else if (/[\w-]/.test(character) || character.charCodeAt(0) > 0x7f) {
      name += character;
      index += 1;
    } else {
      break;
    }
  }
  return [name, index];
}

/** Splits a selector list at its top-level commas (not those inside `:is(…)` or brackets). */
function splitTopLevel(selectorList: string): string[] {
  const selectors: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < selectorList.length; index += 1) {
    const character = selectorList[index];
    if (character === "\\") index += 1;
    else if (character === "(" || character === "[") depth += 1;
    else if (character === ")" || character === "]") depth -= 1;
    else if (character === "," && depth === 0) {
      selectors.push(selectorList.slice(start, index));
      start = index + 1;
    }
  }
  selectors.push(selectorList.slice(start));
  return selectors;
}

function nextOpeningBrace(text: string, from: number): number {
  for (let index = from; index < text.length; index += 1) {
    const character = text[index];
    if (character === "\\") index += 1;
    else if (character === '"' || character === "'") index = endOfString(text, index);
    else if (character === "{") return index;
  }
  return -1;
}

/** The index of the `}` closing a block whose content starts at `from`. */
function closingBrace(text: string, from: number): number {
  let depth = 1;
  for (let index = from; index < text.length; index += 1) {
    const character = text[index];
    if (character === "\\") index += 1;
    else if (character === '"' || character === "'") index = endOfString(text, index);
    else if (character === "{") depth += 1;
    else if (character === "}") {
      depth -= 1;
      if (depth === 0) return index;
    }
  }
  return text.length;
}

function endOfString(text: string, quoteIndex: number): number {
  const quote = text[quoteIndex];
  for (let index = quoteIndex + 1; index < text.length; index += 1) {
    if (text[index] === "\\") index += 1;
    else if (text[index] === quote) return index;
  }
  return text.length;
}

const CLASS_ATTRIBUTE = ' class="';
const HTML_ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#x27;": "'",
  "&#39;": "'",
};

/** The markup's class lists (React writes `class="…"`), each once, in the order they first appear. */
function classListsIn(html: string): string[] {
  // Most elements repeat a few class lists (a grid's cards).
  const lists = new Set<string>();
  let position = html.indexOf(CLASS_ATTRIBUTE);
  while (position !== -1) {
    const start = position + CLASS_ATTRIBUTE.length;
    const end = html.indexOf('"', start);
    if (end === -1) break;
    lists.add(html.slice(start, end));
    position = html.indexOf(CLASS_ATTRIBUTE, end);
  }
  return [...lists];
}

/** The classes of those lists, their entities decoded. */
function classesOf(classLists: string[]): Set<string> {
  const classes = new Set<string>();
  for (const list of classLists) {
    const decoded = list.includes("&")
      ? list.replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (entity) => HTML_ENTITIES[entity] ?? entity)
      : list;
    for (const name of decoded.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}
