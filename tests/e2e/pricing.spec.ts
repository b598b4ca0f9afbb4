import { expect, test } from "@playwright/test";
import { uniqueEmail } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { staffPage } from "./support/back-office";
import { screenToLookAt } from "./support/screens-to-look-at";
import { openPage } from "./support/site";
import { desktopViewport, viewports } from "./support/viewports";

test.use({ viewport: desktopViewport });

test("the home page's plan step leads to the plans, and choosing one opens the form with it selected", async ({
  page,
  browser,
}) => {
  await openPage(page, "/");
  const steps = page.getByRole("region", { name: "What to Expect" });
  await steps.getByRole("link", { name: "Choose a Suitable Plan" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole("heading", { level: 1, name: "Plans and Pricing" })).toBeVisible();

  const growth = page.getByRole("article", { name: "Growth" });
  await expect(growth).toContainText("$1,080");
  await expect(growth).toContainText("60 hours a month");
  await growth.getByRole("link", { name: "Choose Growth" }).click();
  await expect(page).toHaveURL(/\/contact\?plan=growth$/);
  const plan = page.getByLabel("Plan (optional)");
  await expect(plan).toHaveValue("growth");
  await expect(plan.locator("option:checked")).toHaveText("Growth (60 hours for $1,080 a month)");

  // The plan travels with the inquiry to the staff's inquiry page.
  const name = `Plan Chooser ${Date.now()}`;
  const email = uniqueEmail("plan");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Phone Number", { exact: true }).fill("(201) 555-0123");
  await page.getByLabel("Business Type", { exact: true }).selectOption("Startup");
  await page.getByRole("checkbox", { name: "Digital Marketing" }).check();
  await page.getByLabel("Industry", { exact: true }).selectOption("Tech");
  await page.getByLabel("Timezone", { exact: true }).selectOption("EST");
  await page
    .getByRole("main")
    .getByRole("button", { name: /^Submit/ })
    .click();
  await expect(page.getByRole("heading", { name: "Form submitted successfully!" })).toBeVisible();

  const staff = await staffPage(browser, "/admin/inquiries");
  await staff.getByRole("row").filter({ hasText: email }).getByRole("link", { name }).click();
  await expect(staff.getByRole("main")).toContainText("Growth (60 hours for $1,080 a month)");
});

test("the closing call to action's Flexible Plans and each service page's offer link to the plans", async ({
  page,
}) => {
  await openPage(page, "/");
  await expect(
    page
      .getByRole("region", { name: "Ready to Scale Your Business?" })
      .getByRole("link", { name: "Flexible Plans" }),
  ).toHaveAttribute("href", "/pricing");

  await openPage(page, "/service3");
  await page.getByRole("link", { name: "See plans" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});

test("the pricing page explains a free plan consultation against a paid session with a consultant", async ({
  page,
}) => {
  await openPage(page, "/pricing");
  const difference = page.getByRole("region", { name: "A monthly plan or a session with a specialist?" });
  await expect(difference).toContainText("The consultation about a plan is free");
  await expect(difference).toContainText("A paid 30-minute session");
  await expect(difference.getByRole("link", { name: "Find a consultant" })).toHaveAttribute(
    "href",
    "/consultant",
  );
  await expect(page.getByRole("region", { name: "With every plan" })).toContainText(
    "Plan changes take effect at the start of the following month.",
  );
});

for (const { name, size } of viewports) {
  test(`the pricing page is accessible and fits at ${name}`, async ({ page }) => {
    await page.setViewportSize(size);
    await openPage(page, "/pricing");
    await expect(page.getByRole("article")).toHaveCount(3);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, "sideways scroll in pixels").toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, `/pricing at ${name}`);
    await screenToLookAt(page, `pricing-${size.width}`);

    // Keyboard users reach each plan's button and see where they are.
    const choose = page.getByRole("link", { name: "Choose Starter" });
    await choose.focus();
    await expect(choose).toBeFocused();
    const outline = await choose.evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(outline).not.toBe("none");
  });
}

test("the contact form with a plan is accessible at 360 px", async ({ page }) => {
  await page.setViewportSize(viewports[0].size);
  await openPage(page, "/contact?plan=starter", "form");
  await expect(page.getByLabel("Plan (optional)")).toHaveValue("starter");
  await expectNoAxeViolations(page, "/contact?plan=starter at 360 px");
});
