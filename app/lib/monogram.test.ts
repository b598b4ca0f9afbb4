import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { initials, monogramTint, monogramTints } from "./monogram";
import { contrastRatio, themeColours } from "./theme-colours";

describe("monograms", () => {
  it("take the first and last initial", () => {
    expect(initials("Amelia Hart")).toBe("AH");
    expect(initials("  mary ann  lee ")).toBe("ML");
    expect(initials("Plato")).toBe("P");
  });

  it("give a name the same tint every time", () => {
    expect(monogramTint("Nina Petrova")).toBe(monogramTint("Nina Petrova"));
  });

  it("keep the letters above WCAG AA (4.5:1) on both tints of every pair", () => {
    const colours = themeColours(readFileSync("app/app.css", "utf8"));
    for (const tint of monogramTints) {
      for (const behind of [tint.background, tint.shape]) {
        expect(
          contrastRatio(colours[tint.ink]!, colours[behind]!),
          `${tint.ink} on ${behind}`,
        ).toBeGreaterThan(4.5);
      }
      expect(tint.className).toBe(`bg-${tint.background} text-${tint.ink}`);
    }
  });
});
