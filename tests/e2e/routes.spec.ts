import { expect, type Page, test } from "@playwright/test";
import { footerTagline, publicPages } from "./support/site";
import { desktopViewport } from "./support/viewports";

test.use({ viewport: desktopViewport });

async function expectInsideShell(page: Page) {
  const header = page.getByRole("banner");
  await expect(header).toBeVisible();
  await expect(header.getByRole("navigation", { name: "Main" })).toBeVisible();
  const footer = page.getByRole("contentinfo");
  await expect(footer).toBeVisible();
  await expect(footer).toContainText(footerTagline);
  await expect(footer.getByText(/^©/)).toBeVisible();
  await expect(page.getByRole("main")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
}

for (const path of publicPages) {
  test(`${path} answers 200 inside the site shell`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["content-type"]).toContain("text/html");
    await expectInsideShell(page);
  });
}

test("a blog post listed on /blog answers 200 inside the shell", async ({ page }) => {
  await page.goto("/blog");
  const postLinks = page.getByRole("main").locator('a[href^="/blog/"]:not([href$=".xml"])');
  await expect(postLinks.first()).toBeVisible();
  const href = await postLinks.first().getAttribute("href");
  const response = await page.goto(href ?? "/blog/missing");
  expect(response?.status(), `status of ${href}`).toBe(200);
  await expectInsideShell(page);
});

test("the blog feed is XML", async ({ request }) => {
  const response = await request.get("/blog/rss.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/xml/);
  const body = await response.text();
  expect(body.trimStart()).toMatch(/^<\?xml/);
  expect(body).toContain("<rss");
  expect(body).toContain("<item>");
});

test("the sitemap lists the site's pages", async ({ request }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/xml/);
  const body = await response.text();
  expect(body).toContain("<urlset");
  for (const path of ["/services", "/service1", "/about", "/blog"]) {
    expect(body, `sitemap lists ${path}`).toMatch(new RegExp(`<loc>[^<]*${path}</loc>`));
  }
});

test("robots.txt answers 200 and points to the sitemap", async ({ request }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/plain");
  const body = await response.text();
  expect(body).toMatch(/^User-agent:/im);
  expect(body).toMatch(/^Sitemap: \S+\/sitemap\.xml$/im);
});

test("an unknown path answers 404 with a styled page and a link home", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  const homeLinks = page.getByRole("main").locator('a[href="/"]');
  await expect(homeLinks.first()).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText(footerTagline);
});

test("the 404 page shows without JavaScript too", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  try {
    const page = await context.newPage();
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  } finally {
    await context.close();
  }
});

test("a path with malformed percent-encoding is a client error, never a server error", async ({
  request,
}) => {
  const response = await request.get("/%E0%A4%A");
  expect([400, 404]).toContain(response.status());
});
