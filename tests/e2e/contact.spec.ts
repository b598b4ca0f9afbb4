import { expect, type Page, type Route, test } from "@playwright/test";
import { signUp } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { openPage } from "./support/site";
import { desktopViewport, viewports } from "./support/viewports";

/**
 * The searchable country combobox, once it has taken the native select's place. Anonymous visitors
 * get /contact as a static page, which fetches it when they start on the form (here: the Name field
 * takes focus); until then the select, also a combobox to assistive technology, is there.
 */
async function countryCombobox(page: Page) {
  await page.getByLabel("Name", { exact: true }).focus();
  const combobox = page.getByRole("combobox", { name: "Country" });
  await expect(combobox).toHaveJSProperty("tagName", "INPUT");
  return combobox;
}

test.use({ viewport: desktopViewport });

const fieldMessages = [
  "Name is required",
  "Email is required",
  "Phone number is required",
  "Business type is required",
  "Industry is required",
  "At least one service is required",
  "Timezone is required",
];

/** A date-time-local value a week from now at 10:30. */
function nextWeekAt1030(): string {
  const date = new Date(Date.now() + 7 * 86_400_000);
  return `${date.toISOString().slice(0, 10)}T10:30`;
}

function submitButton(page: Page) {
  return page.getByRole("main").getByRole("button", { name: /^Submit/ });
}

/** Everything but the country, the same with or without JavaScript. */
async function fillTheRest(page: Page) {
  await page.getByLabel("Name", { exact: true }).fill("Ada Lovelace");
  await page.getByLabel("Email", { exact: true }).fill("ada@example.com");
  await page.getByLabel("Phone Number", { exact: true }).fill("020 7946 0958");
  await page.getByLabel("Business Type", { exact: true }).selectOption("Other");
  await page.getByLabel("Other business type", { exact: true }).fill("Family office");
  await page.getByRole("checkbox", { name: "Digital Marketing" }).check();
  await page.getByRole("checkbox", { name: "Business Data Analysis" }).check();
  await page.getByLabel("Industry", { exact: true }).selectOption("Finance");
  await page.getByLabel("Timezone", { exact: true }).selectOption("GMT");
  await page.getByLabel("Preferred Call Time (optional)").fill(nextWeekAt1030());
  await page.getByLabel("Message (optional)").fill("Our month-end reporting takes a week. <b>Help!</b>");
}

/** An empty submit: every field's message, the fields marked and described, the first one focused. */
async function expectEveryFieldMarked(page: Page) {
  for (const message of fieldMessages) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  const name = page.getByLabel("Name", { exact: true });
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toHaveAccessibleDescription("Name is required");
  await expect(name).toBeFocused();
  await expect(page.getByRole("checkbox", { name: "Project Management" })).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await expect(page.getByRole("group", { name: "Required Services" })).toHaveAccessibleDescription(
    /At least one service is required/,
  );
}

test("an empty submit shows every field's message, marks the fields and says so above them", async ({
  page,
}) => {
  await openPage(page, "/contact", "form");
  await expect(page.locator("html")).toHaveAttribute("data-interactive", "static");
  await submitButton(page).click();

  await expect(page.getByRole("alert")).toHaveText("Please fill in all required fields");
  await expectEveryFieldMarked(page);
  // The visitor is back on the form, so the country search arrives, and focus stays put.
  await expect(page.getByRole("combobox", { name: "Country" })).toHaveJSProperty("tagName", "INPUT");
  await expect(page.getByLabel("Name", { exact: true })).toBeFocused();
});

test("signed in, the form runs in React: an empty submit toasts instead", async ({ page }) => {
  await signUp(page, "Grace Hopper");
  await openPage(page, "/contact", "form");
  await expect(page.locator("html")).not.toHaveAttribute("data-interactive", "static");
  await submitButton(page).click();

  await expect(
    page.getByRole("status").filter({ hasText: "Please fill in all required fields" }),
  ).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expectEveryFieldMarked(page);
  // The country search came with the page's own code, without waiting for the form to be used.
  await expect(page.getByRole("combobox", { name: "Country" })).toHaveJSProperty("tagName", "INPUT");
});

