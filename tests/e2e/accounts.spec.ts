import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { DEFAULT_PASSWORD, logIn, signUp, uniqueEmail, waitForMail } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { waitUntilInteractive } from "./support/site";
import { desktopViewport, mobileViewport } from "./support/viewports";

test.use({ viewport: mobileViewport });

test("sign up, complete the three onboarding steps and land home with the toast", async ({ page }) => {
  await signUp(page, "Grace Hopper");
  await expect(page.getByRole("status")).toContainText("Account created successfully");
  await waitUntilInteractive(page);

  // Step 1 is checked before it advances.
  await page.getByLabel("Address").fill("12 Main Street, Springfield");
  await page.getByLabel("Phone").fill("12");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText(/valid phone number/)).toBeVisible();
  await page.getByLabel("Phone").fill("(201) 555-0123");
  await page.getByRole("button", { name: "Next" }).click();

  await expect(page.getByRole("heading", { name: "Additional Information" })).toBeVisible();
  await page.getByLabel("Date of Birth").fill("1990-04-02");
  // Written in groups as on the document: accepted, and only its last four are ever shown.
  await page.getByLabel("ID Number").fill("ab-123 4567");
  await page.getByRole("button", { name: "Next" }).click();

  await expect(page.getByRole("heading", { name: "Review and Submit" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("•••• 4567");
  await expect(page.getByRole("main")).not.toContainText("AB1234567");
  await expect(page.getByRole("main")).not.toContainText("ab-123");
  await page.getByRole("button", { name: "Submit" }).click();

  await page.waitForURL((url) => url.pathname === "/");
  await expect(page.getByRole("status")).toContainText("KYC information submitted successfully");
  // Nothing that identifies the visitor is kept in the browser's storage.
  expect(await page.evaluate(() => JSON.stringify(window.localStorage))).toBe("{}");
});

test("log out, log back in, and change the profile picture", async ({ page }) => {
  const email = await signUp(page, "Alan Turing");
  await page.goto("/my-profile");
  await waitUntilInteractive(page);
  await page.getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("button", { name: "Logout" }).click();
  await page.waitForURL(/\/login$/);
  // The old session is gone on the server too.
  expect((await page.request.get("/api/user/get-profile")).status()).toBe(401);

  await logIn(page, email);
  await expect(page.getByRole("status")).toContainText("Logged in successfully");
  await page.goto("/my-profile?edit");
  await waitUntilInteractive(page);
  const picture = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#7c3aed" } })
    .png()
    .toBuffer();
  await page
    .locator('input[name="image"]')
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: picture });
  await page.getByLabel("Phone").fill("+1 201 555 0100");
  await page.getByRole("button", { name: "Save information" }).click();

  await page.waitForURL((url) => url.pathname === "/my-profile" && !url.search.includes("edit"));
  await expect(page.getByText("+1 201 555 0100")).toBeVisible();
  const avatar = page.getByRole("main").locator('img[src^="/uploads/"]').first();
  await expect(avatar).toBeVisible();
  // The stored picture is the re-encoded 256-pixel square, once the browser has loaded it.
  await expect.poll(() => avatar.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(256);
});

test("forgot password: the e-mailed link sets a new password once", async ({ page }) => {
  const email = await signUp(page, "Katherine Johnson");
  await page.context().clearCookies();
  await page.goto("/login");
  await waitUntilInteractive(page);
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot password?" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "If an account exists" })).toBeVisible();

  const mail = await waitForMail(email, /new password/i);
  const link = /https?:\/\/\S+\/reset-password\?token=[\w%-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  await page.goto(link!);
  await waitUntilInteractive(page);
  await page.getByLabel("New password").fill("an even longer pass phrase");
  await page.getByRole("button", { name: "Save new password" }).click();
  await page.waitForURL(/\/login$/);

  await logIn(page, email, DEFAULT_PASSWORD);
  await expect(page.getByRole("alert")).toContainText("Invalid email or password");
  await logIn(page, email, "an even longer pass phrase");
  await page.waitForURL((url) => url.pathname === "/");

  // The link works once.
  await page.goto(link!);
  await expect(page.getByRole("alert")).toContainText("not valid or has expired");
});

test("the login page reaches a visitor without React; a wrong password says why and keeps the e-mail", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (sent) => {
    if (sent.resourceType() === "script") scripts.push(sent.url());
  });
  const email = uniqueEmail("static-login");
  await page.goto("/login");
  await waitUntilInteractive(page);
  await expect(page.locator("html")).toHaveAttribute("data-interactive", "static");
  expect(scripts.some((url) => /\/assets\/entry\.client-/.test(url))).toBe(false);

  await logIn(page, email, "not the pass phrase at all");
  await expect(page.getByRole("alert")).toContainText("Invalid email or password");
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByLabel("Password")).toHaveValue("");
});

test("a visitor who is signed in is sent home from /login", async ({ page }) => {
  await signUp(page, "Ada Byron", uniqueEmail("ada"));
  await page.goto("/login");
  await page.waitForURL((url) => url.pathname === "/");
});

for (const viewport of [mobileViewport, desktopViewport]) {
  test(`account pages have no axe violations at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    for (const path of ["/login", "/login?mode=signup", "/forgot-password"]) {
      await page.goto(path);
      await waitUntilInteractive(page);
      await expectNoAxeViolations(page, `${path} at ${viewport.width} px`);
    }
    await signUp(page, "Axe Tester");
    await waitUntilInteractive(page);
    await expectNoAxeViolations(page, `/onboarding at ${viewport.width} px`);
    for (const path of ["/my-profile", "/my-profile?edit", "/my-appointments"]) {
      await page.goto(path);
      await waitUntilInteractive(page);
      await expectNoAxeViolations(page, `${path} at ${viewport.width} px`);
    }
  });
}
