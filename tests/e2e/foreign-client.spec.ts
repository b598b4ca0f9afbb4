import { expect, type Locator, type Page, test } from "@playwright/test";
import { uniqueEmail } from "./support/accounts";
import { type ForeignClient, startForeignClient } from "./support/foreign-client";

/**
 * The old app's own front end (its API calls, made with axios and the `token` header) served from
 * another origin on loopback, against this server (DESIGN.md §4 "Foreign clients", issue 14).
 * The browser runs in the agency's zone, as the old client computes its slots in the browser's,
 * and with a 24-hour locale, so it sends times such as "14:30".
 */
test.use({ locale: "en-GB", timezoneId: "America/New_York" });
test.describe.configure({ mode: "serial" });

let client: ForeignClient;

test.beforeAll(async ({ baseURL }) => {
  client = await startForeignClient(Number(process.env.E2E_FOREIGN_CLIENT_PORT), baseURL!);
});
test.afterAll(async () => {
  await client?.close();
});

/** Every picture in `images` has loaded (a broken or refused one has no natural width). */
async function expectImagesLoaded(images: Locator) {
  await expect(images.first()).toBeVisible();
  await expect
    .poll(() =>
      images.evaluateAll((all) =>
        all.every(
          (image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0,
        ),
      ),
    )
    .toBe(true);
}

async function openClient(page: Page, path = "/") {
  await page.goto(`${client.origin}${path}`);
  await expect(page.locator("body[data-ready=true]")).toBeAttached();
}

async function bookSecondDaySlot(page: Page, doctorName: string, slotIndex: number) {
  await page.getByRole("link", { name: "Home" }).click();
  await page.getByRole("link", { name: doctorName }).click();
  await page.getByRole("button", { name: "Day 3" }).click();
  const slot = page.locator("#slot-times button").nth(slotIndex);
  const slotTime = (await slot.textContent())!;
  expect(slotTime).toMatch(/^\d{2}:\d{2}$/);
  await slot.click();
  await page.getByRole("button", { name: "Book an appointment" }).click();
  await expect(page.getByRole("status")).toContainText("Appointment booked");
  await expect(page).toHaveURL(`${client.origin}/my-appointments`);
  return slotTime;
}

test("the old front end works against this server from another origin", async ({ page }) => {
  const email = uniqueEmail("old-client");
  const password = "an old client pass phrase";
  const failedCalls: string[] = [];
  page.on("requestfailed", (request) => {
    // A request the browser cancelled itself because the page moved on (the sandbox checkout's
    // form answer racing its redirect back to the old client) is not a failed call; a refused
    // CORS request or a dropped connection is.
    if (request.failure()?.errorText === "net::ERR_ABORTED") return;
    failedCalls.push(`${request.method()} ${request.url()} (${request.failure()?.errorText})`);
  });

  await test.step("lists the consultants with their pictures", async () => {
    await openClient(page);
    await expect(page.locator("#doctors li")).not.toHaveCount(0);
    await expectImagesLoaded(page.locator("#doctors img"));
  });

  await test.step("signs up, then a wrong password shows the server's message", async () => {
    await page.getByRole("link", { name: "Login" }).click();
    await page.getByLabel("Full Name").fill("Old Client User");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(`${client.origin}/`);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toMatch(/\S{20,}/);

    await page.getByRole("button", { name: "Logout" }).click();
    await page.getByRole("button", { name: "Login here" }).click();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("not the pass phrase");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page.getByRole("status")).toContainText("Invalid email or password");

    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page).toHaveURL(`${client.origin}/`);
  });

  const doctorName = (await page.locator("#doctors li a").first().textContent())!;

  await test.step("books a slot, sees it in My Appointments and cancels it", async () => {
    const slotTime = await bookSecondDaySlot(page, doctorName, 2);
    const row = page.locator("#appointments li").first();
    await expect(row).toContainText(doctorName);
    // The server answers in its own format; the 24-hour time the client sent was read right.
    const [hour, minute] = slotTime.split(":").map(Number) as [number, number];
    const twelveHour = `${String(hour % 12 || 12).padStart(2, "0")}:${String(minute).padStart(2, "0")} ${hour < 12 ? "AM" : "PM"}`;
    await expect(row).toContainText(twelveHour);
    await expectImagesLoaded(page.locator("#appointments img"));

    await row.getByRole("button", { name: "Cancel appointment" }).click();
    await expect(page.getByRole("status")).toContainText("Appointment cancelled");
    await expect(row.getByText("Appointment cancelled", { exact: true })).toBeVisible();
  });

  await test.step("pays through Stripe's sandbox and comes back to its own /verify page, paid", async () => {
    await bookSecondDaySlot(page, doctorName, 4);
    // Newest first, as the old client shows it after reversing the server's oldest-first list.
    const row = page.locator("#appointments li").first();
    await expect(row.getByRole("button", { name: "Cancel appointment" })).toBeVisible();
    await expect(page.locator("#appointments li").nth(1)).toContainText("Appointment cancelled");

    await row.getByRole("button", { name: "Pay with Stripe" }).click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    expect(new URL(page.url()).origin).not.toBe(client.origin);
    await expect(page.getByText("Test payment — no money moves")).toBeVisible();
    await page.getByRole("button", { name: /^Pay / }).click();

    await page.waitForURL(`${client.origin}/my-appointments`);
    await expect(page.getByRole("status")).toContainText("Payment successful");
    await expect(page.locator("#appointments li").first().getByText("Paid", { exact: true })).toBeVisible();
  });

  await test.step("updates the profile with a picture", async () => {
    await page.getByRole("link", { name: "My Profile" }).click();
    const before = await page.locator("#profile-picture").getAttribute("src");
    expect(before).toMatch(/\/images\/default-avatar\.svg$/);
    await expectImagesLoaded(page.locator("#profile-picture"));

    await page.getByLabel("Phone").fill("+1 202 555 0199");
    await page.getByLabel("Address line 1").fill("1 Old Client Road");
    await page.getByLabel("Gender").fill("Female");
    await page.getByLabel("Birthday").fill("1990-04-01");
    await page.getByLabel("Picture").setInputFiles("public/og-image.png");
    await page.getByRole("button", { name: "Save information" }).click();
    await expect(page.getByRole("status")).toContainText("Profile updated");
    await expect(page.locator("#profile-picture")).toHaveAttribute(
      "src",
      /^http:\/\/127\.0\.0\.1:\d+\/uploads\/[\w-]+\.webp$/,
    );
    await expectImagesLoaded(page.locator("#profile-picture"));
  });

  expect(failedCalls).toEqual([]);
});
