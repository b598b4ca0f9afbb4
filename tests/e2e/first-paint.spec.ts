import { expect, test } from "@playwright/test";
import { waitUntilInteractive } from "./support/site";
import { mobileViewport } from "./support/viewports";

test.use({ viewport: mobileViewport });

const pages = ["/", "/services", "/service1", "/about", "/contact", "/login"];

for (const path of pages) {
  test(`${path} paints before it asks for any script or stylesheet, then hydrates`, async ({ page }) => {
    const stylesheets: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "stylesheet") stylesheets.push(request.url());
    });
    await page.goto(path);
    await waitUntilInteractive(page);

    const timings = await page.evaluate(() => ({
      firstContentfulPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
      scripts: performance
        .getEntriesByType("resource")
        .filter((entry) => (entry as PerformanceResourceTiming).initiatorType !== "fetch")
        .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
        .map((entry) => ({ url: entry.name, startTime: entry.startTime })),
    }));
    expect(timings.firstContentfulPaint).not.toBeNull();
    expect(timings.scripts.length).toBeGreaterThan(0);
    for (const script of timings.scripts) {
      expect(script.startTime, `${script.url} was asked for before the first paint`).toBeGreaterThanOrEqual(
        timings.firstContentfulPaint ?? Number.POSITIVE_INFINITY,
      );
    }
    expect(stylesheets).toEqual([]);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCSS("font-weight", /[6-9]00/);
  });
}
