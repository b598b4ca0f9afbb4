/** Attributes of every tag with the given name in an HTML document (a small, forgiving scan). */
function tagsOf(html: string, tagName: string): Array<Record<string, string>> {
  const tags: Array<Record<string, string>> = [];
  const tagPattern = new RegExp(`<${tagName}\\b([^>]*)>`, "gi");
  const attributePattern = /([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;
  for (const match of html.matchAll(tagPattern)) {
    const attributes: Record<string, string> = {};
    for (const attribute of (match[1] ?? "").matchAll(attributePattern)) {
      attributes[attribute[1]!.toLowerCase()] = attribute[2] ?? attribute[3] ?? attribute[4] ?? "";
    }
    tags.push(attributes);
  }
  return tags;
}

/** Bodies of the inline scripts that run (not JSON data blocks). */
function inlineScripts(html: string): string[] {
  const bodies: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? "";
    if (/\bsrc\s*=/.test(attributes) || /type\s*=\s*["']?application\/(ld\+)?json/i.test(attributes))
      continue;
    bodies.push(match[2] ?? "");
  }
  return bodies;
}

/**
 * Every JavaScript file the page loads from its HTML: script src, modulepreload links, and in inline
 * scripts the static or dynamic imports and the lists of module paths (the script that starts React
 * Router after the first paint lists every module, and carries the start-up module as a JSON
 * string, hence the optional backslashes); as absolute same-origin URLs, without repeats.
 */
export function javascriptUrls(html: string, pageUrl: string): string[] {
  const found = new Set<string>();
  const origin = new URL(pageUrl).origin;
  const add = (reference: string | undefined) => {
    if (!reference) return;
    const url = new URL(reference, pageUrl);
    if (url.origin === origin) found.add(url.href);
  };
  for (const script of tagsOf(html, "script")) add(script.src);
  for (const link of tagsOf(html, "link")) {
    if ((link.rel ?? "").split(/\s+/).includes("modulepreload")) add(link.href);
  }
  const quotedPath = String.raw`\\?["'](\/[^"'\\\s]+\.m?js)\\?["']`;
  const importPattern = new RegExp(String.raw`\bimport\s*(?:[^"'();]*?\bfrom\s*|\(\s*)${quotedPath}`, "g");
  const listPattern = new RegExp(String.raw`\[(?:\s*${quotedPath}\s*,?)+\s*\]`, "g");
  for (const body of inlineScripts(html)) {
    for (const match of body.matchAll(importPattern)) add(match[1]);
    for (const list of body.matchAll(listPattern)) {
      for (const match of list[0].matchAll(new RegExp(quotedPath, "g"))) add(match[1]);
    }
  }
  return [...found];
}

/** Stylesheets the page links to, as absolute URLs without repeats. */
export function stylesheetUrls(html: string, pageUrl: string): string[] {
  const found = new Set<string>();
  for (const link of tagsOf(html, "link")) {
    if ((link.rel ?? "").split(/\s+/).includes("stylesheet") && link.href) {
      found.add(new URL(link.href, pageUrl).href);
    }
  }
  return [...found];
}

/**
 * The page's HTML without its CSS and JavaScript: no scripts, no style elements, no stylesheet,
 * preload or modulepreload links. What the browser shows of it is the floor a page can reach.
 */
export function bareHtml(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
    .replace(/<style\b[^>]*>[\s\S]*?<\/style>/gi, "")
    .replace(/<link\b[^>]*>/gi, (link) => {
      const rel = tagsOf(link, "link")[0]?.rel ?? "";
      return /\b(stylesheet|preload|modulepreload)\b/i.test(rel) ? "" : link;
    });
}
