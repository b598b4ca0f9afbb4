import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "~": new URL("./app", import.meta.url).pathname,
  "@db": new URL("./db", import.meta.url).pathname,
};
const exclude = ["node_modules/**", "build/**", "tests/e2e/**"];
/**
 * The AWS SDK warns once per process that its releases after January 2027 need Node 22; the tests
 * run on the Node this project supports (package.json engines), so that advisory is noise here.
 */
const env = { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" };

/**
 * Test files that replace modules (vi.mock, vi.doMock, vi.resetModules). Every other file shares
 * its worker's modules with the files run before it (isolate: false), which spares importing the
 * app again for each file, the slow part of a run (decision 27); a replaced module would leak into
 * the files after it, so these get modules of their own.
 */
function filesReplacingModules(): string[] {
  const found: string[] = [];
  for (const folder of ["app", "db", "server", "tests"]) {
    for (const file of readdirSync(folder, { recursive: true, encoding: "utf8" })) {
      if (!/\.test\.tsx?$/.test(file)) continue;
      const path = join(folder, file);
      if (/\bvi\.(?:mock|doMock|resetModules)\(/.test(readFileSync(path, "utf8"))) found.push(path);
    }
  }
  return found;
}
const ownModules = filesReplacingModules();

const unitFiles = ["**/*.test.ts", "**/*.test.tsx"];
const integrationFiles = ["**/*.integration.test.ts"];
// VITEST_EXCLUDE: extra comma-separated globs, for a run that covers part of the suite (CI's
// PostgreSQL re-run leaves out the route fuzz test; see .ci/run).
const excludedByRun = process.env.VITEST_EXCLUDE?.split(",").filter(Boolean) ?? [];
const integrationTimeouts = { testTimeout: 30_000, hookTimeout: 60_000 };
const ownModuleIntegrationFiles = ownModules.filter((file) => file.endsWith(".integration.test.ts"));

/** A project of this suite: the app's alias, the environment and the restored classifier in every one. */
function project(test: { name: string; include: string[]; exclude: string[] } & Record<string, unknown>) {
  return { resolve: { alias }, test: { env, setupFiles: ["tests/setup/restore-classifier.ts"], ...test } };
}

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default (one worker fewer than the cores) runs files one at a time on a two-core
    // machine, while most integration tests spend their time waiting on sockets and timers: two
    // workers make the suite much quicker there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    globalSetup: ["tests/setup/train-classifier-once.ts", "tests/setup/snapshot-embedded-database.ts"],
    // `--project 'integration*'` (npm run test:postgres) runs both integration projects.
    projects: [
      project({
        name: "unit",
        isolate: false,
        include: unitFiles,
        exclude: [...exclude, ...integrationFiles, ...ownModules],
      }),
      project({
        name: "unit-own-modules",
        include: ownModules.filter((file) => !ownModuleIntegrationFiles.includes(file)),
        exclude,
      }),
      project({
        name: "integration",
        ...integrationTimeouts,
        isolate: false,
        include: integrationFiles,
        exclude: [...exclude, ...ownModules, ...excludedByRun],
      }),
      project({
        name: "integration-own-modules",
        ...integrationTimeouts,
        include: ownModuleIntegrationFiles,
        exclude: [...exclude, ...excludedByRun],
      }),
    ],
  },
});
