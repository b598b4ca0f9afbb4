import { expect, test } from "@playwright/test";
import { logIn, signUp, uniqueEmail } from "./support/accounts";
import { checkStaffPages, staffPage } from "./support/back-office";
import { waitUntilInteractive } from "./support/site";
import { desktopViewport } from "./support/viewports";

test.use({ viewport: desktopViewport });

test("staff read a reset link in the outbox, and the link sets a new password", async ({ page, browser }) => {
  const email = await signUp(page, "Mary Jackson", uniqueEmail("reset"));
  await page.context().clearCookies();
  await page.goto("/forgot-password");
  await waitUntilInteractive(page);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "If an account exists" })).toBeVisible();

  const staff = await staffPage(browser, "/admin/emails");
  const row = staff.getByRole("row").filter({ hasText: email });
  await row.getByRole("link", { name: /new password/i }).click();
  await expect(staff.getByRole("heading", { level: 1 })).toHaveText(/new password/i);
  await expect(staff.getByRole("main")).toContainText(email);
  const messagePath = new URL(staff.url()).pathname;

  // The HTML part sits in a sandboxed frame, served with a policy that sandboxes it again.
  const frame = staff.locator("iframe");
  await expect(frame).toHaveAttribute("sandbox", "");
  await expect(frame).toHaveAttribute("title", /HTML part of/);
  const html = await staff.request.get((await frame.getAttribute("src"))!);
  expect(html.headers()["content-security-policy"]).toContain("sandbox");
  expect(await html.text()).toContain("reset-password?token=");

  const link = await staff.getByRole("link", { name: /\/reset-password\?token=/ }).getAttribute("href");
  expect(link).toMatch(/\/reset-password\?token=/);
  await page.goto(link!);
  await waitUntilInteractive(page);
  await page.getByLabel("New password").fill("a pass phrase staff handed over");
  await page.getByRole("button", { name: "Save new password" }).click();
  await page.waitForURL(/\/login$/);
  await logIn(page, email, "a pass phrase staff handed over");
  await page.waitForURL((url) => url.pathname === "/");

  await checkStaffPages(staff, ["/admin/emails", messagePath], "emails");
  await staff.context().close();
});
