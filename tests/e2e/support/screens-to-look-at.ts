import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";

/**
 * A full-page picture of a screen for a person to look at (under .tmp/screens/), taken only when
 * E2E_SCREENSHOTS is set: `E2E_SCREENSHOTS=1 npx playwright test admin-people`. Nothing compares
 * these pictures (the visual references do that for the public pages), and taking them cost CI,
 * which is bound by this two-core machine's CPU, about half a minute.
 */
export async function screenToLookAt(page: Page, name: string): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  const file = path.join(".tmp/screens", `${name}.png`);
  await mkdir(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: true });
}
