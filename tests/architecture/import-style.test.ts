/**
 * One import style (docs/architecture.md, "Imports"): app modules by the `~/` alias, the database
 * folder by `@db/`, and relative paths only for a module's own folder (`./`) and a route's
 * generated types. File names are kebab-case: biome.json's useFilenamingConvention checks that.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const sourceFolders = ["app", "server", "db", "tests", "bench", "scripts"];

function sourceFiles(): string[] {
  return sourceFolders.flatMap((folder) =>
    readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
      .filter((file) => /\.(ts|tsx|mjs)$/.test(file) && !file.includes("node_modules"))
      .map((file) => path.join(folder, file)),
  );
}

/** Every module named by an import, export or dynamic import of the file, with its line. */
function importsOf(file: string): { specifier: string; line: number }[] {
  const lines = readFileSync(path.join(root, file), "utf8").split("\n");
  const found: { specifier: string; line: number }[] = [];
  for (const [index, text] of lines.entries()) {
    for (const match of text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^import\s+)"([^"]+)"/g)) {
      found.push({ specifier: match[1]!, line: index + 1 });
    }
  }
  return found;
}

describe("one import style", () => {
  const files = sourceFiles();

  it("names the database folder by its alias everywhere outside it", () => {
    const relative = files
      .filter((file) => !file.startsWith("db/"))
      .flatMap((file) =>
        importsOf(file)
          .filter(({ specifier }) => /^(\.\.?\/)+db\//.test(specifier))
          .map(({ specifier, line }) => `${file}:${line} ${specifier}`),
      );
    expect(relative).toEqual([]);
  });

  it("names another folder of the app by the ~/ alias, never by climbing out of one's own", () => {
    const climbing = files
      .filter((file) => file.startsWith("app/") && !/\.test\.tsx?$/.test(file))
      .flatMap((file) =>
        importsOf(file)
          .filter(({ specifier }) => specifier.startsWith("../") && !specifier.includes("+types"))
          .map(({ specifier, line }) => `${file}:${line} ${specifier}`),
      );
    expect(climbing).toEqual([]);
  });

  it("is read from real imports (the scan finds the alias in use)", () => {
    const aliased = files
      .flatMap((file) => importsOf(file))
      .filter(({ specifier }) => specifier.startsWith("~/"));
    expect(aliased.length).toBeGreaterThan(100);
  });
});
