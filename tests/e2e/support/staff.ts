import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { logIn } from "./accounts";
import { waitUntilInteractive } from "./site";

/** The staff account the e2e server creates from ADMIN_EMAIL and ADMIN_PASSWORD (playwright.config.ts). */
export const STAFF_EMAIL = "staff@example.com";
export const STAFF_PASSWORD = "staff pass phrase for tests";

/** Signs in as agency staff and lands on `to` (the dashboard by default). */
export async function signInAsStaff(page: Page, to = "/admin"): Promise<void> {
  await page.goto(`/login?redirectTo=${encodeURIComponent(to)}`);
  await waitUntilInteractive(page);
  await logIn(page, STAFF_EMAIL, STAFF_PASSWORD);
  await page.waitForURL((url) => url.pathname === to);
}

/**
 * The second e2e server, whose clock tests may move (playwright.config.ts). Use it as `baseURL`
 * (`test.use({ baseURL: clockServerUrl })`) for journeys that need time to pass.
 */
export const clockServerUrl = process.env.E2E_CLOCK_SERVER_URL ?? "http://127.0.0.1:3102";

/**
 * Moves the clock server's time `offsetMs` ahead of real time (0 puts it back). Tests that move it
 * run serially and put it back when they end.
 */
export function setServerClockOffset(offsetMs: number): void {
  const file = path.resolve(process.env.E2E_CLOCK_FILE ?? `.tmp/e2e-clock-${process.env.E2E_PORT ?? 3100}`);
  writeFileSync(file, String(offsetMs));
}
