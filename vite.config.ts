import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

const bundledServerLibraries = [
  "@react-router/node",
  "chrono-node",
  "drizzle-orm",
  "hono",
  "isbot",
  "libphonenumber-js",
  "lucide-react",
  "luxon",
  "marked",
  "minisearch",
  "react",
  "react-dom",
  "react-router",
  "stripe",
  "zod",
];

/**
 * React Router names the server build's entry index.js whatever the input; with the render bench's
 * second entry each must keep its own name (index.js, bench-render.js).
 */
function namedServerEntries(isSsrBuild: boolean): Plugin {
  return {
    name: "named-server-entries",
    apply: "build",
    outputOptions: (options) => (isSsrBuild ? { ...options, entryFileNames: "[name].js" } : null),
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  resolve: {
    alias: {
      "~": new URL("./app", import.meta.url).pathname,
      "@db": new URL("./db", import.meta.url).pathname,
    },
  },
  // The server bundle's entry is our Hono app, so pages, API and database share one module graph.
  // The browser build writes its manifest so scripts/check-page-weight.ts can total each page's JavaScript.
  build: {
    manifest: !isSsrBuild,
    rollupOptions: {
      // The render bench's entry shares the bundle's chunks, so it measures the same code.
      ...(isSsrBuild
        ? { input: { index: "./server/app.ts", "bench-render": "./bench/render-entry.ts" } }
        : {}),
      // zod's sources carry comments for esbuild that Rollup cannot place; they change nothing.
      onwarn(warning, warn) {
        if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("/node_modules/zod/")) return;
        warn(warning);
      },
    },
  },
  // Pure-JavaScript libraries of many small files go into the server bundle: a start then reads one
  // file instead of a great many, and imports the app far sooner (decision 26). Native, WebAssembly
  // and CommonJS-only packages (sharp, PGlite, pg, NLP.js, ...) stay in node_modules.
  ssr: command === "build" ? { noExternal: bundledServerLibraries } : undefined,
  // Static pages' module (app/components/site/static-page.ts) is built like a worker: its own bundle, as
  // an ES module so the chat it loads on demand is a chunk of its own. Tailwind builds the whole
  // stylesheet it links for that chat (decision 35), as for the pages.
  worker: { format: "es", plugins: () => [tailwindcss()] },
  plugins: [tailwindcss(), reactRouter(), namedServerEntries(Boolean(isSsrBuild))],
}));
