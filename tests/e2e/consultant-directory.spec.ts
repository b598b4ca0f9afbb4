import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { waitUntilInteractive } from "./support/site";
import { desktopViewport, mobileViewport } from "./support/viewports";

// The demo consultants (db/demo-consultants.ts): IT has Lucas Meyer ($80), Priya Desai ($95) and
// Noah Fischer ($105); Marketing has Aisha Bello ($70), Chloe Martin ($90) and Daniel Kim ($130).

test.use({ viewport: desktopViewport });

function cardNames(page: Page) {
  return page.getByRole("main").locator('a[href^="/appointment/"]').getByRole("heading", { level: 3 });
}

function searchForm(page: Page) {
  return page.getByRole("search", { name: "Find a consultant" });
}

/** Holds the page's modules back, as on a slow phone, until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The address's path and query, e.g. "/consultant/it?when=week". */
function pathAndQuery(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

test("a visitor finds a consultant by part of their name, and every card tells the next free time", async ({
  page,
}) => {
  await page.goto("/consultant");
  await waitUntilInteractive(page);
  const cards = page.getByRole("main").locator('a[href^="/appointment/"]');
  // Every card of the full list says when the consultant is next free, or that they are not.
  await expect(cards.first()).toContainText(/Next free time|No free time in the next 7 days/);
  await expect(page.getByText("Free times in New York time")).toBeVisible();

  await searchForm(page).getByLabel("Consultant name").fill("petrova");
  await searchForm(page).getByLabel("Consultant name").press("Enter");
  await page.waitForURL((url) => url.search === "?q=petrova");
  await expect(cardNames(page)).toHaveText(["Nina Petrova"]);
  await expect(page.getByRole("heading", { level: 2, name: "1 consultant", exact: true })).toBeVisible();
});

test("speciality, free this week and a fee ceiling narrow the list, the order changes it, and the address keeps it all", async ({
  page,
}) => {
  await page.goto("/consultant/it");
  await waitUntilInteractive(page);
  await expect(cardNames(page)).toHaveText(["Lucas Meyer", "Noah Fischer", "Priya Desai"]);

  // With JavaScript, each choice applies at once.
  await searchForm(page).getByLabel("Free time").selectOption({ label: "This week" });
  await page.waitForURL((url) => url.search === "?when=week");
  await searchForm(page).getByLabel("Fee for 30 min").selectOption({ label: "Up to $100" });
  await page.waitForURL((url) => url.search === "?when=week&maxFee=100");
  await expect(cardNames(page)).toHaveText(["Lucas Meyer", "Priya Desai"]);
  await expect(page.getByRole("heading", { level: 2, name: "2 consultants", exact: true })).toBeVisible();

  await page.getByLabel("Sort by").selectOption({ label: "Highest fee" });
  await page.waitForURL((url) => url.search === "?when=week&maxFee=100&sort=fee-high");
  await expect(cardNames(page)).toHaveText(["Priya Desai", "Lucas Meyer"]);
  await page.getByLabel("Sort by").selectOption({ label: "Lowest fee" });
  await page.waitForURL((url) => url.search === "?when=week&maxFee=100&sort=fee-low");
  await expect(cardNames(page)).toHaveText(["Lucas Meyer", "Priya Desai"]);

  // Another speciality keeps the filters and the order.
  await page.getByRole("link", { name: "Marketing Consultants", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/consultant/marketing");
  expect(pathAndQuery(page)).toBe("/consultant/marketing?when=week&maxFee=100&sort=fee-low");
  await expect(cardNames(page)).toHaveText(["Aisha Bello", "Chloe Martin"]);

  // Back restores the earlier lists and the choices shown in the form.
  await page.goBack();
  await page.waitForURL((url) => url.pathname === "/consultant/it");
  await expect(cardNames(page)).toHaveText(["Lucas Meyer", "Priya Desai"]);
  await page.goBack();
  await page.waitForURL((url) => url.search === "?when=week&maxFee=100&sort=fee-high");
  await expect(cardNames(page)).toHaveText(["Priya Desai", "Lucas Meyer"]);
  await expect(page.getByLabel("Sort by")).toHaveValue("fee-high");
  await page.goBack();
  await page.goBack();
  await page.waitForURL((url) => url.search === "?when=week");
  await expect(searchForm(page).getByLabel("Fee for 30 min")).toHaveValue("");
  await expect(searchForm(page).getByLabel("Free time")).toHaveValue("week");
  await expect(cardNames(page)).toHaveText(["Lucas Meyer", "Noah Fischer", "Priya Desai"]);

  // The address alone, opened anew (shared), shows the same list.
  await page.goto("/consultant/it?when=week&maxFee=100&sort=fee-high");
  await expect(cardNames(page)).toHaveText(["Priya Desai", "Lucas Meyer"]);
});

test("what a visitor types before the scripts arrive is still there when they do", async ({ page }) => {
  // The page's modules are held back until the visitor has typed, as on a slow phone.
  const releaseScripts = await holdScripts(page);
  // The load event waits for the held modules: go on as soon as the page's HTML is there.
  await page.goto("/consultant", { waitUntil: "domcontentloaded" });
  await searchForm(page).getByLabel("Consultant name").fill("petrova");
  releaseScripts();
  await waitUntilInteractive(page);
  await expect(searchForm(page).getByLabel("Consultant name")).toHaveValue("petrova");
  await searchForm(page).getByLabel("Consultant name").press("Enter");
  await page.waitForURL((url) => url.search === "?q=petrova");
  await expect(cardNames(page)).toHaveText(["Nina Petrova"]);
});

test("on a phone, a new order keeps the visitor's place on the page", async ({ page }) => {
  await page.setViewportSize(mobileViewport);
  await page.goto("/consultant");
  await waitUntilInteractive(page);
  const sort = page.getByLabel("Sort by");
  // The order stands above the list: the visitor has scrolled it to the top of the screen.
  await sort.evaluate((select) => select.scrollIntoView({ block: "start" }));
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(300);
  await sort.selectOption({ label: "Highest fee" });
  await page.waitForURL((url) => url.search === "?sort=fee-high");
  await waitUntilInteractive(page);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(before);
  await expect(sort).toBeInViewport();
});

test("an order chosen before the scripts arrive applies when they do", async ({ page }) => {
  const releaseScripts = await holdScripts(page);
  await page.goto("/consultant/it", { waitUntil: "domcontentloaded" });
  await page.getByLabel("Sort by").selectOption({ label: "Highest fee" });
  expect(new URL(page.url()).search).toBe("");
  releaseScripts();
  await page.waitForURL((url) => url.search === "?sort=fee-high");
  await expect(cardNames(page)).toHaveText(["Noah Fischer", "Priya Desai", "Lucas Meyer"]);
  await expect(page.getByLabel("Sort by")).toHaveValue("fee-high");
});

test("the form works without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: desktopViewport });
  const page = await context.newPage();
  await page.goto("/consultant/marketing");
  await searchForm(page).getByLabel("Fee for 30 min").selectOption({ label: "Up to $100" });
  await page.getByLabel("Sort by").selectOption({ label: "Highest fee" });
  await searchForm(page).getByRole("button", { name: "Search" }).click();
  await page.waitForURL((url) => url.searchParams.get("maxFee") === "100");
  expect(new URL(page.url()).pathname).toBe("/consultant/marketing");
  await expect(cardNames(page)).toHaveText(["Chloe Martin", "Aisha Bello"]);
  await context.close();
});

test("an empty result says which filters left nothing, with a link that removes each", async ({ page }) => {
  await page.goto("/consultant/tax?q=xyz&when=today&maxFee=100");
  await waitUntilInteractive(page);
  await expect(cardNames(page)).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 2, name: "0 consultants", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No matching consultants" })).toBeVisible();
  await expect(
    page.getByText("No Tax Consultants match “xyz” with free time today at $100 or less."),
  ).toBeVisible();
  const waysOut = page.getByRole("list", { name: "Ways to widen the search" }).getByRole("link");
  await expect(waysOut).toHaveText([
    "Clear the search",
    "Any free time",
    "Widen the fee",
    "Every speciality",
    "See all consultants",
  ]);
  const hrefs = await waysOut.evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  expect(hrefs).toEqual([
    "/consultant/tax?when=today&maxFee=100",
    "/consultant/tax?q=xyz&maxFee=100",
    "/consultant/tax?q=xyz&when=today",
    "/consultant?q=xyz&when=today&maxFee=100",
    "/consultant",
  ]);

  await page.getByRole("link", { name: "Clear the search" }).click();
  await page.waitForURL((url) => url.search === "?when=today&maxFee=100");
  await expect(searchForm(page).getByLabel("Consultant name")).toHaveValue("");

  await page.goto("/consultant/tax?q=xyz");
  await page.getByRole("link", { name: "See all consultants" }).click();
  await page.waitForURL((url) => url.pathname === "/consultant" && url.search === "");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Consultants");
  await expect(cardNames(page).first()).toBeVisible();
});

test("unknown or overlong values fall back to the plain listing instead of an error", async ({ page }) => {
  const response = await page.goto(`/consultant?when=tomorrow&maxFee=lots&sort=random&q=${"a".repeat(500)}`);
  expect(response?.status()).toBe(200);
  await expect(searchForm(page).getByLabel("Free time")).toHaveValue("");
  await expect(searchForm(page).getByLabel("Fee for 30 min")).toHaveValue("");
  await expect(page.getByLabel("Sort by")).toHaveValue("");
  await expect(searchForm(page).getByLabel("Consultant name")).toHaveValue("a".repeat(100));
});

for (const viewport of [mobileViewport, desktopViewport]) {
  test(`the filtered and the empty directory have no axe violations at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto("/consultant/it?when=week&maxFee=100&sort=fee-low");
    await waitUntilInteractive(page);
    await expectNoAxeViolations(page, `the filtered directory at ${viewport.width} px`);
    await page.goto("/consultant/tax?q=xyz&when=today");
    await waitUntilInteractive(page);
    await expectNoAxeViolations(page, `an empty directory at ${viewport.width} px`);
  });
}
