import { afterFirstPaint } from "./scripts-after-first-paint";
// Built as its own small bundle (vite.config.ts, `worker`): no React, no React Router.
import staticPageModuleUrl from "./static-page?worker&url";

/**
 * What a static page carries instead of React Router's scripts: one small module that attaches the
 * page's behaviours (./static-page.ts), started after the first paint like the other pages' scripts.
 */
export function StaticPageScript({ nonce }: { nonce?: string }) {
  // The module is passed in a list, as ScriptsAfterFirstPaint passes its own, so tools that read a
  // page's JavaScript from its HTML (bench/lib/page-assets.ts) find both the same way.
  const source = `((afterFirstPaint, modules, nonce) => afterFirstPaint(() => { for (const src of modules) { const script = document.createElement("script"); script.type = "module"; script.src = src; script.nonce = nonce; document.head.append(script); } }))(${afterFirstPaint}, ${JSON.stringify([staticPageModuleUrl])}, document.currentScript.nonce);`;
  return (
    <script
      nonce={nonce}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own start-up code and a URL from the build
      dangerouslySetInnerHTML={{ __html: source }}
    />
  );
}
