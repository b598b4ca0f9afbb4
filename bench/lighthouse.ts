// `npm run bench:lighthouse`: Lighthouse (mobile, its default settings) on the production build,
// driving Debian's chromium. For every public page it prints LCP, TBT, CLS, the performance score
// and the JavaScript transferred beside the same figures for that page's bare HTML (no CSS, no
// JavaScript) measured in the same run, so the ratio says what our CSS and JavaScript cost; then
// the four category scores and, for any figure off its target, the audits that cost it most. It
// measures and prints; it does not fail on scores. Pick pages: `tsx bench/lighthouse.ts / /about`.
// One run of a page moves with whatever else the machine does (TBT by hundreds of milliseconds on a
// busy two-core machine), so each page and its bare copy are measured in turns, LIGHTHOUSE_RUNS
// times (3 by default), and the median run is the one reported, as Lighthouse's own tools choose
// it; the TBT of every run is printed beside it.
import { mkdir, writeFile } from "node:fs/promises";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { services } from "../app/content/services";
import { HOME_JAVASCRIPT_BUDGET_BYTES, PAGE_JAVASCRIPT_BUDGET_BYTES } from "../scripts/page-weight-budget";
import { chromiumArgs, chromiumExecutablePath } from "../tests/e2e/support/chromium";
import { startBareCopyServer } from "./lib/bare-copy-server";
import { kb, ratio, table } from "./lib/format";
import { buildDirectory, startProductionServer } from "./lib/server";

const ALL_PAGES = [
  "/",
  "/services",
  ...services.map((service) => service.path),
  "/about",
  "/contact",
  "/consultant",
  "/project",
  "/login",
  "/pricing",
];
const requestedPages = process.argv.slice(2);
const PAGES = requestedPages.length > 0 ? requestedPages : ALL_PAGES;

/** Issue 16's targets. */
const TARGETS = {
  lcpMs: 1200,
  tbtMs: 50,
  cls: 0,
  performance: 100,
  homeJsBytes: HOME_JAVASCRIPT_BUDGET_BYTES,
  otherJsBytes: PAGE_JAVASCRIPT_BUDGET_BYTES,
};
const CATEGORIES = [
  { id: "performance", label: "Performance", target: TARGETS.performance },
  { id: "accessibility", label: "Accessibility", target: 100 },
  { id: "best-practices", label: "Best practices", target: 100 },
  { id: "seo", label: "SEO", target: 100 },
] as const;
const AUDITS_SHOWN = 6;
/** Set LIGHTHOUSE_REPORTS=folder to keep each run's full report (JSON) for a closer look. */
const reportsFolder = process.env.LIGHTHOUSE_REPORTS;
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));

type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

interface Figures {
  lcpMs: number;
  tbtMs: number;
  cls: number;
  performance: number;
  jsBytes: number;
}

function score(report: Report, categoryId: string): number | null {
  const value = report.categories[categoryId]?.score;
  return typeof value === "number" ? Math.round(value * 100) : null;
}

function numericValue(report: Report, auditId: string): number {
  return report.audits[auditId]?.numericValue ?? Number.NaN;
}

/** Bytes of JavaScript the page transferred (compressed, as on the wire). */
function javascriptTransferred(report: Report): number {
  const items =
    (report.audits["network-requests"]?.details as { items?: unknown[] } | undefined)?.items ?? [];
  return (items as Array<{ resourceType?: string; transferSize?: number }>)
    .filter((item) => item.resourceType === "Script")
    .reduce((total, item) => total + (item.transferSize ?? 0), 0);
}

function figuresOf(report: Report): Figures {
  return {
    lcpMs: numericValue(report, "largest-contentful-paint"),
    tbtMs: numericValue(report, "total-blocking-time"),
    cls: numericValue(report, "cumulative-layout-shift"),
    performance: score(report, "performance") ?? Number.NaN,
    jsBytes: javascriptTransferred(report),
  };
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

/** What the LCP element is and where its time went (Lighthouse's LCP breakdown insight). */
function lcpBreakdown(report: Report): string {
  const details = report.audits["lcp-breakdown-insight"]?.details as
    | {
        items?: Array<{
          type?: string;
          items?: Array<{ label?: string; duration?: number }>;
          nodeLabel?: string;
          selector?: string;
        }>;
      }
    | undefined;
  const parts = details?.items ?? [];
  const phases = (parts.find((part) => part.type === "table")?.items ?? [])
    .map((phase) => `${phase.label} ${Math.round(phase.duration ?? 0)} ms`)
    .join(", ");
  const element = parts.find((part) => part.type === "node");
  const label = element ? `${element.selector ?? ""} "${(element.nodeLabel ?? "").slice(0, 50)}"` : "unknown";
  return `  LCP element: ${label}${phases ? ` (observed: ${phases})` : ""}`;
}

const ATTEMPTS = 3;

/**
 * One Lighthouse run, again when the browser's trace comes back unusable (NO_NAVSTART and the like
 * happen now and then with recent Chromium builds); the error of the last attempt otherwise.
 */
async function runWithRetries(url: string, port: number, reportName: string): Promise<Report> {
  let lastError = "";
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const result = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES.map((category) => category.id),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!result.lhr.runtimeError) {
      if (reportsFolder) {
        await mkdir(reportsFolder, { recursive: true });
        await writeFile(`${reportsFolder}/${reportName}.json`, JSON.stringify(result.lhr));
      }
      return result.lhr;
    }
    lastError = result.lhr.runtimeError.message;
    console.log(`  attempt ${attempt} of ${ATTEMPTS} failed: ${lastError}`);
  }
  throw new Error(`Lighthouse could not measure ${url}: ${lastError}`);
}

