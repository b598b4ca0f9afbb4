import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { DEFAULT_PASSWORD, logIn, uniqueEmail, waitForMail } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { addConsultantAsStaff, bookThroughApi, createConsultantAccount } from "./support/consultant-accounts";
import { jsonLdOf, partToLookAt, sidewaysOverflow } from "./support/reviews";
import { screenToLookAt } from "./support/screens-to-look-at";
import { waitUntilInteractive } from "./support/site";
import { clockServerUrl, STAFF_EMAIL, STAFF_PASSWORD, setServerClockOffset } from "./support/staff";
import { desktopViewport, mobileViewport } from "./support/viewports";

// An appointment has to have taken place before it can be reviewed: this journey uses the server
// whose clock moves (as consultant-portal.spec.ts does), and puts the clock back when it ends.
test.use({ baseURL: clockServerUrl, viewport: desktopViewport });
test.describe.configure({ mode: "serial", timeout: 240_000 });
test.afterEach(() => setServerClockOffset(0));

/** A comment that would run script and make bold text if any page treated it as HTML. */
const hostileComment = `<img src=x onerror="window.__xss=1">Great <b>help</b>`;

async function signInTo(page: Page, to: string, email: string, password = DEFAULT_PASSWORD) {
  await page.goto(`/login?redirectTo=${encodeURIComponent(to)}`);
  await waitUntilInteractive(page);
  await logIn(page, email, password);
  await page.waitForURL((url) => url.pathname === to);
  await waitUntilInteractive(page);
}

/** A second browser session on the clock server, beside the first. */
async function newSession(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: clockServerUrl, viewport: desktopViewport });
  return context.newPage();
}

/** Whether the comment ran as script (an `onerror` handler of an <img> it became). */
function xssRan(page: Page): Promise<unknown> {
  // biome-ignore lint/suspicious/noExplicitAny: the flag the hostile comment would set.
  return page.evaluate(() => (window as any).__xss);
}

/** The hostile comment, shown as text: no script ran, no <b> or <img> came of it. */
async function expectCommentAsText(page: Page, where: Locator) {
  const comment = where.getByText(hostileComment, { exact: true });
  await expect(comment).toBeVisible();
  await expect(comment.locator("b")).toHaveCount(0);
  await expect(comment.locator("img")).toHaveCount(0);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(await xssRan(page)).toBeUndefined();
}

/**
 * Chooses a rating as a person does: by clicking its visible "N ★" box. The radio itself is
 * visually hidden inside the label, so a click aimed at it lands on the label.
 */
async function chooseStars(form: Locator, stars: number) {
  const name = `${stars} ${stars === 1 ? "star" : "stars"}`;
  const radio = form.getByRole("radio", { name });
  await form
    .locator("label")
    .filter({ has: form.page().getByRole("radio", { name }) })
    .click();
  await expect(radio).toBeChecked();
}

