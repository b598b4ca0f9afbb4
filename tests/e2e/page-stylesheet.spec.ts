import { readdirSync, readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { publicPages, waitUntilInteractive } from "./support/site";
import { mobileViewport, viewports } from "./support/viewports";

// Static pages carry only the stylesheet rules their markup uses (decision 35). Here each one is
// drawn as served and again with the whole stylesheet in its place: every element must come out
// the same, at both widths, or a rule the page needs was left out.

const buildDirectory = process.env.BUILD_DIR ?? "build";
const assetsFolder = `${buildDirectory}/client/assets`;
const wholeStylesheetFile = readdirSync(assetsFolder).find((name) => /^app-.*\.css$/.test(name));
const wholeStylesheet = wholeStylesheetFile
  ? readFileSync(`${assetsFolder}/${wholeStylesheetFile}`, "utf8")
  : "";

const fixedPages = [
  ...publicPages,
  "/pricing",
  "/contact",
  "/login",
  "/forgot-password",
  "/consultant",
  "/consultant/it?sort=fee-high",
  "/consultant/no-such-speciality",
  "/project",
  // A 404 on a static page's address: the error page, a lazy part rendered on the server.
  "/projects/00000000-0000-4000-8000-000000000000",
];

/** Every element's computed style (and its ::before and ::after), animations held at their start. */
function drawnStyles(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      animation.pause();
      animation.currentTime = 0;
    }
    const described = (style: CSSStyleDeclaration) =>
      Array.from(style, (property) => `${property}:${style.getPropertyValue(property)}`).join(";");
    return Array.from(document.querySelectorAll("*"), (element) => {
      const own = described(getComputedStyle(element));
      const before = getComputedStyle(element, "::before").getPropertyValue("content");
      const after = getComputedStyle(element, "::after").getPropertyValue("content");
      return `${element.tagName}.${element.getAttribute("class") ?? ""} ${own} ::before ${before} ::after ${after}`;
    });
  });
}

async function expectSameAsWithWholeStylesheet(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status()).toBeLessThan(500);
  await waitUntilInteractive(page);
  const ownStylesheet = await page.locator("head style").first().textContent();
  expect(ownStylesheet?.length ?? 0, "the page carries less than the whole stylesheet").toBeLessThan(
    wholeStylesheet.length * 0.8,
  );
  const asServed = await drawnStyles(page);
  await page.evaluate((text) => {
    const style = document.querySelector("head style");
    if (style) style.textContent = text;
  }, wholeStylesheet);
  const withWholeStylesheet = await drawnStyles(page);
  expect(asServed.length).toBe(withWholeStylesheet.length);
  const differences = asServed
    .map((drawn, index) => ({ drawn, whole: withWholeStylesheet[index] }))
    .filter(({ drawn, whole }) => drawn !== whole)
    .map(({ drawn, whole }) => {
      const drawnParts = drawn.split(";");
      const wholeParts = new Set(whole?.split(";"));
      return `${drawn.slice(0, drawn.indexOf(" "))}: ${drawnParts.filter((part) => !wholeParts.has(part)).join("; ")}`;
    });
  expect(differences, `${path} differs from its look with the whole stylesheet`).toEqual([]);
}

test.beforeAll(() => {
  expect(wholeStylesheetFile, `the build's stylesheet in ${assetsFolder}`).toBeDefined();
});

for (const { name, size } of viewports) {
  test.describe(name, () => {
    test.use({ viewport: size });

    test("every static page looks as it would with the whole stylesheet", async ({ page }) => {
      // A walk over every static page, twice each: on a busy two-core machine it has taken over two minutes.
      test.setTimeout(240_000);
      const linked: string[] = [];
      for (const list of ["/blog", "/project"]) {
        await page.goto(list);
        const href = await page
          .locator("main a[href^='/blog/']:not([href$='.xml']), main a[href^='/projects/']")
          .first()
          .getAttribute("href");
        if (href) linked.push(href);
      }
      expect(linked).toHaveLength(2);
      for (const path of [...fixedPages, ...linked]) await expectSameAsWithWholeStylesheet(page, path);
    });
  });
}

test("the chat on a static page brings the whole stylesheet before it draws its panel", async ({ page }) => {
  await page.setViewportSize(mobileViewport);
  await page.goto("/services");
  await waitUntilInteractive(page);
  await expect(page.locator("link[data-whole-stylesheet]")).toHaveCount(0);
  await page.getByRole("button", { name: /^Chat with our assistant/ }).click();
  const panel = page.getByRole("dialog", { name: /assistant/ });
  await expect(panel).toBeVisible();
  await expect(page.locator("link[data-whole-stylesheet]")).toHaveCount(1);
  // The panel fills a phone's screen by a class the page's own stylesheet does not hold.
  expect(await page.locator("head style").first().textContent()).not.toContain("--chat-height");
  await expect(panel).toHaveCSS("height", `${mobileViewport.height}px`);
});
