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
