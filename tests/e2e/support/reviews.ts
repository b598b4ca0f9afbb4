import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";

/**
 * A picture of one part of a screen (a form, a section) for a person to look at, beside
 * screenToLookAt's full pages in .tmp/screens/; taken only when E2E_SCREENSHOTS is set.
 */
export async function partToLookAt(part: Locator, name: string): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  const file = path.join(".tmp/screens", `${name}.png`);
  await mkdir(path.dirname(file), { recursive: true });
  // The sticky header would cover the top of a part scrolled to the top of the window.
  await part.screenshot({ path: file, style: "header { position: static !important; }" });
}

/** Every JSON-LD object the page's head carries (script type="application/ld+json"). */
export async function jsonLdOf(page: Page): Promise<Record<string, unknown>[]> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return scripts.flatMap((text) => {
    const parsed = JSON.parse(text) as Record<string, unknown> | Record<string, unknown>[];
    return Array.isArray(parsed) ? parsed : [parsed];
  });
}

/** How far the page scrolls sideways past the window (0 or less: it fits). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}
