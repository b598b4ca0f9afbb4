import { expect, type Page, test } from "@playwright/test";
import { openPage, pathOfAPageReactRuns, waitForScrollToSettle } from "./support/site";
import { desktopViewport } from "./support/viewports";

// Motion is part of what this file checks (the suite asks for reduced motion: playwright.config.ts).
test.use({ viewport: desktopViewport, reducedMotion: "no-preference" });

function questions(page: Page) {
  return page.locator("section#faq").locator("button[aria-expanded]");
}

async function expandedCount(page: Page) {
  return page.locator("section#faq").locator('button[aria-expanded="true"]').count();
}

test("FAQ questions open one at a time and close when chosen again", async ({ page }) => {
  await openPage(page, "/", "section#faq button[aria-expanded]");
  const items = questions(page);
  expect(await items.count()).toBeGreaterThanOrEqual(3);
  expect(await expandedCount(page)).toBeLessThanOrEqual(1);

  const first = items.nth(0);
  const second = items.nth(1);
  await first.click();
  await expect(first).toHaveAttribute("aria-expanded", "true");
  const firstPanelId = await first.getAttribute("aria-controls");
  if (firstPanelId) await expect(page.locator(`[id="${firstPanelId}"]`)).toBeVisible();
  expect(await expandedCount(page)).toBe(1);

  await second.click();
  await expect(second).toHaveAttribute("aria-expanded", "true");
  await expect(first).toHaveAttribute("aria-expanded", "false");
  if (firstPanelId) await expect(page.locator(`[id="${firstPanelId}"]`)).toBeHidden();
  expect(await expandedCount(page)).toBe(1);

  await second.click();
  await expect(second).toHaveAttribute("aria-expanded", "false");
  expect(await expandedCount(page)).toBe(0);
});

test("the FAQ answers the keyboard", async ({ page }) => {
  await openPage(page, "/", "section#faq button[aria-expanded]");
  const first = questions(page).nth(0);
  await first.focus();
  await page.keyboard.press("Enter");
  await expect(first).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Space");
  await expect(first).toHaveAttribute("aria-expanded", "false");
});

test("visiting /#faq brings the FAQ section to the top of the window", async ({ page }) => {
  const response = await page.goto("/#faq");
  expect(response?.status()).toBe(200);
  const faq = page.locator("section#faq");
  await expect(faq).toBeVisible();
  // Wait for any smooth scroll to finish, then measure where the section ended up.
  await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 10_000 }).toBeGreaterThan(0);
  await waitForScrollToSettle(page);
  const top = await faq.evaluate((element) => element.getBoundingClientRect().top);
  expect(top).toBeGreaterThanOrEqual(-1);
  expect(top).toBeLessThanOrEqual(150);
});

test("the FAQs link in the Resources menu scrolls to the FAQ section", async ({ page }) => {
  await openPage(page, "/services");
  const nav = page.getByRole("navigation", { name: "Main" });
  const resources = nav.getByRole("button", { name: "Resources" });
  await resources.click();
  await expect(resources).toHaveAttribute("aria-expanded", "true");
  await nav.getByRole("link", { name: "FAQs", exact: true }).click();
  await expect(page).toHaveURL(/\/#faq$/);
  await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 10_000 }).toBeGreaterThan(0);
  await waitForScrollToSettle(page);
  const top = await page.locator("section#faq").evaluate((element) => element.getBoundingClientRect().top);
  expect(top).toBeGreaterThanOrEqual(-1);
  expect(top).toBeLessThanOrEqual(150);
});

test("after a navigation in the browser from a page React runs, the home page's FAQ and carousel respond", async ({
  page,
}) => {
  await openPage(page, await pathOfAPageReactRuns(page));
  const documentsLoaded: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documentsLoaded.push(request.url());
  });
  await page
    .getByRole("banner")
    .getByRole("link", { name: /, home$/ })
    .click();
  await expect(page).toHaveURL(/\/$/);
  // React Router rendered the home page itself: no new document was fetched.
  expect(documentsLoaded).toEqual([]);

  const first = questions(page).nth(0);
  await first.click();
  await expect(first).toHaveAttribute("aria-expanded", "true");

  const carousel = page.locator("section#testimonials");
  await carousel.getByRole("button", { name: "Show testimonial 3" }).click();
  await expect(carousel.getByRole("button", { name: "Show testimonial 3" })).toHaveAttribute(
    "aria-current",
    "true",
  );
});
