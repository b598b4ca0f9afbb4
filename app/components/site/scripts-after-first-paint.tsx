import { Children, Fragment, isValidElement, type ReactElement, type ReactNode } from "react";
import { Scripts } from "react-router";
import { START_UP_MODULE_MARKER } from "~/lib/inline-scripts";

type ElementProps = {
  rel?: string;
  href?: string;
  type?: string;
  children?: ReactNode;
  dangerouslySetInnerHTML?: { __html: string };
};

/** The elements of a tree, with fragments opened up, in document order. */
function flatten(node: ReactNode): ReactElement<ElementProps>[] {
  return Children.toArray(node).flatMap((child) => {
    if (!isValidElement<ElementProps>(child)) return [];
    return child.type === Fragment ? flatten(child.props.children) : [child];
  });
}

/**
 * Runs `start` once the page has painted text: when the browser reports its first contentful paint,
 * or at once in a tab that is not visible (it does not paint until shown). Browsers without paint
 * timing wait for the next frame. Written as a function so the page can carry its source.
 */
export function afterFirstPaint(start: () => void) {
  if (document.visibilityState !== "visible") return start();
  if (!globalThis.PerformanceObserver?.supportedEntryTypes?.includes("paint")) {
    return requestAnimationFrame(() => setTimeout(start));
  }
  let started = false;
  const observer = new PerformanceObserver((entries) => {
    if (started || !entries.getEntriesByName("first-contentful-paint").length) return;
    started = true;
    observer.disconnect();
    start();
  });
  observer.observe({ type: "paint", buffered: true });
}

/**
 * Fetches every module the page needs in parallel, then runs React Router's start-up module as a
 * module script carrying this script's nonce.
 */
function startModules(modules: string[], startUpModule: string, nonce: string) {
  for (const href of modules) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  }
  const script = document.createElement("script");
  script.type = "module";
  script.nonce = nonce;
  script.textContent = startUpModule;
  document.head.append(script);
}

/** JSON inside an inline script: `<` escaped so no value can close the script element. */
function scriptLiteral(value: unknown): string {
  return JSON.stringify(value).replaceAll("<", "\\u003c");
}

/**
 * React Router's `<Scripts />`, started after the first paint. React Router puts a modulepreload
 * link for each of the page's many modules in the head and starts hydration as soon as they
 * arrive, so the first paint, and the hero text that is each page's largest paint, waited on them.
 * Here the links are left out and the start-up module runs from a small inline script once the
 * browser has painted, which then fetches all modules at once (no waterfall). Nothing above the
 * fold needs JavaScript to show; only to respond. Everything else `<Scripts />` renders (the
 * router's context, the hydration data stream) stays as it is.
 */
export function ScriptsAfterFirstPaint({ nonce }: { nonce?: string }) {
  // Called as a function so its output can be rearranged: its hooks become this component's own.
  const elements = flatten(Scripts({ nonce }));
  const modules = elements
    .filter((element) => element.type === "link" && element.props.rel === "modulepreload")
    .map((element) => element.props.href ?? "");
  return (
    <>
      {elements.map((element, index) => {
        if (element.type === "link" && element.props.rel === "modulepreload") return null;
        if (element.type !== "script" || element.props.type !== "module") return element;
        const startUpModule = element.props.dangerouslySetInnerHTML?.__html ?? "";
        // Only the server writes it: the browser keeps the page's copy (hydration leaves a script's
        // text alone), so the browser bundle need not carry the code below.
        const source = import.meta.env.SSR
          ? `((afterFirstPaint, startModules, nonce) => afterFirstPaint(() => startModules(${scriptLiteral(modules)}, ${START_UP_MODULE_MARKER}${scriptLiteral(startUpModule)}, nonce)))(${afterFirstPaint}, ${startModules}, document.currentScript.nonce);`
          : "";
        return (
          <script
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is rendered once, in a fixed order
            key={index}
            nonce={nonce}
            suppressHydrationWarning
            // biome-ignore lint/security/noDangerouslySetInnerHtml: our own start-up code; values are JSON with "<" escaped
            dangerouslySetInnerHTML={{ __html: source }}
          />
        );
      })}
    </>
  );
}
