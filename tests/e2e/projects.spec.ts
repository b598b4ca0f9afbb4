import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { waitUntilInteractive } from "./support/site";
import { desktopViewport, mobileViewport } from "./support/viewports";

test("projects filter by type and back to All Projects, and open a project page", async ({ page }) => {
  await page.setViewportSize(desktopViewport);
  await page.goto("/project");
  await waitUntilInteractive(page);
  const cards = page.getByRole("main").locator('a[href^="/projects/"]');
  await expect(cards).toHaveCount(8);
  await page.getByRole("link", { name: "Renewable Energy" }).click();
  await page.waitForURL(/\/project\/renewable-energy$/);
  await expect(cards).toHaveCount(3);
  await expect(page.getByRole("main")).toContainText("ROI:");
  await page.getByRole("link", { name: "All Projects" }).click();
  await page.waitForURL(/\/project$/);
  await expect(cards).toHaveCount(8);

  await cards.first().click();
  await page.waitForURL(/\/projects\//);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("Return on investment")).toBeVisible();
});

test("an unknown project type shows 'No projects found'", async ({ page }) => {
  const response = await page.goto("/project/space-travel");
  expect(response?.status()).toBe(200);
  await expect(page.getByText("No projects found")).toBeVisible();
});

test("the Filters toggle at 360 px", async ({ page }) => {
  await page.setViewportSize(mobileViewport);
  await page.goto("/project");
  await waitUntilInteractive(page);
  const filters = page.getByRole("navigation", { name: "Project types" });
  await expect(filters).toBeHidden();
  await page.getByRole("button", { name: "Filters" }).click();
  await expect(filters).toBeVisible();
  await page.getByRole("button", { name: "Filters" }).click();
  await expect(filters).toBeHidden();
});

for (const viewport of [mobileViewport, desktopViewport]) {
  test(`/project has no axe violations at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/project");
    await waitUntilInteractive(page);
    await expectNoAxeViolations(page, `/project at ${viewport.width} px`);
  });
}
