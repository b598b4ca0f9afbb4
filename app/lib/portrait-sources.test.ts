import { existsSync } from "node:fs";
import { demoConsultants } from "@db/demo-consultants";
import { describe, expect, it } from "vitest";
import { PORTRAIT_WIDTHS, portraitFileName, portraitSources } from "./portrait-sources";

describe("portrait sources", () => {
  it("offer a bundled portrait in AVIF and WebP at every width", () => {
    const sources = portraitSources("/images/consultants/nina-petrova.webp");
    expect(sources.avif).toBe(
      "/images/consultants/nina-petrova-96.avif 96w, /images/consultants/nina-petrova.avif 256w, /images/consultants/nina-petrova-512.avif 512w",
    );
    expect(sources.srcSet).toContain("/images/consultants/nina-petrova.webp 256w");
  });

  it("show an uploaded picture, which has one file only, as it is", () => {
    expect(portraitSources("/uploads/0b7d3f5e-2c1a-4a61-9d6e-0f1f4bd0e6a1.webp")).toEqual({});
    expect(portraitSources("blob:http://localhost/1234")).toEqual({});
  });

  it("have every file drawn for every demo consultant", () => {
    const missing = demoConsultants.flatMap((consultant) =>
      PORTRAIT_WIDTHS.flatMap((width) =>
        (["avif", "webp"] as const)
          .map((format) => `public/images/consultants/${portraitFileName(consultant.slug, width, format)}`)
          .filter((file) => !existsSync(file)),
      ),
    );
    expect(missing).toEqual([]);
  });
});