test("a customer reviews a completed consultation; it shows on the consultant's page and card, can be changed, and staff can hide it", async ({
  page,
  browser,
  request,
}) => {
  // Financial Consultants: no other spec asserts that speciality's list on the clock server.
  const consultantName = `Greta Stern ${Date.now()}`;
  const consultantId = await addConsultantAsStaff(request, clockServerUrl, {
    name: consultantName,
    speciality: "Financial Consultants",
  });
  const account = await createConsultantAccount(request, clockServerUrl, consultantId, consultantName);
  const customer = { name: "Rita Reviewer", email: uniqueEmail("reviewer"), password: DEFAULT_PASSWORD };
  const registered = await request.post(`${clockServerUrl}/api/user/register`, { data: customer });
  expect(registered.status()).toBe(201);
  const booking = await bookThroughApi(request, clockServerUrl, consultantId, customer, 1);
  const consultantPage = `/appointment/${consultantId}`;

  await test.step("before the consultation, the consultant's page has no reviews", async () => {
    await page.goto(consultantPage);
    await waitUntilInteractive(page);
    await expect(page.getByRole("region", { name: "Reviews" })).toContainText(
      `No reviews of ${consultantName} yet.`,
    );
    const ratings = (await jsonLdOf(page)).filter((item) => "aggregateRating" in item);
    expect(ratings, "no AggregateRating before the first review").toHaveLength(0);
  });

  await test.step("the consultant marks the appointment completed once it has started", async () => {
    await signInTo(page, "/my-schedule", account.email);
    // Five minutes into the appointment.
    setServerClockOffset(Date.parse(booking.startsAt) - Date.now() + 5 * 60_000);
    await page.reload();
    await waitUntilInteractive(page);
    const started = page
      .getByRole("region", { name: /Started and past/ })
      .getByRole("listitem")
      .filter({ hasText: customer.name });
    await started.getByRole("button", { name: "Mark completed" }).click();
    await expect(page.getByRole("status")).toContainText("Appointment marked completed");
    await expect(started).toContainText("Completed");
    setServerClockOffset(0);
    await waitForMail(customer.email, /^How was your consultation with /);
  });

  const customerPage = await newSession(browser);
  const reviewSection = customerPage.getByRole("region", {
    name: `How was your consultation with ${consultantName}?`,
  });

  await test.step("My Appointments invites the review: accessible, and it fits a phone", async () => {
    await signInTo(customerPage, "/my-appointments", customer.email);
    await expect(reviewSection).toBeVisible();
    const rating = reviewSection.getByRole("group", { name: "Rating" });
    for (const [index, name] of ["1 star", "2 stars", "3 stars", "4 stars", "5 stars"].entries()) {
      await expect(rating.getByRole("radio").nth(index)).toHaveAccessibleName(name);
    }
    await expect(reviewSection.getByLabel("Comment (optional)")).toBeVisible();
    await expectNoAxeViolations(customerPage, "/my-appointments with the review form");
    await partToLookAt(reviewSection, "reviews-form-1280");
    await screenToLookAt(customerPage, "reviews-my-appointments-1280");

    await customerPage.setViewportSize(mobileViewport);
    await expect(reviewSection.getByRole("button", { name: "Send review" })).toBeVisible();
    const scrollWidth = await customerPage.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, "My Appointments with the review form scrolls sideways at 360px").toBeLessThanOrEqual(
      mobileViewport.width,
    );
    await expectNoAxeViolations(customerPage, "/my-appointments with the review form at 360px");
    await partToLookAt(reviewSection, "reviews-form-360");
    await screenToLookAt(customerPage, "reviews-my-appointments-360");
    await customerPage.setViewportSize(desktopViewport);
  });

  await test.step("the customer sends a 4-star review whose comment looks like HTML", async () => {
    await chooseStars(reviewSection, 4);
    await reviewSection.getByLabel("Comment (optional)").fill(hostileComment);
    await reviewSection.getByRole("button", { name: "Send review" }).click();
    await expect(customerPage.getByRole("status")).toContainText("Thank you for your review");
    const written = customerPage.getByRole("region", { name: "Your review" });
    await expect(written.getByRole("img", { name: "4 out of 5 stars" })).toBeVisible();
    await expectCommentAsText(customerPage, written);
    await expect(written.getByRole("button", { name: /^Edit review/ })).toBeVisible();
    await partToLookAt(written, "reviews-written-1280");
  });

  await test.step("the consultant's page shows the review, its average and the JSON-LD rating", async () => {
    await customerPage.goto(consultantPage);
    await waitUntilInteractive(customerPage);
    const reviews = customerPage.getByRole("region", { name: "Reviews" });
    await expect(reviews).toContainText("Rated 4.0 out of 5 from 1 review");
    await expect(reviews.getByRole("img", { name: "4 out of 5 stars" }).first()).toBeVisible();
    const bars = reviews.getByRole("list", { name: "How the ratings fall" }).getByRole("listitem");
    await expect(bars).toHaveCount(5);
    await expect(bars.filter({ hasText: "4 stars" })).toContainText("1");
    await expectCommentAsText(customerPage, reviews);
    await expect(reviews).toContainText(/Rita R\., [A-Z][a-z]+ \d{4}/);
    // The customer's e-mail address and full name never show on the public page.
    await expect(reviews).not.toContainText("Reviewer");
    await expect(reviews).not.toContainText(customer.email);
    // One review: no pages to move between.
    await expect(reviews.getByRole("link", { name: "Older reviews" })).toHaveCount(0);

    const ratings = (await jsonLdOf(customerPage))
      .map((item) => item.aggregateRating as Record<string, unknown> | undefined)
      .filter((rating) => rating !== undefined);
    expect(ratings).toHaveLength(1);
    expect(ratings[0]).toMatchObject({ "@type": "AggregateRating", ratingValue: 4, reviewCount: 1 });

    await expectNoAxeViolations(customerPage, `${consultantPage} with a review`);
    await partToLookAt(reviews, "reviews-section-1280");
    await screenToLookAt(customerPage, "reviews-consultant-page-1280");
    await customerPage.setViewportSize(mobileViewport);
    await expect(reviews).toBeVisible();
    expect(await sidewaysOverflow(customerPage), "the consultant's page at 360px").toBeLessThanOrEqual(0);
    await partToLookAt(reviews, "reviews-section-360");
    await screenToLookAt(customerPage, "reviews-consultant-page-360");
    await customerPage.setViewportSize(desktopViewport);
  });

  await test.step("the directory card shows the rating, and Highest rated puts the consultant first", async () => {
    await customerPage.goto("/consultant/financial");
    await waitUntilInteractive(customerPage);
    await customerPage.getByLabel("Sort by").selectOption({ label: "Highest rated" });
    await customerPage.waitForURL((url) => url.search === "?sort=rating");
    const cards = customerPage.getByRole("main").locator('a[href^="/appointment/"]');
    await expect(cards.first().getByRole("heading", { level: 3 })).toHaveText(consultantName);
    const card = customerPage.getByRole("main").locator(`a[href="${consultantPage}"]`);
    await expect(card).toContainText(/★\s*4\.0\s*\(1\)/);
    await expect(card.getByText("Rated 4.0 out of 5 from 1 review", { exact: true })).toBeAttached();
  });

  await test.step("the consultant reads the review on their schedule", async () => {
    await page.goto("/my-schedule");
    await waitUntilInteractive(page);
    const own = page.getByRole("region", { name: "Your reviews" });
    await expect(own).toContainText("Rated 4.0 out of 5 from 1 review");
    await expectCommentAsText(page, own);
  });

  await test.step("the customer changes it to 5 stars", async () => {
    await customerPage.goto("/my-appointments");
    await waitUntilInteractive(customerPage);
    const written = customerPage.getByRole("region", { name: "Your review" });
    await written.getByRole("button", { name: /^Edit review/ }).click();
    await customerPage.waitForURL((url) => url.searchParams.has("review"));
    await expect(written.getByRole("radio", { name: "4 stars" })).toBeChecked();
    await expect(written.getByLabel("Comment (optional)")).toHaveValue(hostileComment);
    await expectNoAxeViolations(customerPage, "/my-appointments editing the review");
    await partToLookAt(written, "reviews-edit-form-1280");
    await customerPage.setViewportSize(mobileViewport);
    await expect(written.getByRole("button", { name: "Save changes" })).toBeVisible();
    expect(await sidewaysOverflow(customerPage), "the edit form at 360px").toBeLessThanOrEqual(0);
    await partToLookAt(written, "reviews-edit-form-360");
    await customerPage.setViewportSize(desktopViewport);
    await chooseStars(written, 5);
    await written.getByRole("button", { name: "Save changes" }).click();
    await expect(customerPage.getByRole("status")).toContainText("Review updated");
    await expect(written.getByRole("img", { name: "5 out of 5 stars" })).toBeVisible();
    await expectCommentAsText(customerPage, written);

    await customerPage.goto(consultantPage);
    await waitUntilInteractive(customerPage);
    const reviews = customerPage.getByRole("region", { name: "Reviews" });
    await expect(reviews).toContainText("5.0");
    await expect(reviews).toContainText("Rated 5.0 out of 5 from 1 review");
    await expect(reviews.getByRole("img", { name: "5 out of 5 stars" }).first()).toBeVisible();
  });

  const staff = await newSession(browser);
  const reason = "It names another customer.";

  await test.step("staff hide the review with a reason", async () => {
    await signInTo(staff, "/admin", STAFF_EMAIL, STAFF_PASSWORD);
    await staff
      .getByRole("navigation", { name: "Staff area" })
      .getByRole("link", { name: "Reviews" })
      .click();
    await staff.waitForURL((url) => url.pathname === "/admin/reviews");
    await waitUntilInteractive(staff);
    await expect(staff.getByRole("heading", { name: "Reviews", level: 1 })).toBeVisible();
    const card = staff.getByRole("main").getByRole("listitem").filter({ hasText: consultantName });
    await expect(card).toContainText(customer.email);
    await expect(card.getByRole("img", { name: "5 out of 5 stars" })).toBeVisible();
    await expect(card.getByText(hostileComment, { exact: true })).toBeVisible();
    expect(await xssRan(staff)).toBeUndefined();
    await expectNoAxeViolations(staff, "/admin/reviews");
    await screenToLookAt(staff, "reviews-admin-1280");
    await staff.setViewportSize(mobileViewport);
    expect(await sidewaysOverflow(staff), "/admin/reviews at 360px").toBeLessThanOrEqual(0);
    await screenToLookAt(staff, "reviews-admin-360");
    await staff.setViewportSize(desktopViewport);

    await card.getByLabel("Reason to hide it (the customer reads it)").fill(reason);
    await card.getByRole("button", { name: "Hide review" }).click();
    await expect(staff.getByRole("status")).toContainText("Review hidden; the customer was e-mailed");
    await expect(card.getByRole("button", { name: "Show review" })).toBeVisible();
    await expect(card).toContainText(`Hidden because: ${reason}`);

    await staff
      .getByRole("navigation", { name: "Review visibility" })
      .getByRole("link", { name: "Shown" })
      .click();
    await staff.waitForURL((url) => url.search === "?show=shown");
    await expect(
      staff.getByRole("main").getByRole("listitem").filter({ hasText: consultantName }),
    ).toHaveCount(0);
    await staff
      .getByRole("navigation", { name: "Review visibility" })
      .getByRole("link", { name: "Hidden" })
      .click();
    await staff.waitForURL((url) => url.search === "?show=hidden");
    await expect(
      staff.getByRole("main").getByRole("listitem").filter({ hasText: consultantName }),
    ).toHaveCount(1);
  });

  await test.step("the appointment's staff page shows the review, hidden, with the way back to Reviews", async () => {
    const card = staff.getByRole("main").getByRole("listitem").filter({ hasText: consultantName });
    await card.getByRole("link", { name: "Open the appointment" }).click();
    await staff.waitForURL((url) => url.pathname.startsWith("/admin/appointments/"));
    await waitUntilInteractive(staff);
    const review = staff.getByRole("region", { name: "Review" });
    await expect(review.getByRole("img", { name: "5 out of 5 stars" })).toBeVisible();
    await expect(review.getByText("Hidden", { exact: true })).toBeVisible();
    await expect(review).toContainText(`Hidden because: ${reason}`);
    await expect(review.getByText(hostileComment, { exact: true })).toBeVisible();
    expect(await xssRan(staff)).toBeUndefined();
    await expectNoAxeViolations(staff, "the staff appointment page with a review");
    await partToLookAt(review, "reviews-staff-appointment-1280");
    await staff.setViewportSize(mobileViewport);
    expect(await sidewaysOverflow(staff), "the staff appointment page at 360px").toBeLessThanOrEqual(0);
    await partToLookAt(review, "reviews-staff-appointment-360");
    await staff.setViewportSize(desktopViewport);
    await review.getByRole("link", { name: "Hide or show it on the Reviews page" }).click();
    await staff.waitForURL(
      (url) => url.pathname === "/admin/reviews" && url.searchParams.has("consultantId"),
    );
    await expect(
      staff.getByRole("main").getByRole("listitem").filter({ hasText: consultantName }),
    ).toHaveCount(1);
  });

  await test.step("the hidden review leaves the page, and the customer is told why", async () => {
    await customerPage.goto(consultantPage);
    await waitUntilInteractive(customerPage);
    const reviews = customerPage.getByRole("region", { name: "Reviews" });
    await expect(reviews).toContainText(`No reviews of ${consultantName} yet.`);
    await expect(customerPage.getByText(hostileComment, { exact: true })).toHaveCount(0);
    const ratings = (await jsonLdOf(customerPage)).filter((item) => "aggregateRating" in item);
    expect(ratings, "no AggregateRating once the only review is hidden").toHaveLength(0);

    const mail = await waitForMail(customer.email, /^Your review of .* is hidden/);
    expect(mail.subject).toContain(consultantName);
    expect(mail.text).toContain(reason);

    await customerPage.goto("/my-appointments");
    await waitUntilInteractive(customerPage);
    await expect(customerPage.getByRole("region", { name: "Your review" })).toContainText(
      `Hidden by the agency: ${reason}`,
    );
  });

  await staff.context().close();
  await customerPage.context().close();
});