test("the country combobox: arrow keys, Escape, search by name or calling code", async ({ page }) => {
  await openPage(page, "/contact", "form");
  const combobox = await countryCombobox(page);
  const listbox = page.getByRole("listbox");
  await expect(combobox).toHaveValue("United States (+1)");
  await expect(combobox).toHaveAttribute("aria-expanded", "false");

  await combobox.focus();
  await page.keyboard.press("ArrowDown");
  await expect(combobox).toHaveAttribute("aria-expanded", "true");
  const unitedStates = listbox.getByRole("option", { name: /^United States/ });
  await expect(unitedStates).toHaveAttribute("aria-selected", "true");
  await expect(combobox).toHaveAttribute("aria-activedescendant", (await unitedStates.getAttribute("id"))!);
  await page.keyboard.press("ArrowDown");
  await expect(unitedStates).toHaveAttribute("aria-selected", "false");

  await page.keyboard.press("Escape");
  await expect(combobox).toHaveAttribute("aria-expanded", "false");
  await expect(combobox).toHaveValue("United States (+1)");

  await combobox.fill("+44");
  await expect(listbox.getByRole("option", { name: /^United Kingdom/ })).toBeVisible();
  await expect(listbox.getByRole("option", { name: /^Jersey/ })).toBeVisible();
  await expect(listbox.getByRole("option", { name: /^France/ })).toHaveCount(0);

  await combobox.fill("united kin");
  await expect(listbox.getByRole("option")).toHaveText([/^United Kingdom/]);
  await page.keyboard.press("Enter");
  await expect(combobox).toHaveAttribute("aria-expanded", "false");
  await expect(combobox).toHaveValue("United Kingdom (+44)");
  await expect(page.locator('input[type="hidden"][name="phoneCountry"]')).toHaveValue("GB");

  // A click chooses too.
  await combobox.fill("germ");
  await listbox.getByRole("option", { name: /^Germany/ }).click();
  await expect(combobox).toHaveValue("Germany (+49)");
  await expect(combobox).toBeFocused();
});

test("a full inquiry with a country found by search shows Submitting... then the success toast", async ({
  page,
}) => {
  await openPage(page, "/contact", "form");
  const combobox = await countryCombobox(page);
  await combobox.click();
  await combobox.pressSequentially("kingdom");
  await page.getByRole("option", { name: /^United Kingdom/ }).click();
  await expect(combobox).toHaveValue("United Kingdom (+44)");
  await fillTheRest(page);

  // Hold the submission for a moment so the sending state can be seen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  // The static page's form is posted by the browser itself, to the page's address.
  await page.route(/\/contact$/, async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });

  // The button reports its own changes: while a post is on its way, Playwright's locators and
  // scripts wait for the page it brings. From the keyboard, as a click would wait likewise.
  const buttonStates: string[] = [];
  await page.exposeFunction("reportSubmitButton", (state: string) => buttonStates.push(state));
  await page.evaluate(() => {
    const button = document.querySelector<HTMLButtonElement>('main button[type="submit"]');
    if (!button) return;
    const report = (window as unknown as { reportSubmitButton: (state: string) => void }).reportSubmitButton;
    new MutationObserver(() =>
      report(`${button.textContent} (${button.disabled ? "disabled" : "enabled"})`),
    ).observe(button, { attributes: true, childList: true, characterData: true, subtree: true });
  });
  await submitButton(page).focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => buttonStates.at(-1)).toBe("Submitting... (disabled)");
  release();

  await expect(page.getByRole("status").filter({ hasText: "Form submitted successfully!" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Form submitted successfully!" })).toBeVisible();
  await expect(page).toHaveURL(/\/contact\?sent=1$/);
});

test("without JavaScript the form posts to the server: errors keep the values, then it succeeds", async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: testInfo.project.use.baseURL,
    viewport: desktopViewport,
  });
  try {
    const page = await context.newPage();
    await page.goto("/contact");
    // The server renders a plain select for the country, which needs no script.
    const country = page.getByLabel("Country", { exact: true });
    await expect(country).toHaveJSProperty("tagName", "SELECT");
    await expect(country).toHaveValue("US");
    await country.selectOption("GB");
    await fillTheRest(page);
    await page.getByLabel("Email", { exact: true }).fill("not an address");

    await submitButton(page).click();
    await expect(page.getByRole("alert")).toHaveText("Please fill in all required fields");
    await expect(page.getByText("Invalid email format", { exact: true })).toBeVisible();
    // What was typed and chosen is still there.
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Ada Lovelace");
    await expect(page.getByLabel("Country", { exact: true })).toHaveValue("GB");
    await expect(page.getByLabel("Business Type", { exact: true })).toHaveValue("Other");
    await expect(page.getByLabel("Other business type", { exact: true })).toHaveValue("Family office");
    await expect(page.getByRole("checkbox", { name: "Digital Marketing" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Business Data Analysis" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Project Management" })).not.toBeChecked();
    await expect(page.getByLabel("Message (optional)")).toHaveValue(
      "Our month-end reporting takes a week. <b>Help!</b>",
    );

    await page.getByLabel("Email", { exact: true }).fill("ada@example.com");
    await submitButton(page).click();
    await expect(page).toHaveURL(/\/contact\?sent=1$/);
    await expect(page.getByRole("heading", { name: "Form submitted successfully!" })).toBeVisible();
  } finally {
    await context.close();
  }
});

