import { chromium } from "playwright-core";
import { chromiumArgs, chromiumExecutablePath } from "../tests/e2e/support/chromium";

const browser = await chromium.launch({ executablePath: chromiumExecutablePath, args: chromiumArgs });
for (const width of [360, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  await page.goto("http://127.0.0.1:4700/contact");
  await page.screenshot({ path: `/tmp/nu-contact-${width}.png` });
  await page.goto("http://127.0.0.1:4700/consultant");
  await page.waitForLoadState("networkidle");
  for (let y = 0; y < 2400; y += 300) {
    await page.mouse.wheel(0, 300);
    await page.waitForTimeout(80);
  }
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/nu-consultant-${width}.png` });
  // open the chat on the static page
  await page.getByRole("button", { name: /^Chat with our assistant/ }).click();
  await page.getByRole("dialog", { name: /assistant/ }).waitFor();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `/tmp/nu-chat-${width}.png` });
  await page.close();
}
await browser.close();
