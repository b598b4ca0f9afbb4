import { defineConfig, devices } from "@playwright/test";
import { chromiumExecutablePath, playwrightChromiumArgs } from "./tests/e2e/support/chromium";

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
/** The build the server runs: `build` by default, or another folder (BUILD_DIR) built beside it. */
const buildDirectory = process.env.BUILD_DIR ?? "build";
const dataDirectory = `.tmp/e2e-${port}`;
/** A real SMTP server the app sends through; tests read what it received (support/mail-sink.ts). */
const mailSinkPort = port + 25;
const mailSinkDirectory = `.tmp/e2e-mail-${port}`;
process.env.MAIL_SINK_DIR = mailSinkDirectory;
/** Tests move the clock server's time by writing an offset here (tests/e2e/support/staff.ts). */
const clockServerPort = port + 2;
const clockFile = `.tmp/e2e-clock-${clockServerPort}`;
/** The old app's front end, served by tests/e2e/foreign-client.spec.ts from another origin. */
const foreignClientPort = port + 4;
process.env.E2E_FOREIGN_CLIENT_PORT = String(foreignClientPort);
/** The visual regression test's own server: its data stay as seeded, so its pages look the same every run. */
const visualServerPort = port + 6;
const visualTests = /visual-regression\.spec\.ts$/;
/** The specs that move the clock server's time (tests/e2e/support/staff.ts). */
const clockTests = [/consultant-portal\.spec\.ts$/, /reviews\.spec\.ts$/, /waitlist\.spec\.ts$/];
process.env.E2E_CLOCK_FILE = clockFile;
process.env.E2E_CLOCK_SERVER_URL = `http://127.0.0.1:${clockServerPort}`;

/**
 * The production build (npm run test:e2e builds first) on a fresh embedded database: the data
 * folder of the previous run on this port is removed first, so runs do not pile up data.
 */
function appServer(serverPort: number, dataFolder: string, testClockFile?: string) {
  const url = `http://127.0.0.1:${serverPort}`;
  return {
    // The compiled server, as production runs it (npm run test:e2e builds it first).
    command: `rm -rf ${dataFolder} ${testClockFile ?? ""} && node ${buildDirectory}/server/main.js`,
    url: `${url}/readyz`,
    reuseExistingServer: false,
    timeout: 90_000,
    env: {
      NODE_ENV: "production",
      PORT: String(serverPort),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      BUILD_DIR: buildDirectory,
      DATA_DIR: dataFolder,
      LOG_LEVEL: "warn",
      // Payments run through the built-in sandbox; production turns it on only when asked.
      PAYMENT_SANDBOX: "true",
      SMTP_URL: `smtp://127.0.0.1:${mailSinkPort}`,
      OUTBOX_POLL_MS: "300",
      // A hold that ran out passes on within half a second, not the default 15 s.
      WAITLIST_POLL_MS: "500",
      // Every test signs up from 127.0.0.1; the limits themselves are covered by integration tests.
      RATE_LIMIT_FORMS_PER_MINUTE: "10000",
      RATE_LIMIT_BOOKINGS_PER_MINUTE: "10000",
      // Every test's browser starts its chats from this one machine's address.
      RATE_LIMIT_BOT_SESSIONS_PER_HOUR: "10000",
      // The staff account tests sign in with (tests/e2e/support/staff.ts).
      ADMIN_EMAIL: "staff@example.com",
      ADMIN_PASSWORD: "staff pass phrase for tests",
      CORS_ORIGINS: `http://127.0.0.1:${foreignClientPort}`,
      // The calendar tests' CalDAV server (Radicale) listens on this machine's loopback address.
      CALENDAR_ALLOW_PRIVATE_ADDRESSES: "true",
      ...(testClockFile ? { TEST_CLOCK_FILE: testClockFile } : {}),
    },
  };
}

/** Debian's chromium, started the way this machine's closed network needs; never a downloaded one. */
export const chromiumLaunchOptions = {
  executablePath: chromiumExecutablePath,
  args: playwrightChromiumArgs,
};

export default defineConfig({
  testDir: "tests/e2e",
  // axe with its experimental rules is slow on a page, and this machine has two cores.
  timeout: 90_000,
  // Reviewed: anti-aliasing moves a few hundred pixels between runs; a real change moves thousands.
  expect: { timeout: 7_000, toHaveScreenshot: { maxDiffPixelRatio: 0.002 } },
  snapshotPathTemplate: "tests/e2e/visual-references/{arg}{ext}",
  fullyParallel: true,
  // This machine has two cores; more workers only queue behind the one server.
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL,
    trace: "off",
    // The site stops its animations (the services marquee, the carousel's autoplay) for visitors who
    // ask for less motion. Left running, the marquee alone kept Chromium's software compositor busy
    // for every open page, on a two-core machine where the suite is bound by CPU. Specs about motion
    // itself ask for it back (testimonials, scrolling, FAQ).
    reducedMotion: "reduce",
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    {
      name: "chromium",
      testIgnore: [visualTests, ...clockTests],
      use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunchOptions },
    },
    {
      // The journeys that move the clock server's time, one at a time: two at once would move it
      // under each other (a reset in one's afterEach lands inside the other's appointment).
      name: "clock",
      testMatch: clockTests,
      workers: 1,
      use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunchOptions },
    },
    {
      name: "visual",
      testMatch: visualTests,
      use: {
        ...devices["Desktop Chrome"],
        baseURL: `http://127.0.0.1:${visualServerPort}`,
        launchOptions: chromiumLaunchOptions,
      },
    },
  ],
  webServer: [
    {
      command: `rm -rf ${mailSinkDirectory} && tsx tests/e2e/support/mail-sink.ts`,
      port: mailSinkPort,
      reuseExistingServer: false,
      env: { MAIL_SINK_PORT: String(mailSinkPort), MAIL_SINK_DIR: mailSinkDirectory },
    },
    appServer(port, dataDirectory),
    // A second server whose clock tests may move (tests/e2e/support/staff.ts), so moving it never
    // disturbs the tests running against the first one at the same time.
    appServer(clockServerPort, `.tmp/e2e-${clockServerPort}`, clockFile),
    appServer(visualServerPort, `.tmp/e2e-${visualServerPort}`),
  ],
});
