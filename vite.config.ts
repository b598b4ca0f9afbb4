import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  // The server bundle's entry is our Hono app, so pages, API and database share one module graph.
  // The browser build writes its manifest so scripts/check-page-weight.ts can total each page's JavaScript.
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : { manifest: true },
  plugins: [tailwindcss(), reactRouter()],
}));
