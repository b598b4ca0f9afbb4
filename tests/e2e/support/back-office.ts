import { type Browser, expect, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { screenToLookAt } from "./screens-to-look-at";
import { signInAsStaff } from "./staff";
import { viewports } from "./viewports";

/** A second, separate browser session signed in as staff, beside the customer's. */
export async function staffPage(browser: Browser, to = "/admin"): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAsStaff(page, to);
  return page;
}

/**
 * Opens each path at 360 and 1280 px: no axe violation (experimental rules included), no sideways
 * scroll, and (with E2E_SCREENSHOTS set) a picture in .tmp/screens/ to look at.
 */
export async function checkStaffPages(page: Page, paths: readonly string[], name: string): Promise<void> {
  for (const viewport of viewports) {
    await page.setViewportSize(viewport.size);
    for (const [index, path] of paths.entries()) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page, `${path} at ${viewport.name}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways at ${viewport.name}`).toBeLessThanOrEqual(0);
      await screenToLookAt(page, `${name}-${index}-${viewport.size.width}`);
    }
  }
}
