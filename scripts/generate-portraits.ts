// Draws the demo consultants' portraits offline: a monogram (the person's initials on their brand
// tint, the same look as the About page's team; app/lib/monogram.ts) rendered by sharp from SVG and
// written to public/images/consultants/ as AVIF and WebP in every width pages use
// (app/lib/portrait-sources.ts). Colours come from the Tailwind theme (app/app.css); the script
// stops if a pair falls below WCAG AA. The letters are set in Liberation Serif (Debian's
// fonts-liberation), so the files look the same whichever machine draws them again:
//   npx tsx scripts/generate-portraits.ts
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { demoConsultants } from "@db/demo-consultants";
import sharp from "sharp";
import { initials, monogramTint } from "../app/lib/monogram";
import { PORTRAIT_WIDTHS, portraitFileName } from "../app/lib/portrait-sources";
import { contrastRatio, themeColours } from "../app/lib/theme-colours";

const folder = path.resolve("public/images/consultants");
const colours = themeColours(readFileSync("app/app.css", "utf8"));
const CANVAS = 512;

function colour(name: string): string {
  const value = colours[name];
  if (!value) throw new Error(`app/app.css has no --color-${name}`);
  return value;
}

/** The portrait as SVG on a 512 × 512 canvas; smaller widths are scaled from it. */
function portraitSvg(name: string): string {
  const tint = monogramTint(name);
  const [background, shape, ink] = [colour(tint.background), colour(tint.shape), colour(tint.ink)];
  for (const behind of [background, shape]) {
    const ratio = contrastRatio(ink, behind);
    if (ratio < 4.5) throw new Error(`${tint.ink} on ${behind}: contrast ${ratio.toFixed(2)} is below 4.5`);
  }
  // Two soft arcs of the lighter tint in opposite corners give depth without drawing a face; the
  // initials sit optically centred: Liberation Serif's capitals are 0.66 em tall, and x moves by
  // half the letter spacing, which text-anchor counts after the last letter too.
  const fontSize = 160;
  const letterSpacing = 6;
  const baseline = Math.round(CANVAS / 2 + (fontSize * 0.66) / 2);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CANVAS}" height="${CANVAS}" viewBox="0 0 ${CANVAS} ${CANVAS}">
  <rect width="${CANVAS}" height="${CANVAS}" fill="${background}"/>
  <circle cx="${CANVAS}" cy="0" r="230" fill="${shape}" opacity=".7"/>
  <circle cx="0" cy="${CANVAS}" r="150" fill="${shape}" opacity=".55"/>
  <text x="${CANVAS / 2 + letterSpacing / 2}" y="${baseline}" text-anchor="middle"
    font-family="Liberation Serif, DejaVu Serif, serif" font-size="${fontSize}" letter-spacing="${letterSpacing}"
    fill="${ink}">${initials(name)}</text>
</svg>`;
}

mkdirSync(folder, { recursive: true });
// Old drawings of people no longer in the list would linger otherwise.
for (const file of readdirSync(folder)) rmSync(path.join(folder, file));

for (const consultant of demoConsultants) {
  const drawn = await sharp(Buffer.from(portraitSvg(consultant.name)))
    .png()
    .toBuffer();
  for (const width of PORTRAIT_WIDTHS) {
    const scaled = sharp(drawn).resize(width, width);
    await scaled
      .clone()
      .avif({ quality: 60, effort: 6 })
      .toFile(path.join(folder, portraitFileName(consultant.slug, width, "avif")));
    await scaled
      .clone()
      .webp({ quality: 82, effort: 6 })
      .toFile(path.join(folder, portraitFileName(consultant.slug, width, "webp")));
  }
  console.log("drew", consultant.name);
}
