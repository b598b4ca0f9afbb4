/**
 * The start-up module that ScriptsAfterFirstPaint adds to the page from script, after the first
 * paint, is an inline script too. A page stored once and served to many allows its inline scripts
 * by digest, and must find this one inside the script that adds it: its JSON string literal
 * follows this marker.
 */
export const START_UP_MODULE_MARKER = "/*start-up module*/";

/** The inline scripts a page's HTML runs: those in `<script>` elements, and the start-up module. */
export function inlineScriptSources(html: string): string[] {
  const sources: string[] = [];
  for (const [, attributes = "", content = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes) || /\btype\s*=\s*"application\/(ld\+)?json"/i.test(attributes))
      continue;
    sources.push(content);
    const marker = content.indexOf(START_UP_MODULE_MARKER);
    if (marker === -1) continue;
    const literal = /^\s*("(?:[^"\\]|\\.)*")/.exec(content.slice(marker + START_UP_MODULE_MARKER.length));
    if (literal?.[1]) sources.push(JSON.parse(literal[1]) as string);
  }
  return sources;
}
