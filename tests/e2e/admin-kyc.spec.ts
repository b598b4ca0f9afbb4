import { expect, type Page, test } from "@playwright/test";
import { signUp, uniqueEmail } from "./support/accounts";
import { checkStaffPages, staffPage } from "./support/back-office";
import { waitUntilInteractive } from "./support/site";
import { desktopViewport } from "./support/viewports";

test.use({ viewport: desktopViewport });

async function sendKycDetails(page: Page, idNumber: string) {
  await page.goto("/onboarding");
  await waitUntilInteractive(page);
  await page.getByLabel("Address").fill("12 Main Street, Springfield");
  await page.getByLabel("Phone").fill("(201) 555-0123");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("Date of Birth").fill("1990-04-02");
  await page.getByLabel("ID Number").fill(idNumber);
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("status")).toContainText("KYC information submitted successfully");
}

function identityPanel(page: Page) {
  return page.getByRole("region", { name: "Identity verification" });
}

test("staff reject with a reason, the customer resubmits, staff approve", async ({ page, browser }) => {
  const name = `Kyc Customer ${Date.now()}`;
  await signUp(page, name, uniqueEmail("kyc"));
  await sendKycDetails(page, "AB12345678");

  const staff = await staffPage(browser, "/admin/kyc");
  const card = staff.getByRole("listitem").filter({ has: staff.getByRole("heading", { name }) });
  await expect(card).toContainText("ending in 5678");
  await expect(staff.getByRole("main")).not.toContainText("AB1234");
  await card.getByRole("link", { name: /^Reject/ }).click();
  await card.getByLabel("Reason for the rejection").fill("The photo of the ID is too blurry to read.");
  await card.getByRole("button", { name: /^Reject/ }).click();
  await expect(staff.getByRole("status")).toContainText("KYC rejected");

  await page.goto("/my-profile");
  await expect(identityPanel(page)).toContainText("Rejected");
  await expect(identityPanel(page)).toContainText("The photo of the ID is too blurry to read.");
  await identityPanel(page).getByRole("link", { name: "Send your details again" }).click();
  await page.waitForURL(/\/onboarding/);
  await sendKycDetails(page, "CD98761234");
  await page.goto("/my-profile");
  await expect(identityPanel(page)).toContainText("Pending");
  await expect(identityPanel(page)).not.toContainText("blurry");

  await staff.goto("/admin/kyc");
  await expect(card).toContainText("ending in 1234");
  await card.getByRole("button", { name: /^Approve/ }).click();
  await expect(staff.getByRole("status")).toContainText("KYC approved");
  await staff.goto("/admin/kyc?status=approved");
  await expect(card).toContainText("Approved");

  await page.goto("/my-profile");
  await expect(identityPanel(page)).toContainText("Approved");
  await expect(identityPanel(page)).toContainText("Your identity is verified.");
  await staff.context().close();
});

test("the dashboard and the KYC pages pass axe at 360 and 1280 px without sideways scrolling", async ({
  page,
  browser,
}) => {
  await signUp(page, `Queue Person ${Date.now()}`, uniqueEmail("queue"));
  await sendKycDetails(page, "QQ12340000");
  const staff = await staffPage(browser);
  await checkStaffPages(staff, ["/admin", "/admin/kyc", "/admin/kyc?status=rejected"], "kyc");
  await staff.context().close();
});