const milliseconds = (value: number) => `${Math.round(value)} ms`;
const marked = (text: string, withinTarget: boolean) => (withinTarget ? text : `${text} !`);

function jsBudgetFor(path: string): number {
  return path === "/" ? TARGETS.homeJsBytes : TARGETS.otherJsBytes;
}

console.log(`Starting the production server (build: ${buildDirectory})…`);
const server = await startProductionServer();
const bareServer = await startBareCopyServer(server.url);
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? chromiumExecutablePath,
    chromeFlags: [...chromiumArgs, "--headless=new"],
    logLevel: "error",
  });
  const results: Array<{
    path: string;
    report: Report;
    page: Figures;
    bare: Figures;
    pageTbts: number[];
    bareTbts: number[];
  }> = [];
  for (const path of PAGES) {
    const name = path === "/" ? "home" : path.slice(1).replaceAll("/", "-");
    console.log(`Lighthouse (mobile) on ${path}, the page and its bare HTML in turns, ${RUNS} times…`);
    const reports: Report[] = [];
    const bareReports: Report[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const suffix = RUNS > 1 ? `-${run}` : "";
      reports.push(await runWithRetries(new URL(path, server.url).href, chrome.port, `${name}${suffix}`));
      bareReports.push(
        await runWithRetries(new URL(path, bareServer.url).href, chrome.port, `${name}-bare${suffix}`),
      );
    }
    const report = computeMedianRun(reports);
    results.push({
      path,
      report,
      page: figuresOf(report),
      bare: figuresOf(computeMedianRun(bareReports)),
      pageTbts: reports.map((each) => figuresOf(each).tbtMs),
      bareTbts: bareReports.map((each) => figuresOf(each).tbtMs),
    });
  }

  console.log(
    `\n== Lighthouse ${results[0]?.report.lighthouseVersion ?? ""}, mobile: each page beside its bare HTML ` +
      `(the median of ${RUNS} run${RUNS === 1 ? "" : "s"}) ==`,
  );
  // TBT is the main thread's observed time, scaled: it moves with the browser build and the machine,
  // so the same page's bare HTML is its baseline, and these say what the run was on.
  const browserVersion = await fetch(`http://127.0.0.1:${chrome.port}/json/version`)
    .then((response) => response.json() as Promise<{ Browser?: string }>)
    .then(
      (version) => version.Browser ?? "unknown",
      () => "unknown",
    );
  console.log(
    `Browser: ${browserVersion}; Lighthouse's CPU benchmark index: ` +
      `${Math.round(results[0]?.report.environment.benchmarkIndex ?? Number.NaN)}.`,
  );
  console.log(
    `Targets: LCP ≤ ${TARGETS.lcpMs} ms, TBT ≤ ${TARGETS.tbtMs} ms, CLS ${TARGETS.cls}, performance ${TARGETS.performance}, ` +
      `JavaScript ≤ ${kb(TARGETS.homeJsBytes)} KB on / and ≤ ${kb(TARGETS.otherJsBytes)} KB elsewhere ` +
      `(transferred); "!" marks a figure off its target.\n`,
  );
  console.log(
    table(
      [
        "page",
        "LCP",
        "bare LCP",
        "LCP ratio",
        "TBT",
        "bare TBT",
        "CLS",
        "perf",
        "bare perf",
        "JS KB",
        "TBT of each run (bare)",
      ],
      results.map(({ path, page, bare, pageTbts, bareTbts }) => [
        path,
        marked(milliseconds(page.lcpMs), page.lcpMs <= TARGETS.lcpMs),
        milliseconds(bare.lcpMs),
        ratio(page.lcpMs / bare.lcpMs),
        marked(milliseconds(page.tbtMs), page.tbtMs <= TARGETS.tbtMs),
        milliseconds(bare.tbtMs),
        marked(page.cls.toFixed(3), page.cls <= TARGETS.cls),
        marked(String(page.performance), page.performance >= TARGETS.performance),
        String(bare.performance),
        marked(kb(page.jsBytes), page.jsBytes <= jsBudgetFor(path)),
        `${pageTbts.map(milliseconds).join(", ")} (${bareTbts.map(milliseconds).join(", ")})`,
      ]),
    ),
  );

  console.log("\n== Category scores ==\n");
  console.log(
    table(
      ["page", ...CATEGORIES.map((category) => category.label)],
      results.map(({ path, report }) => [
        path,
        ...CATEGORIES.map((category) => {
          const value = score(report, category.id);
          if (value === null) return "n/a";
          return value < category.target ? `${value} (<${category.target})` : String(value);
        }),
      ]),
    ),
  );

  for (const { path, report, page } of results) {
    const below = CATEGORIES.filter((category) => (score(report, category.id) ?? 0) < category.target);
    console.log(`\n${path}:`);
    console.log(lcpBreakdown(report));
    for (const category of below) {
      console.log(
        `  ${category.label} ${score(report, category.id) ?? "n/a"}, under its target of ${category.target}:`,
      );
      const audits = failingAudits(report, category.id);
      console.log(audits.length > 0 ? audits.join("\n") : "    (no single failing audit reported)");
    }
    const metrics = ["first-contentful-paint", "speed-index", "interactive"]
      .map((id) => report.audits[id])
      .filter((audit) => audit?.displayValue)
      .map((audit) => `${audit!.title} ${audit!.displayValue}`);
    console.log(`  Metrics: ${[...metrics, `JavaScript ${kb(page.jsBytes)} KB transferred`].join(", ")}`);
  }
} finally {
  chrome?.kill();
  await bareServer.stop();
  await server.stop();
}
