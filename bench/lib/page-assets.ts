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

/** Bodies of inline module scripts, where React Router imports the route modules. */
function inlineModuleScripts(html: string): string[] {
  const bodies: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? "";
    if (/\bsrc\s*=/.test(attributes) || !/type\s*=\s*["']?module/i.test(attributes)) continue;
    bodies.push(match[2] ?? "");
  }
  return bodies;
}

/**
 * Every JavaScript file the page loads from its HTML: script src, modulepreload links and the
 * static or dynamic imports of inline module scripts; as absolute same-origin URLs, without repeats.
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
  for (const body of inlineModuleScripts(html)) {
    for (const match of body.matchAll(/\bimport\s*(?:[^"'();]*?\bfrom\s*)?["']([^"']+)["']/g)) add(match[1]);
    for (const match of body.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) add(match[1]);
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
