import { expect, test } from "@playwright/test";
import { uniqueEmail, waitForMail } from "./support/accounts";
import { checkStaffPages, staffPage } from "./support/back-office";
import { openPage } from "./support/site";
import { desktopViewport } from "./support/viewports";

test.use({ viewport: desktopViewport });

test("an inquiry from the contact page reaches the inbox; staff note it, reply and close it", async ({
  page,
  browser,
}) => {
  const name = `Inquiring Person ${Date.now()}`;
  const email = uniqueEmail("inquiry");
  await openPage(page, "/contact", "form");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Phone Number", { exact: true }).fill("(201) 555-0123");
  await page.getByLabel("Business Type", { exact: true }).selectOption("Startup");
  await page.getByRole("checkbox", { name: "Project Management" }).check();
  await page.getByLabel("Industry", { exact: true }).selectOption("Education");
  await page.getByLabel("Timezone", { exact: true }).selectOption("EST");
  await page.getByLabel("Message (optional)").fill("We need help with scheduling.");
  await page
    .getByRole("main")
    .getByRole("button", { name: /^Submit/ })
    .click();
  await expect(page.getByRole("heading", { name: "Form submitted successfully!" })).toBeVisible();

  const staff = await staffPage(browser, "/admin/inquiries");
  const row = staff.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("New");
  await row.getByRole("link", { name }).click();
  const main = staff.getByRole("main");
  for (const field of [email, "(United States)", "Startup", "Project Management", "Education", "EST"]) {
    await expect(main).toContainText(field);
  }
  await expect(main).toContainText("We need help with scheduling.");

  await staff.getByLabel("Note", { exact: true }).fill("Looks like a good fit for Sam.");
  await staff.getByRole("button", { name: "Add note" }).click();
  await expect(staff.getByRole("status")).toContainText("Note added");
  const history = staff.getByRole("region", { name: "Notes and replies" });
  await expect(history).toContainText("Internal note");
  await expect(history).toContainText("Looks like a good fit for Sam.");

  await staff.getByLabel("Your reply").fill("Thank you! Could we call you on Monday?");
  await staff.getByRole("button", { name: "Send reply" }).click();
  await expect(staff.getByRole("status")).toContainText("Reply queued for sending");
  await expect(history).toContainText("Reply e-mailed");
  await expect(staff.getByRole("region", { name: "Details" })).toContainText("Contacted");
  const reply = await waitForMail(email, /Re: your inquiry/);
  expect(reply.text).toContain("Thank you! Could we call you on Monday?");

  await staff.getByLabel("Where we are with it").selectOption("closed");
  await staff.getByRole("button", { name: "Save status" }).click();
  await expect(staff.getByRole("status")).toContainText("Status changed");
  await expect(staff.getByRole("region", { name: "Details" })).toContainText("Closed");
  const inquiryPath = new URL(staff.url()).pathname;

  await staff.goto("/admin/inquiries?status=closed");
  await expect(staff.getByRole("row").filter({ hasText: email })).toContainText("Closed");

  await checkStaffPages(staff, ["/admin/inquiries?status=all", inquiryPath], "inquiries");
  await staff.context().close();
});
