import { expect, type Page, test } from "@playwright/test";
import { openPage } from "./support/site";
import { desktopViewport } from "./support/viewports";

// Motion is part of what this file checks (the suite asks for reduced motion: playwright.config.ts).
test.use({ viewport: desktopViewport, reducedMotion: "no-preference" });

const AUTOPLAY_WINDOW_MS = 6_000;

function slides(page: Page) {
  return page.locator("section#testimonials").locator('[aria-roledescription="slide"]');
}

/** The 1-based position of the slide marked selected, checking that exactly one is. */
async function selectedSlide(page: Page): Promise<number> {
  const flags = await slides(page).evaluateAll((elements) =>
    elements.map((element) => element.getAttribute("data-selected") === "true"),
  );
  const selected = flags.flatMap((flag, index) => (flag ? [index + 1] : []));
  if (selected.length !== 1) throw new Error(`expected one selected slide, found ${selected.length}`);
  return selected[0]!;
}

async function openCarousel(page: Page) {
  await openPage(page, "/", "section#testimonials button");
  await page.locator("section#testimonials").scrollIntoViewIfNeeded();
  await expect(slides(page)).toHaveCount(4);
}

function dot(page: Page, position: number) {
  return page.locator("section#testimonials").getByRole("button", { name: `Show testimonial ${position}` });
}

test("the carousel marks one slide and its pagination button as current", async ({ page }) => {
  await openCarousel(page);
  const current = await selectedSlide(page);
  for (const position of [1, 2, 3, 4]) {
    const button = dot(page, position);
    await expect(button).toBeVisible();
    if (position === current) await expect(button).toHaveAttribute("aria-current", "true");
    else await expect(button).not.toHaveAttribute("aria-current", "true");
  }
});

test("the carousel advances by itself", async ({ page }) => {
  await openCarousel(page);
  const start = await selectedSlide(page);
  await expect
    .poll(() => selectedSlide(page), { timeout: AUTOPLAY_WINDOW_MS, intervals: [250] })
    .not.toBe(start);
  const now = await selectedSlide(page);
  await expect(dot(page, now)).toHaveAttribute("aria-current", "true");
  await expect(dot(page, start)).not.toHaveAttribute("aria-current", "true");
});

test("choosing a testimonial shows it, and autoplay carries on afterwards", async ({ page }) => {
  await openCarousel(page);
  await dot(page, 3).click();
  await page.mouse.move(0, 0);
  await expect.poll(() => selectedSlide(page), { intervals: [100] }).toBe(3);
  await expect(dot(page, 3)).toHaveAttribute("aria-current", "true");
  await expect(slides(page).nth(2)).toHaveAttribute("data-selected", "true");

  await expect.poll(() => selectedSlide(page), { timeout: AUTOPLAY_WINDOW_MS, intervals: [250] }).not.toBe(3);
});

test("with reduced motion the carousel stays where the visitor put it", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await openCarousel(page);
  expect(await selectedSlide(page)).toBe(1);

  // The carousel is live: choosing a slide still works.
  await dot(page, 2).click();
  await page.mouse.move(0, 0);
  await expect.poll(() => selectedSlide(page), { intervals: [100] }).toBe(2);

  // Longer than the autoplay delay and the time a slide change takes: nothing moves by itself.
  await page.waitForTimeout(AUTOPLAY_WINDOW_MS);
  expect(await selectedSlide(page)).toBe(2);
  await expect(dot(page, 2)).toHaveAttribute("aria-current", "true");
});