for (const { name, size } of viewports) {
  test.describe(`at ${name}`, () => {
    test.use({ viewport: size });

    test("/contact has no axe violations, empty and with every error shown", async ({ page }) => {
      await openPage(page, "/contact", "form");
      await expectNoAxeViolations(page, `/contact at ${name}`);
      await submitButton(page).click();
      await expect(page.getByText("Timezone is required", { exact: true })).toBeVisible();
      await expectNoAxeViolations(page, `/contact with errors at ${name}`);
    });

    test("/contact has no axe violations with the country list open", async ({ page }) => {
      await openPage(page, "/contact", "form");
      const combobox = await countryCombobox(page);
      await combobox.fill("un");
      await expect(combobox).toHaveAttribute("aria-expanded", "true");
      await expectNoAxeViolations(page, `/contact with the country list open at ${name}`);
    });
  });
}

test("a country chosen in the select before the search box arrives is kept", async ({ page }) => {
  // Hold the search box's code back until the visitor has chosen in the native select.
  let hold: (route: Route) => void = () => {};
  const held = new Promise<Route>((resolve) => {
    hold = resolve;
  });
  await page.route(/\/assets\/country-island-[\w-]+\.js$/, (route) => hold(route));
  await openPage(page, "/contact", "form");
  const select = page.getByRole("combobox", { name: "Country" });
  await select.focus();
  await select.selectOption({ label: "United Kingdom (+44)" });
  await (await held).continue();
  // Once the code has arrived (nothing more on the network), the select is still there while the
  // visitor is in it.
  await page.waitForLoadState("networkidle");
  await expect(select).toHaveJSProperty("tagName", "SELECT");
  await page.getByLabel("Phone Number", { exact: true }).focus();
  const combobox = await countryCombobox(page);
  await expect(combobox).toHaveValue("United Kingdom (+44)");
});

test("the static page loads React only once the visitor starts on the form", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (sent) => {
    if (sent.resourceType() === "script") scripts.push(sent.url());
  });
  await openPage(page, "/contact", "form");
  await expect(page.locator("html")).toHaveAttribute("data-interactive", "static");
  expect(scripts.some((url) => /\/assets\/(entry\.client|country-island)-/.test(url))).toBe(false);
  await expect(page.getByRole("combobox", { name: "Country" })).toHaveJSProperty("tagName", "SELECT");

  await page.getByLabel("Email", { exact: true }).click();
  await expect(page.getByRole("combobox", { name: "Country" })).toHaveJSProperty("tagName", "INPUT");
  expect(scripts.some((url) => /\/assets\/country-island-/.test(url))).toBe(true);
  // Focus stayed where the visitor put it.
  await expect(page.getByLabel("Email", { exact: true })).toBeFocused();
});
