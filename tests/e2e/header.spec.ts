import { expect, type Page, test } from "@playwright/test";
import { menuServices, openPage, resourceLinks, staticAndReactPages } from "./support/site";
import { desktopViewport } from "./support/viewports";

test.use({ viewport: desktopViewport });

function mainNav(page: Page) {
  return page.getByRole("navigation", { name: "Main" });
}

async function expectServiceLinks(page: Page, visible: boolean) {
  for (const name of menuServices) {
    const link = mainNav(page).getByRole("link", { name, exact: true });
    if (visible) await expect(link).toBeVisible();
    else await expect(link).toBeHidden();
  }
}

// The same behaviours drive the header on a static page and on one React runs (decision 29).
for (const target of staticAndReactPages("/services")) {
  test.describe(`on ${target.name}`, () => {
    test.beforeEach(async ({ page }) => {
      await openPage(page, await target.path(page));
    });

    test("the Services menu opens on click and closes with Escape, returning focus", async ({ page }) => {
      const button = mainNav(page).getByRole("button", { name: "Services" });
      await expect(button).toHaveAttribute("aria-expanded", "false");
      await expectServiceLinks(page, false);

      await button.click();
      await expect(button).toHaveAttribute("aria-expanded", "true");
      await expectServiceLinks(page, true);

      await page.keyboard.press("Escape");
      await expect(button).toHaveAttribute("aria-expanded", "false");
      await expectServiceLinks(page, false);
      await expect(button).toBeFocused();
    });

    for (const key of ["Enter", " "] as const) {
      test(`the Services menu opens from the keyboard with ${key === " " ? "Space" : key}`, async ({
        page,
      }) => {
        const button = mainNav(page).getByRole("button", { name: "Services" });
        await button.focus();
        await page.keyboard.press(key);
        await expect(button).toHaveAttribute("aria-expanded", "true");
        await expectServiceLinks(page, true);

        // The links are reachable with Tab, in order.
        await page.keyboard.press("Tab");
        await expect(mainNav(page).getByRole("link", { name: menuServices[0], exact: true })).toBeFocused();

        await page.keyboard.press("Escape");
        await expect(button).toHaveAttribute("aria-expanded", "false");
        await expect(button).toBeFocused();
      });
    }

    test("hovering the Services menu opens it", async ({ page }) => {
      const button = mainNav(page).getByRole("button", { name: "Services" });
      await button.hover();
      await expect(button).toHaveAttribute("aria-expanded", "true");
      await expectServiceLinks(page, true);
      const link = mainNav(page).getByRole("link", { name: "Digital Marketing", exact: true });
      await expect(link).toHaveAttribute("href", "/service2");
      await link.click();
      await expect(page).toHaveURL(/\/service2$/);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Digital Marketing");
    });

    test("the Resources menu offers testimonials, FAQs, the blog and the projects", async ({ page }) => {
      const services = mainNav(page).getByRole("button", { name: "Services" });
      await services.click();
      await expect(services).toHaveAttribute("aria-expanded", "true");

      const button = mainNav(page).getByRole("button", { name: "Resources" });
      await expect(button).toHaveAttribute("aria-expanded", "false");
      await button.click();
      await expect(button).toHaveAttribute("aria-expanded", "true");
      for (const name of resourceLinks) {
        await expect(mainNav(page).getByRole("link", { name, exact: true })).toBeVisible();
      }
      await expect(mainNav(page).getByRole("link", { name: "Blog", exact: true })).toHaveAttribute(
        "href",
        "/blog",
      );
      // Only one menu is open at a time: opening Resources closed Services.
      await expect(services).toHaveAttribute("aria-expanded", "false");
    });

    test("a click outside closes an open menu", async ({ page }) => {
      const button = mainNav(page).getByRole("button", { name: "Services" });
      await button.click();
      await expect(button).toHaveAttribute("aria-expanded", "true");
      await page.getByRole("main").click({ position: { x: 5, y: 300 } });
      await expect(button).toHaveAttribute("aria-expanded", "false");
    });

    test("'Request a Free Consultation' leads to the contact page", async ({ page }) => {
      const cta = page.getByRole("banner").getByRole("link", { name: "Request a Free Consultation" });
      await expect(cta).toBeVisible();
      await expect(cta).toHaveAttribute("href", "/contact");
    });
  });
}
