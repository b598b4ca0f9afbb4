import { expect, test } from "@playwright/test";
import { openPage, scrollToY, waitForScrollToSettle } from "./support/site";
import { desktopViewport } from "./support/viewports";

// Motion is part of what this file checks (the suite asks for reduced motion: playwright.config.ts).
test.use({ viewport: desktopViewport, reducedMotion: "no-preference" });

test("following a link to another page starts it at the top", async ({ page }) => {
  await openPage(page, "/services");
  const aboutLink = page.getByRole("contentinfo").getByRole("link", { name: "About Us" });
  await aboutLink.scrollIntoViewIfNeeded();
  await waitForScrollToSettle(page);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);

  await aboutLink.click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("the scroll-to-top button appears only well down the page and brings the visitor back up", async ({
  page,
}) => {
  await openPage(page, "/");
  const button = page.getByRole("button", { name: "Scroll to top" });
  await expect(button).toHaveCount(0);

  expect(await scrollToY(page, 300)).toBe(300);
  await expect(button).toHaveCount(0);

  expect(await scrollToY(page, 600)).toBe(600);
  await expect(button).toBeVisible();

  // Back above the threshold, it goes away again.
  await scrollToY(page, 300);
  await expect(button).toHaveCount(0);

  await scrollToY(page, 600);
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 }).toBe(0);
  await expect(button).toHaveCount(0);
});
