import { describe, expect, it } from "vitest";
import { inlineScriptSources, START_UP_MODULE_MARKER } from "./inline-scripts";

describe("inlineScriptSources", () => {
  it("lists inline scripts and the start-up module one of them adds, not external scripts or data blocks", () => {
    const startUp = 'import "/assets/entry.js";\nconsole.log("<ok>")';
    const html = [
      "<script>first()</script>",
      '<script src="/assets/a.js"></script>',
      '<script type="application/ld+json">{"@type":"Thing"}</script>',
      `<script nonce="">start(["/a.js"], ${START_UP_MODULE_MARKER}${JSON.stringify(startUp).replaceAll("<", "\\u003c")}, "")</script>`,
    ].join("");
    const sources = inlineScriptSources(html);
    expect(sources).toHaveLength(3);
    expect(sources[0]).toBe("first()");
    expect(sources[2]).toBe(startUp);
  });
});
