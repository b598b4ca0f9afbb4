import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, chromiumExecutablePath } from "./tests/e2e/support/chromium";

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
/** The build the server runs: `build` by default, or another folder (BUILD_DIR) built beside it. */
const buildDirectory = process.env.BUILD_DIR ?? "build";
const dataDirectory = `.tmp/e2e-${port}`;

/** Debian's chromium, started the way this machine's closed network needs; never a downloaded one. */
export const chromiumLaunchOptions = {
  executablePath: chromiumExecutablePath,
  args: chromiumArgs,
};

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  // This machine has two cores; more workers only queue behind the one server.
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL,
    trace: "off",
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    { name: "chromium", use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunchOptions } },
  ],
  webServer: {
    // The production build (npm run test:e2e builds first) on a fresh embedded database: the data
    // folder of the previous run on this port is removed first, so runs do not pile up data.
    command: `rm -rf ${dataDirectory} && tsx server/main.ts`,
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseURL,
      BUILD_DIR: buildDirectory,
      DATA_DIR: dataDirectory,
      LOG_LEVEL: "warn",
    },
  },
});
