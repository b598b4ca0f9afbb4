// `npm start` runs this first: it builds only when the build is missing or older than a source file,
// so starting again (after a crash, say) takes seconds instead of a full build. Plain JavaScript, so
// it needs no compiler to start.
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

const buildDirectory = process.env.BUILD_DIR ?? "build";
/** Written last by `npm run build`: its age is the build's. */
const buildStamp = path.join(buildDirectory, "server/main.js");
const sources = [
  "app",
  "server",
  "db",
  "public",
  "package.json",
  "package-lock.json",
  "react-router.config.ts",
  "vite.config.ts",
  "tsconfig.json",
];
const isTest = (name) => /\.test\.tsx?$/.test(name);

function newestChange(entry) {
  let stats;
  try {
    stats = statSync(entry);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return isTest(entry) ? 0 : stats.mtimeMs;
  return readdirSync(entry).reduce(
    (newest, name) => Math.max(newest, newestChange(path.join(entry, name))),
    stats.mtimeMs,
  );
}

let builtAt = 0;
try {
  builtAt = statSync(buildStamp).mtimeMs;
} catch {
  // No build yet.
}
const changedAt = Math.max(...sources.map(newestChange));
if (builtAt > changedAt) {
  console.log(`The build in ${buildDirectory}/ is up to date; starting it.`);
} else {
  console.log(builtAt === 0 ? "No build yet: building…" : "Sources changed since the last build: building…");
  const { status } = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (status !== 0) process.exit(status ?? 1);
}
