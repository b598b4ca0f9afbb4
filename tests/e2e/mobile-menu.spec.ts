import { expect, test } from "@playwright/test";
import { menuServices, openPage, resourceLinks, staticAndReactPages } from "./support/site";
import { mobileViewport } from "./support/viewports";

test.use({ viewport: mobileViewport });

// The same behaviour drives the menu on a static page and on one React runs (decision 29).
for (const target of staticAndReactPages("/about")) {
  test.describe(`on ${target.name}`, () => {
    test.beforeEach(async ({ page }) => {
      await openPage(page, await target.path(page));
    });

    test("the menu button opens the mobile menu with Home, Services and Resources", async ({ page }) => {
      const menu = page.locator("nav#mobile-menu");
      await expect(menu).toBeHidden();
      // The desktop navigation is not shown on a phone.
      await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();

      const openButton = page.getByRole("button", { name: "Open menu" });
      await expect(openButton).toHaveAttribute("aria-expanded", "false");
      await openButton.click();

      await expect(menu).toBeVisible();
      const closeButton = page.getByRole("button", { name: "Close menu" });
      await expect(closeButton).toHaveAttribute("aria-expanded", "true");
      await expect(menu.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("href", "/");

      const services = menu.getByRole("button", { name: "Services" });
      await expect(services).toHaveAttribute("aria-expanded", "false");
      await services.click();
      await expect(services).toHaveAttribute("aria-expanded", "true");
      for (const name of menuServices) {
        await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
      }

      // The list opens in place, inside the menu, below its button.
      const servicesBox = await services.boundingBox();
      const firstServiceBox = await menu
        .getByRole("link", { name: menuServices[0], exact: true })
        .boundingBox();
      expect(firstServiceBox?.y ?? 0).toBeGreaterThan(servicesBox?.y ?? Number.POSITIVE_INFINITY);

      // A tap on Resources while Services is open expands Resources.
      const resources = menu.getByRole("button", { name: "Resources" });
      await resources.click();
      await expect(resources).toHaveAttribute("aria-expanded", "true");
      for (const name of resourceLinks) {
        await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
      }

      await closeButton.click();
      await expect(menu).toBeHidden();
      await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
    });

    test("choosing a link in the mobile menu navigates and closes the menu", async ({ page }) => {
      await page.getByRole("button", { name: "Open menu" }).click();
      const menu = page.locator("nav#mobile-menu");
      await menu.getByRole("button", { name: "Services" }).click();
      await menu.getByRole("link", { name: "Project Management", exact: true }).click();

      await expect(page).toHaveURL(/\/service4$/);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Project Management");
      await expect(menu).toBeHidden();
      await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
    });

    test("the mobile menu's Home link goes home and closes the menu", async ({ page }) => {
      await page.getByRole("button", { name: "Open menu" }).click();
      const menu = page.locator("nav#mobile-menu");
      await menu.getByRole("link", { name: "Home", exact: true }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(menu).toBeHidden();
    });
  });
}

test("from the home page a visitor reaches the consultants in two taps", async ({ page }) => {
  await openPage(page, "/");
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.locator("nav#mobile-menu").getByRole("link", { name: "Consultants", exact: true }).click();
  await expect(page).toHaveURL(/\/consultant$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Consultants");
});

test("a service page leads to the consultants who fit it", async ({ page }) => {
  await openPage(page, "/service3");
  const section = page.getByRole("region", { name: "Talk to a specialist" });
  await expect(section).toContainText("30-minute paid session");
  await section.getByRole("link", { name: "Tax Consultants" }).click();
  await expect(page).toHaveURL(/\/consultant\/tax$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tax Consultants");
});
