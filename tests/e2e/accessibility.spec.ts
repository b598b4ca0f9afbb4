import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { openPage, publicPages } from "./support/site";
import { desktopViewport, mobileViewport, viewports } from "./support/viewports";

for (const { name, size } of viewports) {
  test.describe(`at ${name}`, () => {
    test.use({ viewport: size });

    for (const path of publicPages) {
      test(`${path} has no axe violations`, async ({ page }) => {
        await openPage(page, path);
        await expectNoAxeViolations(page, `${path} at ${name}`);
      });
    }

    test("a blog post has no axe violations", async ({ page }) => {
      await openPage(page, "/blog");
      const href = await page
        .getByRole("main")
        .locator('a[href^="/blog/"]:not([href$=".xml"])')
        .first()
        .getAttribute("href");
      expect(href).toBeTruthy();
      await openPage(page, href!);
      await expectNoAxeViolations(page, `${href} at ${name}`);
    });

    test("the 404 page has no axe violations", async ({ page }) => {
      const response = await page.goto("/no-such-page");
      expect(response?.status()).toBe(404);
      await expectNoAxeViolations(page, `the 404 page at ${name}`);
    });
  });
}

test.describe("with menus open", () => {
  test("the mobile menu, with its Services list expanded, has no axe violations", async ({ page }) => {
    await page.setViewportSize(mobileViewport);
    await openPage(page, "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.locator("nav#mobile-menu");
    await expect(menu).toBeVisible();
    await menu.getByRole("button", { name: "Services" }).click();
    await expect(menu.getByRole("link", { name: "Administrative Support", exact: true })).toBeVisible();
    await expectNoAxeViolations(page, "the open mobile menu");
  });

  for (const menuName of ["Services", "Resources"]) {
    test(`the open ${menuName} dropdown has no axe violations`, async ({ page }) => {
      await page.setViewportSize(desktopViewport);
      await openPage(page, "/");
      const button = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: menuName });
      await button.focus();
      await page.keyboard.press("Enter");
      await expect(button).toHaveAttribute("aria-expanded", "true");
      await expectNoAxeViolations(page, `the open ${menuName} dropdown`);
    });
  }
});
