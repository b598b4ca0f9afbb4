import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;

/** One line per rule and one per offending element, so a failure says what to fix and where. */
function formatViolations(violations: AxeResults["violations"]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map((node) => {
          const summary = (node.failureSummary ?? "").replace(/\s+/g, " ").trim();
          return `    - ${node.target.join(" ")}\n      ${node.html.slice(0, 200)}\n      ${summary}`;
        })
        .join("\n");
      return `  [${violation.impact ?? "unknown"}] ${violation.id}: ${violation.help}\n    ${violation.helpUrl}\n${nodes}`;
    })
    .join("\n");
}

/**
 * Every rule family axe knows, its experimental rules included (DESIGN.md §7): those are off by
 * default and catch, for example, a link whose accessible name differs from its visible text.
 */
const axeTags = [
  "wcag2a",
  "wcag2aa",
  "wcag21a",
  "wcag21aa",
  "wcag22a",
  "wcag22aa",
  "section508",
  "best-practice",
  "experimental",
];

/**
 * Frames axe cannot enter: a frame sandboxed without scripts (the staff e-mail preview, which shows
 * a message's HTML, not a page of the site). Injecting axe into it leaves Chromium unable to open
 * the tab axe finishes its run in, and the test hangs.
 */
const framesAxeCannotEnter = 'iframe[sandbox=""]';

/**
 * Runs axe-core, experimental rules included, on the page as it is now and fails on any violation.
 *
 * Legacy mode runs axe in the page itself instead of finishing in a new tab, and only violations
 * are reported in full: 2.5× faster a page (3.5 → 1.4 s on /), which matters with a few hundred
 * checks in CI. What legacy mode gives up is cross-origin frames, and the site has none.
 */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(axeTags)
    .exclude(framesAxeCannotEnter)
    .options({ resultTypes: ["violations"] })
    .setLegacyMode(true)
    .analyze();
  // A page axe could not inspect at all would pass vacuously; make sure it looked at something.
  expect(results.passes.length, `axe inspected ${label}`).toBeGreaterThan(0);
  const report = formatViolations(results.violations);
  expect(results.violations, `axe violations on ${label}:\n${report}`).toHaveLength(0);
}
