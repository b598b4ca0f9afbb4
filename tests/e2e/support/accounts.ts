import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { waitUntilInteractive } from "./site";

export const DEFAULT_PASSWORD = "a long pass phrase 42";

let counter = 0;
/** An e-mail address no other test uses. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${process.pid}.${counter}@example.com`;
}

/** Signs up through the page and lands on /onboarding (or where `redirectTo` leads afterwards). */
export async function signUp(page: Page, name: string, email = uniqueEmail("client")): Promise<string> {
  await page.goto("/login?mode=signup");
  await waitUntilInteractive(page);
  await page.getByLabel("Full Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(DEFAULT_PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL(/\/onboarding/);
  return email;
}

export async function logIn(page: Page, email: string, password = DEFAULT_PASSWORD): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

export interface SentMail {
  to: string[];
  subject: string;
  text: string;
}

/** Waits for the mail sink (tests/e2e/support/mail-sink.ts) to have received a matching message. */
export async function waitForMail(to: string, subject: RegExp): Promise<SentMail> {
  const folder = path.resolve(process.env.MAIL_SINK_DIR ?? `.tmp/e2e-mail-${process.env.E2E_PORT ?? 3100}`);
  let found: SentMail | undefined;
  await expect
    .poll(
      () => {
        let files: string[] = [];
        try {
          files = readdirSync(folder);
        } catch {
          return false;
        }
        for (const file of files) {
          const mail = JSON.parse(readFileSync(path.join(folder, file), "utf8")) as SentMail;
          if (mail.to.includes(to) && subject.test(mail.subject)) found = mail;
        }
        return found !== undefined;
      },
      { timeout: 20_000, message: `an e-mail to ${to} about ${subject}` },
    )
    .toBe(true);
  return found!;
}
