/**
 * How Debian's chromium is started on this machine (closed network, running as root): shared by
 * Playwright's configuration and the Lighthouse benchmark so both drive the same browser the same way.
 */
export const chromiumExecutablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Chromium features Playwright's browser runs without. Chromium reads only the last
 * --disable-features it is given, so this repeats the list Playwright passes itself
 * (playwright-core's chromiumSwitches: features that disturb automation or call Google's servers)
 * and adds the parts of a browser window no headless test shows: the address bar's popups and the
 * toolbar's web pages, which Chromium built and preloaded for every new window, that is for every
 * test's page. Measured on a two-core machine: a new context with its page cost 1.05 core-seconds
 * with them, 0.68 without; an idle page 13 % of a core, 8 % without; the end-to-end suite, which is
 * bound by CPU, took 11.0 minutes instead of 15.1.
 */
const disabledFeatures = [
  // Playwright's own (playwright-core 1.65).
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
  // Ours: the window's web-page parts.
  "PreloadTopChromeWebUI",
  "WebUIOmniboxPopup",
  "WebUIOmniboxAimPopup",
];

/** The switches Playwright starts Debian's chromium with (playwright.config.ts). */
export const playwrightChromiumArgs = [...chromiumArgs, `--disable-features=${disabledFeatures.join(",")}`];
