/**
 * The chat's voice end to end: Chromium's fake microphone says a question (a WAV spoken by Debian's
 * flite), the widget records it until the visitor falls silent, the built-in assistant hears it and
 * answers in words and speech, and the answer's player is driven from the keyboard.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { chromiumExecutablePath, playwrightChromiumArgs } from "./support/chromium";
import { openPage } from "./support/site";
import { desktopViewport, viewports } from "./support/viewports";

const QUESTION = "How much does a consultation cost?";

/** The question as a 16 kHz mono WAV: a moment of quiet, the words, then 2 s of silence. */
function speakQuestion(folder: string): string {
  const spoken = path.join(folder, "spoken.wav");
  const question = path.join(folder, "question.wav");
  execFileSync("flite", ["-voice", "rms", "-t", QUESTION, "-o", spoken]);
  execFileSync("sox", [spoken, "-r", "16000", "-c", "1", "-b", "16", question, "pad", "0.3", "2"]);
  return question;
}

/**
 * Each worker's own Chromium, whose microphone plays the question: the permission prompt is
 * answered yes, and the file is played once from the start of each recording (`%noloop`).
 */
const test = base.extend<object, { questionWav: string }>({
  questionWav: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern
    async ({}, use) => {
      const folder = mkdtempSync(path.join(tmpdir(), "chat-voice-"));
      await use(speakQuestion(folder));
      rmSync(folder, { recursive: true, force: true });
    },
    { scope: "worker" },
  ],
  browser: [
    async ({ playwright, questionWav }, use) => {
      const browser = await playwright.chromium.launch({
        executablePath: chromiumExecutablePath,
        args: [
          ...playwrightChromiumArgs,
          "--use-fake-ui-for-media-stream",
          "--use-fake-device-for-media-stream",
          `--use-file-for-fake-audio-capture=${questionWav}%noloop`,
          // Headless Chromium has no visitor to press play: the answer may start by itself.
          "--autoplay-policy=no-user-gesture-required",
        ],
      });
      await use(browser);
      await browser.close();
    },
    { scope: "worker" },
  ],
});

function panel(page: Page) {
  return page.getByRole("dialog", { name: /assistant/ });
}

function transcript(page: Page) {
  return panel(page).getByRole("log", { name: "Conversation" });
}

function player(page: Page) {
  return panel(page).getByRole("group", { name: "Spoken answer" });
}

