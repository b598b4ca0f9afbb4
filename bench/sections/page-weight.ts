import { HOME_JAVASCRIPT_BUDGET_BYTES } from "../../scripts/page-weight-budget";
import { kb, table } from "../lib/format";
import { getRaw, gzipSize } from "../lib/http";
import { javascriptUrls, stylesheetUrls } from "../lib/page-assets";
import type { BenchSection } from "../lib/section";

export const PAGES = ["/", "/services", "/service1"];

interface Asset {
  url: string;
  bytes: number;
  gzipBytes: number;
}

export interface PageWeight {
  path: string;
  status: number;
  htmlBytes: number;
  htmlGzipBytes: number;
  scripts: number;
  jsBytes: number;
  jsGzipBytes: number;
  cssGzipBytes: number;
  scriptAssets: Asset[];
}

async function assetSizes(urls: string[], cache: Map<string, Asset>): Promise<Asset[]> {
  return Promise.all(
    urls.map(async (url) => {
      const known = cache.get(url);
      if (known) return known;
      const response = await getRaw(url);
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
      const asset = { url, bytes: response.body.length, gzipBytes: gzipSize(response.body) };
      cache.set(url, asset);
      return asset;
    }),
  );
}

export async function measurePage(baseUrl: string, path: string, cache = new Map<string, Asset>()) {
  const url = new URL(path, baseUrl).href;
  const response = await getRaw(url);
  const html = response.body.toString("utf8");
  const scripts = await assetSizes(javascriptUrls(html, url), cache);
  const styles = await assetSizes(stylesheetUrls(html, url), cache);
  const sum = (assets: Asset[], key: "bytes" | "gzipBytes") =>
    assets.reduce((total, asset) => total + asset[key], 0);
  return {
    path,
    status: response.status,
    htmlBytes: response.body.length,
    htmlGzipBytes: gzipSize(response.body),
    scripts: scripts.length,
    jsBytes: sum(scripts, "bytes"),
    jsGzipBytes: sum(scripts, "gzipBytes"),
    cssGzipBytes: sum(styles, "gzipBytes"),
    scriptAssets: scripts,
  } satisfies PageWeight;
}

export const pageWeightSection: BenchSection = {
  name: "page-weight",
  title: "Page weight (KB, 1 KB = 1024 bytes; gzip at zlib's default level)",
  async run({ baseUrl }) {
    const cache = new Map<string, Asset>();
    const pages: PageWeight[] = [];
    for (const path of PAGES) pages.push(await measurePage(baseUrl, path, cache));
    console.log(
      table(
        ["page", "status", "HTML", "HTML gzip", "JS files", "JS", "JS gzip", "CSS gzip"],
        pages.map((page) => [
          page.path,
          String(page.status),
          kb(page.htmlBytes),
          kb(page.htmlGzipBytes),
          String(page.scripts),
          kb(page.jsBytes),
          kb(page.jsGzipBytes),
          kb(page.cssGzipBytes),
        ]),
      ),
    );
    const home = pages.find((page) => page.path === "/");
    if (home) {
      const within = home.jsGzipBytes <= HOME_JAVASCRIPT_BUDGET_BYTES;
      console.log(
        `\nHome page JavaScript: ${kb(home.jsGzipBytes)} KB gzip of a ${kb(HOME_JAVASCRIPT_BUDGET_BYTES)} KB budget: ${
          within
            ? "within budget"
            : `OVER BUDGET by ${kb(home.jsGzipBytes - HOME_JAVASCRIPT_BUDGET_BYTES)} KB`
        }.`,
      );
      const largest = [...home.scriptAssets].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 5);
      console.log("Largest scripts of the home page (KB gzip):");
      for (const asset of largest)
        console.log(`  ${kb(asset.gzipBytes).padStart(6)}  ${new URL(asset.url).pathname}`);
    }
  },
};
