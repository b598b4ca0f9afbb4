// `npm run check:bundle`: the JavaScript each public page loads at start, from the browser build's
// manifest (build/client/.vite/manifest.json, or BUILD_DIR's), against its budget; exits 1 when a
// page is over. A page loads React Router's client entry, the root route and its own route module,
// each with every chunk they import, as the HTML's start-up script lists them; chunks loaded on
// demand (dynamic imports) do not count. Sizes are gzip, file by file, as the server sends them (the
// build's precompressed copy). A static page (route-table.ts, `static`) loads only the static pages'
// module (app/components/site/static-page.ts, built on its own as assets/static-page-<hash>.js) and the
// chunks it imports.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { pageRouteFor, routeTable } from "~/route-table";
import { budgetedPages, javascriptBudgetFor } from "./page-weight-budget";

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const clientDirectory = path.resolve(process.env.BUILD_DIR ?? "build", "client");
const manifestPath = path.join(clientDirectory, ".vite/manifest.json");
let manifest: Manifest;
try {
  manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;
} catch {
  console.error(`No build manifest at ${manifestPath}: run "npm run build" first.`);
  process.exit(2);
}

/** The manifest keys of a route module: its main chunk and any split-off parts (`?route-chunk=…`). */
function routeModuleKeys(file: string): string[] {
  const keys = Object.keys(manifest).filter((key) => key.startsWith(`app/${file}?`));
  if (keys.length === 0) throw new Error(`app/${file} is not in the build manifest`);
  return keys;
}

/** The files a set of manifest entries load: their own and every chunk they import, transitively. */
function filesLoadedBy(keys: string[]): Set<string> {
  const files = new Set<string>();
  const pending = [...keys];
  const seen = new Set<string>();
  while (pending.length > 0) {
    const key = pending.pop()!;
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no entry ${key}`);
    files.add(chunk.file);
    pending.push(...(chunk.imports ?? []));
  }
  return files;
}

const gzipSizes = new Map<string, number>();
function gzipSizeOf(file: string): number {
  let size = gzipSizes.get(file);
  if (size === undefined) {
    // The build's own gzip copy when there is one (scripts/precompress-client.mjs): what is sent.
    const full = path.join(clientDirectory, file);
    size = existsSync(`${full}.gz`) ? statSync(`${full}.gz`).size : gzipSync(readFileSync(full)).length;
    gzipSizes.set(file, size);
  }
  return size;
}

const entryKey = Object.keys(manifest).find(
  (key) => manifest[key]?.isEntry && manifest[key]?.name === "entry.client",
);
if (!entryKey) throw new Error("The build manifest has no entry.client");

/** The static pages' module and every chunk it imports statically (chunks it loads on demand do not count). */
function staticPageFiles(): Set<string> {
  const assets = readdirSync(path.join(clientDirectory, "assets"));
  const modules = assets.filter((file) => /^static-page-[\w-]+\.js$/.test(file));
  if (modules.length !== 1)
    throw new Error(`Expected one static-page-*.js in the build, found ${modules.length}`);
  const files = new Set<string>();
  const pending = [`assets/${modules[0]}`];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    const code = readFileSync(path.join(clientDirectory, file), "utf8");
    for (const [, imported] of code.matchAll(
      /\bimport\s*(?:[\w*{}\s,$]+from\s*)?["'](\.\/[^"']+\.js)["']/g,
    )) {
      pending.push(path.posix.join(path.posix.dirname(file), imported!));
    }
  }
  return files;
}

const rows = budgetedPages.map((pagePath) => {
  const page = pageRouteFor(routeTable, pagePath);
  if (!page) throw new Error(`No route answers ${pagePath}`);
  const files = page.static
    ? staticPageFiles()
    : filesLoadedBy([entryKey, ...routeModuleKeys("root.tsx"), ...routeModuleKeys(page.file)]);
  const bytes = [...files].reduce((total, file) => total + gzipSizeOf(file), 0);
  return { pagePath, files: files.size, bytes, budget: javascriptBudgetFor(pagePath) };
});

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
console.log("JavaScript each public page loads at start (KB gzip, 1 KB = 1024 bytes):\n");
for (const row of rows) {
  const verdict = row.bytes <= row.budget ? "ok" : `OVER by ${kb(row.bytes - row.budget)} KB`;
  console.log(
    `  ${row.pagePath.padEnd(12)} ${kb(row.bytes).padStart(6)} of ${kb(row.budget).padStart(5)} in ${String(row.files).padStart(2)} files  ${verdict}`,
  );
}
const over = rows.filter((row) => row.bytes > row.budget);
if (over.length > 0) {
  console.error(`\n${over.length} page(s) over their JavaScript budget (scripts/page-weight-budget.ts).`);
  process.exit(1);
}
console.log("\nEvery public page is within its JavaScript budget.");
