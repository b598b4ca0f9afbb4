import { expect, type Page, test } from "@playwright/test";
import { javascriptUrls } from "../../bench/lib/page-assets";
import { expectNoAxeViolations } from "./support/axe";
import { openPage, staticAndReactPages } from "./support/site";
import { desktopViewport, mobileViewport, viewports } from "./support/viewports";

const GREETING = /Hello! I'm the .* assistant/;

function chatButton(page: Page) {
  return page.getByRole("button", { name: /^Chat with our assistant/ });
}

function panel(page: Page) {
  return page.getByRole("dialog", { name: /assistant/ });
}

function transcript(page: Page) {
  return panel(page).getByRole("log", { name: "Conversation" });
}

async function openChat(page: Page) {
  await chatButton(page).click();
  await expect(transcript(page)).toContainText(GREETING);
}

async function ask(page: Page, text: string) {
  const input = panel(page).getByRole("textbox", { name: "Your message" });
  await input.fill(text);
  await input.press("Enter");
}

test.describe("the chat widget", () => {
  test.use({ viewport: desktopViewport });

  test("answers a FAQ question, follows a quick reply, survives a reload and starts over", async ({
    page,
  }) => {
    await openPage(page, "/");
    await openChat(page);

    await ask(page, "Do you have a referral program?");
    await expect(transcript(page)).toContainText("You: Do you have a referral program?");
    await expect(transcript(page)).toContainText("$150");

    await panel(page).getByRole("button", { name: "Pricing and offers" }).first().click();
    await expect(transcript(page)).toContainText("$100 off the first billing cycle");

    // Links in answers open in a new tab.
    const link = transcript(page)
      .getByRole("link", { name: /plans and pricing/ })
      .last();
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("href", "/pricing");

    await page.reload();
    await expect(panel(page)).toBeVisible();
    await expect(transcript(page)).toContainText("$150");
    await expect(transcript(page)).toContainText("$100 off the first billing cycle");

    // On another page, the same conversation.
    await openPage(page, "/about");
    await expect(transcript(page)).toContainText("$150");

    await panel(page).getByRole("button", { name: "Start over" }).click();
    await expect(transcript(page)).toContainText(GREETING);
    await expect(transcript(page)).not.toContainText("$150");
    await page.reload();
    await expect(transcript(page)).toContainText(GREETING);
    await expect(transcript(page)).not.toContainText("$150");
  });

  test("works from the keyboard alone, from opening to sending to closing", async ({ page }) => {
    await openPage(page, "/");
    // The chat button is the last thing on the page to take the focus.
    await page.locator("body").press("Shift+Tab");
    await expect(chatButton(page)).toBeFocused();
    await page.keyboard.press("Enter");
    const input = panel(page).getByRole("textbox", { name: "Your message" });
    await expect(input).toBeFocused();
    await expect(transcript(page)).toContainText(GREETING);

    await page.keyboard.type("Is there a setup fee?");
    await page.keyboard.press("Enter");
    await expect(transcript(page)).toContainText("There is no setup fee");

    // The last quick reply of the transcript is one Shift+Tab back from the input.
    await page.keyboard.press("Shift+Tab");
    await expect(panel(page).getByRole("button", { name: "Talk to a person" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(transcript(page)).toContainText("what's your name?");

    await page.keyboard.press("Escape");
    await expect(panel(page)).toBeHidden();
    await expect(chatButton(page)).toBeFocused();
    await expect(chatButton(page)).toHaveAttribute("aria-expanded", "false");
  });

  test("shows the assistant typing, and an unread badge for a reply that arrives while closed", async ({
    page,
  }) => {
    await openPage(page, "/");
    await openChat(page);
    // Hold the next answer back a moment.
    await page.route("**/sessions/*/text", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1200));
      await route.continue();
    });
    await ask(page, "Which days do your assistants work?");
    await expect(panel(page).getByTestId("typing-indicator")).toBeVisible();
    await panel(page).getByRole("button", { name: "Close the chat" }).click();
    await expect(chatButton(page)).toHaveAccessibleName(/unread message/, { timeout: 10_000 });
    await expect(chatButton(page).locator("span[aria-hidden]")).toHaveText("1");
    await chatButton(page).click();
    await expect(transcript(page)).toContainText("Monday to Friday");
    // Open, the same button closes the chat, and nothing is unread any more.
    await expect(page.getByRole("button", { name: "Close the chat", expanded: true })).toBeVisible();
    await page.getByRole("button", { name: "Close the chat", expanded: true }).click();
    await expect(chatButton(page)).toHaveAccessibleName("Chat with our assistant");
  });

  test("says when it is offline and retries a message that failed", async ({ page, context }) => {
    await openPage(page, "/");
    await openChat(page);
    await context.setOffline(true);
    await expect(panel(page).getByRole("status")).toContainText("offline");
    await ask(page, "Is there a setup fee?");
    const retry = panel(page).getByRole("button", { name: "Retry" });
    await expect(retry).toBeVisible();
    await context.setOffline(false);
    await retry.click();
    await expect(transcript(page)).toContainText("There is no setup fee");
    await expect(retry).toBeHidden();
  });
});

