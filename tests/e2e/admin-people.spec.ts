import { expect, test } from "@playwright/test";
import { DEFAULT_PASSWORD, logIn, signUp, uniqueEmail, waitForMail } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { screenToLookAt } from "./support/screens-to-look-at";
import { waitUntilInteractive } from "./support/site";
import { signInAsStaff } from "./support/staff";
import { viewports } from "./support/viewports";

// Each journey signs in twice and hashes passwords; on a busy two-core machine that takes a while.
test.describe.configure({ timeout: 120_000 });

test("staff invite a consultant, who sets a password from the e-mail and signs in to their schedule", async ({
  page,
  browser,
}) => {
  await signInAsStaff(page, "/admin/people");
  const email = uniqueEmail("consultant");
  const invite = page.getByRole("region", { name: "Invite staff or a consultant" });
  await invite.getByLabel("Full name").fill("Ivy Invited");
  await invite.getByLabel("E-mail").fill(email);
  await invite.getByLabel("Role").selectOption("consultant");
  await invite.getByLabel("Consultant profile").selectOption({ index: 1 });
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await page.waitForURL(/\/admin\/people\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Ivy Invited" })).toBeVisible();
  await expect(page.getByText("Invitation not yet accepted")).toBeVisible();

  const mail = await waitForMail(email, /invited/);
  const link = mail.text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0];
  expect(link, "the invitation holds a set-password link").toBeDefined();

  const invitee = await (await browser.newContext()).newPage();
  await invitee.goto(link!);
  await waitUntilInteractive(invitee);
  await expect(invitee.getByRole("heading", { level: 1, name: "Set your password" })).toBeVisible();
  await invitee.getByLabel("Password").fill(DEFAULT_PASSWORD);
  await invitee.getByRole("button", { name: "Save password" }).click();
  await invitee.waitForURL(/\/login/);
  await expect(invitee.getByText("Your password has been set. Please log in.")).toBeVisible();
  await waitUntilInteractive(invitee);
  await logIn(invitee, email);
  await expect(invitee.getByRole("link", { name: "My schedule" }).first()).toBeVisible();

  // The link works once.
  await invitee.goto(link!);
  await expect(invitee.getByText("This invitation link is not valid or has expired.")).toBeVisible();
});

test("staff disable a customer: the customer's next page load is signed out", async ({ page, browser }) => {
  const customer = await (await browser.newContext()).newPage();
  const email = await signUp(customer, "Dana Disabled");
  await customer.goto("/my-profile");
  await expect(customer).toHaveURL(/\/my-profile/);

  await signInAsStaff(page, "/admin/people");
  await page.getByLabel("Name or e-mail").fill(email);
  await page.getByRole("button", { name: "Show" }).click();
  await page.getByRole("link", { name: "Dana Disabled" }).first().click();
  await page.getByRole("link", { name: "Disable the account…" }).click();
  await expect(page.getByText("Disable Dana Disabled's account?")).toBeVisible();
  await page.getByRole("button", { name: "Yes, disable the account" }).click();
  await expect(page.getByText("Disabled", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Enable the account" })).toBeVisible();

  await customer.goto("/my-profile");
  await expect(customer).toHaveURL(/\/login\?redirectTo=/);

  const [entry] = await Promise.all([page.goto(`/admin/audit?action=user.disable`)]);
  expect(entry?.status()).toBe(200);
  await expect(page.getByText(`${email}: disabled`)).toBeVisible();
});

/** The pages checked, in two groups so each test stays short on a busy machine. */
const pageGroups = [
  { name: "people pages", paths: (person: string) => ["/admin/people", person, `${person}?confirm=disable`] },
  {
    name: "audit and project pages",
    paths: (_person: string, project: string) => [
      "/admin/audit",
      "/admin/projects",
      "/admin/projects/new",
      project,
      `${project}?confirm=archive`,
    ],
  },
] as const;

for (const viewport of viewports) {
  for (const group of pageGroups) {
    test(`${group.name} at ${viewport.name}: no axe violation, no sideways scroll`, async ({ page }) => {
      // A customer of this test's own, so the person page shows every control (staff's own page hides some).
      const email = uniqueEmail("axe");
      const registered = await page.request.post("/api/user/register", {
        data: { name: "Axel Checked", email, password: DEFAULT_PASSWORD },
      });
      expect(registered.status()).toBe(201);
      await signInAsStaff(page, "/admin/people");
      await page.goto(`/admin/people?q=${encodeURIComponent(email)}`);
      const person = await page.getByRole("link", { name: "Axel Checked" }).first().getAttribute("href");
      await page.goto("/admin/projects");
      const project = await page
        .locator('a[href^="/admin/projects/"]:not([href$="/new"])')
        .first()
        .getAttribute("href");
      await page.setViewportSize(viewport.size);
      for (const [index, path] of group.paths(person!, project!).entries()) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expectNoAxeViolations(page, `${path} at ${viewport.name}`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} scrolls sideways at ${viewport.name}`).toBeLessThanOrEqual(0);
        const file = `${group.name.replace(/\W+/g, "-")}-${index}-${viewport.size.width}`;
        await screenToLookAt(page, file);
      }
    });
  }
}

test("the staff area carries neither the public site's services banner nor the chat button", async ({
  page,
}) => {
  await signInAsStaff(page, "/admin/people");
  await waitUntilInteractive(page);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Our services" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Chat with our assistant/ })).toHaveCount(0);
  // Back on the public site, both return.
  await page
    .getByRole("link", { name: /, home$/ })
    .first()
    .click();
  await expect(page.getByRole("complementary", { name: "Our services" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Chat with our assistant/ })).toBeVisible();
});
