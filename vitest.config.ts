import { defineConfig } from "vitest/config";

const alias = { "~": new URL("./app", import.meta.url).pathname };
const exclude = ["node_modules/**", "build/**", "tests/e2e/**"];

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["**/*.test.ts", "**/*.test.tsx"],
          exclude: [...exclude, "**/*.integration.test.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["**/*.integration.test.ts"],
          exclude,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