/**
 * The page as the server sent it, but with the widget told whether the bot hears (`voice`), so these
 * tests do not depend on the server's speech packages. The chat reads it from the static page's
 * `data-chat-widget` attribute.
 */
async function withVoice(page: Page, voice: boolean) {
  await page.route("/", async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      /(data-chat-widget="[^"]*?)(?:,&quot;voice&quot;:(?:true|false))?(}")/,
      `$1,&quot;voice&quot;:${voice}$2`,
    );
    const headers = { ...response.headers() };
    delete headers["content-encoding"];
    delete headers["content-length"];
    await route.fulfill({ response, headers, body: html });
  });
}

test.describe("voice", () => {
  test.use({ viewport: desktopViewport });

  function microphone(page: Page) {
    return panel(page).getByRole("button", { name: "Speak your message" });
  }

  test("offers the microphone where the bot hears and the browser can record", async ({ page }) => {
    await withVoice(page, true);
    await openPage(page, "/");
    await openChat(page);
    await expect(microphone(page)).toBeVisible();
    // Replies are no longer read by the browser's speech synthesis.
    await expect(panel(page).getByRole("button", { name: "Read replies aloud" })).toHaveCount(0);
  });

  test("offers no microphone where the bot does not hear", async ({ page }) => {
    await withVoice(page, false);
    await openPage(page, "/");
    await openChat(page);
    await expect(panel(page).getByRole("textbox", { name: "Your message" })).toBeVisible();
    await expect(microphone(page)).toHaveCount(0);
  });

  test("offers no microphone where the browser cannot record", async ({ page }) => {
    await withVoice(page, true);
    await page.addInitScript(() => {
      delete (window as unknown as Record<string, unknown>).AudioWorkletNode;
    });
    await openPage(page, "/");
    await openChat(page);
    await expect(microphone(page)).toHaveCount(0);
  });

  for (const { error, said } of [
    { error: "NotAllowedError", said: "The microphone is blocked" },
    { error: "NotFoundError", said: "No microphone was found" },
  ]) {
    test(`says in words when the microphone fails with ${error}, and text still works`, async ({ page }) => {
      await withVoice(page, true);
      await page.addInitScript((name) => {
        navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException("refused", name));
      }, error);
      await openPage(page, "/");
      await openChat(page);
      await microphone(page).click();
      await expect(panel(page).getByRole("status")).toContainText(said);
      await expect(microphone(page)).toBeVisible();
      await ask(page, "Is there a setup fee?");
      await expect(transcript(page)).toContainText("There is no setup fee");
    });
  }
});

test.describe("at 360 px", () => {
  test.use({ viewport: mobileViewport });

  test("the open panel fills the screen, with the input at the bottom", async ({ page }) => {
    await openPage(page, "/");
    await openChat(page);
    const box = await panel(page).boundingBox();
    expect(box).toEqual({ x: 0, y: 0, width: mobileViewport.width, height: mobileViewport.height });
    const input = await panel(page).getByRole("textbox", { name: "Your message" }).boundingBox();
    expect(input!.y + input!.height).toBeGreaterThan(mobileViewport.height - 80);
    await panel(page).getByRole("button", { name: "Close the chat" }).click();
    await expect(chatButton(page)).toBeFocused();
  });
});

for (const { name, size } of viewports) {
  test(`the open chat has no axe violations at ${name}`, async ({ page }) => {
    await page.setViewportSize(size);
    await openPage(page, "/");
    await openChat(page);
    await ask(page, "Tell me about bookkeeping");
    await expect(transcript(page)).toContainText("Bookkeeping");
    await expectNoAxeViolations(page, `the open chat at ${name}`);
  });
}

// The home page is static (no React until the chat is wanted); a booking page runs React Router.
for (const target of staticAndReactPages("/")) {
  test(`the chat is not part of ${target.name}'s initial JavaScript, and arrives when pressed`, async ({
    page,
    request,
    baseURL,
  }) => {
    const path = await target.path(page);
    const html = await (await request.get(path)).text();
    const initial = javascriptUrls(html, `${baseURL}${path}`);
    expect(initial.length).toBeGreaterThan(0);

    const requested: string[] = [];
    page.on("request", (sent) => {
      if (sent.resourceType() === "script") requested.push(sent.url());
    });
    await openPage(page, path);
    const beforeOpening = [...requested];
    expect(beforeOpening.some((url) => /\/assets\/chat-(widget-button|island|panel)-/.test(url))).toBe(false);
    await openChat(page);
    const chatChunks = requested.filter((url) => !beforeOpening.includes(url));
    // Opening the chat fetched its own chunk…
    expect(chatChunks.some((url) => /\/assets\/chat-[\w-]+\.js$/.test(url))).toBe(true);
    // …which the page's HTML neither loads nor preloads.
    for (const url of chatChunks) expect(initial).not.toContain(url);
    // The visitor who pressed the button can type at once.
    await expect(panel(page).getByRole("textbox", { name: "Your message" })).toBeFocused();
  });
}
