// `npm run bench:lighthouse`: Lighthouse (mobile, its default settings) on the production build,
// driving Debian's chromium. Prints the four category scores per page and, for any category under
// its target, the audits that cost it most. It measures and prints; it does not fail on scores.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumArgs, chromiumExecutablePath } from "../tests/e2e/support/chromium";
import { table } from "./lib/format";
import { buildDirectory, startProductionServer } from "./lib/server";

const PAGES = ["/", "/services", "/service1"];
const CATEGORIES = [
  { id: "performance", label: "Performance", target: 95 },
  { id: "accessibility", label: "Accessibility", target: 100 },
  { id: "best-practices", label: "Best practices", target: 100 },
  { id: "seo", label: "SEO", target: 100 },
] as const;
const AUDITS_SHOWN = 6;

type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

function score(report: Report, categoryId: string): number | null {
  const value = report.categories[categoryId]?.score;
  return typeof value === "number" ? Math.round(value * 100) : null;
}

/** The audits of a category that did not fully pass, the most costly first. */
function failingAudits(report: Report, categoryId: string): string[] {
  const category = report.categories[categoryId];
  if (!category) return [];
  return category.auditRefs
    .map((ref) => ({ ref, audit: report.audits[ref.id] }))
    .filter(
      ({ audit }) =>
        audit !== undefined &&
        typeof audit.score === "number" &&
        audit.score < 1 &&
        (audit.scoreDisplayMode === "binary" ||
          audit.scoreDisplayMode === "numeric" ||
          audit.scoreDisplayMode === "metricSavings"),
    )
    .sort((a, b) => b.ref.weight - a.ref.weight || (a.audit!.score ?? 0) - (b.audit!.score ?? 0))
    .slice(0, AUDITS_SHOWN)
    .map(({ ref, audit }) => {
      const value = audit!.displayValue ? ` (${audit!.displayValue})` : "";
      const weight = ref.weight > 0 ? `, weight ${ref.weight}` : "";
      return `    - ${audit!.title}${value} [${ref.id}: score ${Math.round((audit!.score ?? 0) * 100)}${weight}]`;
    });
}

const ATTEMPTS = 3;

/**
 * One Lighthouse run, again when the browser's trace comes back unusable (NO_NAVSTART and the like
 * happen now and then with recent Chromium builds); the error of the last attempt otherwise.
 */
async function runWithRetries(url: string, port: number): Promise<Report> {
  let lastError = "";
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const result = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES.map((category) => category.id),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!result.lhr.runtimeError) return result.lhr;
    lastError = result.lhr.runtimeError.message;
    console.log(`  attempt ${attempt} of ${ATTEMPTS} failed: ${lastError}`);
  }
  throw new Error(`Lighthouse could not measure ${url}: ${lastError}`);
}

console.log(`Starting the production server (build: ${buildDirectory})…`);
const server = await startProductionServer();
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? chromiumExecutablePath,
    chromeFlags: [...chromiumArgs, "--headless=new"],
    logLevel: "error",
  });
  const reports: Array<{ path: string; report: Report }> = [];
  for (const path of PAGES) {
    const url = new URL(path, server.url).href;
    console.log(`Lighthouse (mobile) on ${url}…`);
    const report = await runWithRetries(url, chrome.port);
    reports.push({ path, report });
  }

  console.log(
    `\n== Lighthouse ${reports[0]?.report.lighthouseVersion ?? ""}, mobile (targets: performance 95, others 100) ==\n`,
  );
  console.log(
    table(
      ["page", ...CATEGORIES.map((category) => category.label)],
      reports.map(({ path, report }) => [
        path,
        ...CATEGORIES.map((category) => {
          const value = score(report, category.id);
          if (value === null) return "n/a";
          return value < category.target ? `${value} (<${category.target})` : String(value);
        }),
      ]),
    ),
  );

  for (const { path, report } of reports) {
    const below = CATEGORIES.filter((category) => (score(report, category.id) ?? 0) < category.target);
    console.log(`\n${path}:`);
    for (const category of below) {
      console.log(
        `  ${category.label} ${score(report, category.id) ?? "n/a"}, under its target of ${category.target}:`,
      );
      const audits = failingAudits(report, category.id);
      console.log(audits.length > 0 ? audits.join("\n") : "    (no single failing audit reported)");
    }
    const metrics = [
      "first-contentful-paint",
      "largest-contentful-paint",
      "total-blocking-time",
      "cumulative-layout-shift",
      "speed-index",
    ]
      .map((id) => report.audits[id])
      .filter((audit) => audit?.displayValue)
      .map((audit) => `${audit!.title} ${audit!.displayValue}`);
    if (metrics.length > 0) console.log(`  Metrics: ${metrics.join(", ")}`);
  }
} finally {
  chrome?.kill();
  await server.stop();
}
