/**
 * Issue 18, item 7: every public page at 360, 768 and 1280 px compared with its committed reference
 * (tests/e2e/visual-references/), so a change cannot break the look unseen. The pages come from a
 * server of their own (playwright.config.ts, project "visual"), whose data no other test changes.
 * What the clock changes (a consultant's next free time, the copyright year) is masked.
 *
 * After a deliberate change of the look: `npm run build && npx playwright test --project visual
 * --update-snapshots`, then look at every changed picture before committing it.
 */
import { expect, type Page, test } from "@playwright/test";
import { publicPages, waitUntilInteractive } from "./support/site";

const pages = [...publicPages, "/pricing", "/contact", "/consultant", "/project", "/login"] as const;
const widths = [360, 768, 1280] as const;

/**
 * Every part drawn as a reader scrolling by would see it (parts the browser draws only near the
 * screen, `content-visibility: auto`, are otherwise blank in a picture of the whole page), every
 * picture loaded, the lazy ones too, and the fonts settled: nothing left to pop in.
 */
async function settle(page: Page): Promise<void> {
  await page.addStyleTag({ content: "*{content-visibility:visible!important}" });
  await page.evaluate(async () => {
    for (const image of document.querySelectorAll("img")) image.loading = "eager";
    await Promise.all(
      [...document.images].map((image) =>
        image.complete
          ? null
          : new Promise((resolve) => image.addEventListener("load", resolve, { once: true })),
      ),
    );
    await document.fonts.ready;
  });
}

for (const width of widths) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 }, reducedMotion: "reduce" });

    for (const path of pages) {
      test(`${path} looks as it did`, async ({ page }) => {
        await page.goto(path);
        await waitUntilInteractive(page);
        await settle(page);
        const name = `${path === "/" ? "home" : path.slice(1)}-${width}.png`;
        await expect(page).toHaveScreenshot(name, {
          fullPage: true,
          animations: "disabled",
          mask: [page.locator("[data-changes-with-time]")],
        });
      });
    }
  });
}
