import { expect, type Page, test } from "@playwright/test";
import { signUp } from "./support/accounts";
import { publicPages, waitUntilInteractive } from "./support/site";
import { mobileViewport } from "./support/viewports";

test.use({ viewport: mobileViewport });

/** The first link on a page whose address starts with `prefix` (a consultant, a project, a post). */
async function firstLink(page: Page, listPath: string, prefix: string): Promise<string> {
  await page.goto(listPath);
  const href = await page
    .getByRole("main")
    .locator(`a[href^="${prefix}"]:not([href$=".xml"])`)
    .first()
    .getAttribute("href");
  expect(href, `a link to ${prefix}… on ${listPath}`).toBeTruthy();
  return href!;
}

/**
 * What the chat button covers once the page is scrolled to its end (where nothing can be scrolled
 * out from under it): the controls it hides, as "tag: text".
 */
function controlsUnderChatButton(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    const chat = [...document.querySelectorAll<HTMLElement>("button")].find((candidate) =>
      candidate.textContent?.includes("Chat with our assistant"),
    );
    const cover = chat?.getBoundingClientRect();
    if (!cover) return ["no chat button"];
    const hidden: string[] = [];
    for (const control of document.querySelectorAll<HTMLElement>(
      "a, button, input:not([type=hidden]), select, textarea, summary",
    )) {
      if (control === chat || control.closest(".sr-only")) continue;
      const box = control.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      const overlaps =
        box.left < cover.right && box.right > cover.left && box.top < cover.bottom && box.bottom > cover.top;
      if (overlaps)
        hidden.push(`${control.tagName.toLowerCase()}: ${control.textContent?.trim().slice(0, 40)}`);
    }
    return hidden;
  });
}

test("no page scrolls sideways at 360 px, and the chat button hides no control at the end of a page", async ({
  page,
}) => {
  await signUp(page, "Narrow Screen");
  const paths = [
    ...publicPages,
    "/contact",
    "/pricing",
    "/consultant",
    "/consultant/financial",
    await firstLink(page, "/consultant", "/appointment/"),
    "/project",
    await firstLink(page, "/project", "/project/"),
    await firstLink(page, "/blog", "/blog/"),
    "/my-profile",
    "/my-appointments",
    "/onboarding",
    "/no-such-page",
  ];
  for (const path of paths) {
    await page.goto(path);
    await waitUntilInteractive(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} is wider than the screen by ${overflow} px`).toBeLessThanOrEqual(0);
    expect(await controlsUnderChatButton(page), `controls under the chat button on ${path}`).toEqual([]);
  }
});