/** Opens the chat, asks the question by voice, and waits for the heard words and the spoken answer. */
async function askByVoice(page: Page) {
  await openPage(page, "/");
  await page.getByRole("button", { name: /^Chat with our assistant/ }).click();
  await expect(transcript(page)).toContainText(/Hello! I'm the .* assistant/);

  await panel(page).getByRole("button", { name: "Speak your message" }).click();
  const meter = panel(page).getByRole("meter", { name: "Microphone level" });
  await expect(meter).toBeVisible();
  await expect(panel(page).getByRole("button", { name: "Stop recording" })).toBeVisible();
  // The meter moves with the words.
  await expect
    .poll(async () => Number(await meter.getAttribute("aria-valuenow")), { timeout: 10_000 })
    .toBeGreaterThan(20);
  // It stops by itself once the question is over (1.5 s of quiet), and sends it.
  await expect(meter).toBeHidden({ timeout: 20_000 });
  await expect(panel(page).getByRole("button", { name: "Speak your message" })).toBeVisible();

  await expect(transcript(page)).toContainText(/You: how much does a consultation cost/i, {
    timeout: 20_000,
  });
  await expect(transcript(page)).toContainText(/Assistant: A consultant charges \$\d+/);
  await expect(player(page)).toBeVisible();
}

function playerButton(page: Page, name: string): Locator {
  return player(page).getByRole("button", { name, exact: true });
}

/** The progress as seconds played, once the duration is known (`m:ss / m:ss`). */
async function secondsPlayed(page: Page): Promise<number> {
  const text = (await player(page).getByTestId("answer-progress").textContent()) ?? "";
  const match = /^(\d+):(\d\d) \/ \d+:\d\d$/.exec(text.trim());
  expect(match, `progress "${text}"`).not.toBeNull();
  return Number(match![1]) * 60 + Number(match![2]);
}

test.describe("the chat by voice", () => {
  test.use({ viewport: desktopViewport });

  test("hears a spoken question, answers it in words and speech, and its player works from the keyboard", async ({
    page,
  }) => {
    await askByVoice(page);
    const progress = player(page).getByTestId("answer-progress");
    await expect(progress).toHaveText(/^\d+:\d\d \/ \d+:\d\d$/, { timeout: 10_000 });

    // Space plays or pauses, whichever it was doing (it may have started by itself).
    const play = playerButton(page, "Play");
    await player(page).focus();
    const wasPlaying = (await play.getAttribute("aria-pressed")) === "true";
    await page.keyboard.press("Space");
    await expect(play).toHaveAttribute("aria-pressed", String(!wasPlaying));
    if (!wasPlaying) {
      // Playing: the progress moves on.
      const before = await secondsPlayed(page);
      await expect.poll(() => secondsPlayed(page), { timeout: 5000 }).toBeGreaterThan(before);
      await page.keyboard.press("Space");
      await expect(play).toHaveAttribute("aria-pressed", "false");
    }

    // Paused: ← and → move 5 s, and never before the start.
    const paused = await secondsPlayed(page);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => secondsPlayed(page)).toBe(paused + 5);
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => secondsPlayed(page)).toBe(0);

    // ↓ and ↑ change the volume by a tenth, never above full.
    const volume = player(page).getByTestId("answer-volume");
    await expect(volume).toHaveText("Volume 100%");
    await page.keyboard.press("ArrowUp");
    await expect(volume).toHaveText("Volume 100%");
    await page.keyboard.press("ArrowDown");
    await expect(volume).toHaveText("Volume 90%");
    await page.keyboard.press("ArrowUp");
    await expect(volume).toHaveText("Volume 100%");

    // m mutes, l loops; each says so on its button.
    await expect(playerButton(page, "Mute")).toHaveAttribute("aria-pressed", "false");
    await page.keyboard.press("m");
    await expect(playerButton(page, "Mute")).toHaveAttribute("aria-pressed", "true");
    await expect(playerButton(page, "Loop")).toHaveAttribute("aria-pressed", "false");
    await page.keyboard.press("l");
    await expect(playerButton(page, "Loop")).toHaveAttribute("aria-pressed", "true");

    // The buttons do what the keys do.
    await playerButton(page, "Mute").click();
    await expect(playerButton(page, "Mute")).toHaveAttribute("aria-pressed", "false");
    await playerButton(page, "Forward 5 seconds").click();
    await expect.poll(() => secondsPlayed(page)).toBe(5);
    await playerButton(page, "Back 5 seconds").click();
    await expect.poll(() => secondsPlayed(page)).toBe(0);
    await playerButton(page, "Volume down").click();
    await expect(volume).toHaveText("Volume 90%");

    // Text still works beside the voice.
    const input = panel(page).getByRole("textbox", { name: "Your message" });
    await input.fill("Is there a setup fee?");
    await input.press("Enter");
    await expect(transcript(page)).toContainText("There is no setup fee");
  });

  for (const { name, size } of viewports) {
    test(`the chat with the spoken answer's player has no axe violations at ${name}`, async ({ page }) => {
      await page.setViewportSize(size);
      await askByVoice(page);
      await expect(player(page).getByTestId("answer-progress")).toHaveText(/^\d+:\d\d \/ \d+:\d\d$/, {
        timeout: 10_000,
      });
      // Every control of the player is whole on the screen, 44 px square.
      for (const button of await player(page).getByRole("button").all()) {
        const box = await button.boundingBox();
        expect(box!.width).toBeGreaterThanOrEqual(44);
        expect(box!.height).toBeGreaterThanOrEqual(44);
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(size.width);
      }
      await expectNoAxeViolations(page, `the chat with the spoken answer at ${name}`);
    });
  }
});
