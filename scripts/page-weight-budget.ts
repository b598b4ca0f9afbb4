// How much JavaScript (gzip, 1 KB = 1024 bytes) a public page may load before anyone interacts
// with it (decision 29). The home page is the one most visitors land on, so it gets the tightest
// budget. Checked in CI (.ci/run) by `npm run check:bundle` (scripts/check-page-weight.ts);
// `npm run bench` and `npm run bench:lighthouse` print the same budgets beside what they measure.
import { routeTable, sitemapPaths } from "~/route-table";

export const HOME_JAVASCRIPT_BUDGET_BYTES = 115 * 1024;
export const PAGE_JAVASCRIPT_BUDGET_BYTES = 125 * 1024;

/** The public pages held to a budget: every page the sitemap lists, and the sign-in page. */
export const budgetedPages: readonly string[] = [...sitemapPaths(routeTable), "/login"];

export function javascriptBudgetFor(path: string): number {
  return path === "/" ? HOME_JAVASCRIPT_BUDGET_BYTES : PAGE_JAVASCRIPT_BUDGET_BYTES;
}
