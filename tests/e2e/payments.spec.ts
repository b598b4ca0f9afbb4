import { expect, test } from "@playwright/test";
import { signUp } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { bookFirstFreeSlot } from "./support/booking";
import { waitUntilInteractive } from "./support/site";
import { desktopViewport } from "./support/viewports";

test.use({ viewport: desktopViewport });

for (const { provider, speciality } of [
  { provider: "Stripe", speciality: "legal" },
  { provider: "Razorpay", speciality: "marketing" },
]) {
  test(`pay through ${provider} (sandbox), then cancel and get a refund`, async ({ page }) => {
    await signUp(page, `${provider} Payer`);
    await bookFirstFreeSlot(page, speciality);
    await waitUntilInteractive(page);
    const row = page.getByRole("main").getByRole("listitem").first();
    await row.getByRole("button", { name: /^Pay Online/ }).click();
    await row.getByRole("button", { name: provider }).click();

    await page.waitForURL(/\/sandbox\/checkout\//);
    await expect(page.getByText("Test payment — no money moves")).toBeVisible();
    await expectNoAxeViolations(page, `the ${provider} sandbox checkout`);
    await page.getByRole("button", { name: /^Pay \$/ }).click();

    // The return page asks the server, which checks with the provider, then moves on.
    await page.waitForURL(/\/my-appointments/);
    await expect(page.getByRole("status")).toContainText("Payment successful");
    await expect(row.getByText("Paid", { exact: true })).toBeVisible();
    await expect(row.getByRole("button", { name: /^Pay Online/ })).toHaveCount(0);

    await row.getByRole("button", { name: /^Cancel/ }).click();
    await expect(row).toContainText("will be refunded in full");
    await row.getByRole("button", { name: "Yes, cancel it" }).click();
    await expect(row).toContainText("Appointment cancelled");
    await expect(row).toContainText("Your payment was refunded.");
  });
}

test("a cancelled checkout leaves the appointment unpaid, with a toast", async ({ page }) => {
  await signUp(page, "Hesitant Payer");
  await bookFirstFreeSlot(page, "entrepreneurial");
  await waitUntilInteractive(page);
  const row = page.getByRole("main").getByRole("listitem").first();
  await row.getByRole("button", { name: /^Pay Online/ }).click();
  await row.getByRole("button", { name: "Stripe" }).click();
  await page.waitForURL(/\/sandbox\/checkout\//);
  await page.getByRole("button", { name: "Cancel" }).click();
  await page.waitForURL(/\/my-appointments/);
  await expect(page.getByRole("status")).toContainText("Payment cancelled");
  await expect(row.getByRole("button", { name: /^Pay Online/ })).toBeVisible();
});

test("the return page's success=true alone pays nothing", async ({ page }) => {
  await signUp(page, "Forger");
  await bookFirstFreeSlot(page, "healthcare");
  const appointments = (await (await page.request.get("/api/user/appointments")).json()) as {
    appointments: { _id: string }[];
  };
  const appointmentId = appointments.appointments[0]!._id;
  await page.goto(`/verify?success=true&appointmentId=${appointmentId}`);
  await page.waitForURL(/\/my-appointments/);
  await expect(page.getByRole("status")).toContainText("not completed");
  const row = page.getByRole("main").getByRole("listitem").first();
  await expect(row.getByRole("button", { name: /^Pay Online/ })).toBeVisible();
});
