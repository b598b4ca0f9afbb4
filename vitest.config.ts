import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

const alias = { "~": new URL("./app", import.meta.url).pathname };
const exclude = ["node_modules/**", "build/**", "tests/e2e/**"];
/**
 * The AWS SDK warns once per process that its releases after January 2027 need Node 22; the tests
 * run on the Node this project supports (package.json engines), so that advisory is noise here.
 */
const env = { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" };

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default (one worker fewer than the cores) runs files one at a time on a two-core
    // machine, while most integration tests spend their time waiting on sockets and timers: two
    // workers took the suite from 7.6 to 5 minutes there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    globalSetup: ["tests/setup/train-classifier-once.ts", "tests/setup/snapshot-embedded-database.ts"],
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          env,
          setupFiles: ["tests/setup/restore-classifier.ts"],
          include: ["**/*.test.ts", "**/*.test.tsx"],
          exclude: [...exclude, "**/*.integration.test.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          env,
          setupFiles: ["tests/setup/restore-classifier.ts"],
          include: ["**/*.integration.test.ts"],
          // VITEST_EXCLUDE: extra comma-separated globs, for a run that covers part of the suite
          // (CI's PostgreSQL re-run leaves out the route fuzz test; see .ci/run).
          exclude: [...exclude, ...(process.env.VITEST_EXCLUDE?.split(",").filter(Boolean) ?? [])],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
