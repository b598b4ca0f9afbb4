// Draws the demo consultants' portraits offline with DiceBear's CC0 "notionists" style and writes
// them as 256×256 WebP to public/images/consultants/. Run again after changing the demo list:
//   npx tsx scripts/generate-portraits.ts
import { mkdirSync } from "node:fs";
import path from "node:path";
import { notionists } from "@dicebear/collection";
import { createAvatar } from "@dicebear/core";
import sharp from "sharp";
import { demoConsultants } from "../db/demo-consultants";

const folder = path.resolve("public/images/consultants");
mkdirSync(folder, { recursive: true });
const backgrounds = ["ede9fe", "ddd6fe", "fef3c7", "e0f2fe", "dcfce7", "fce7f3"];

for (const [index, consultant] of demoConsultants.entries()) {
  const svg = createAvatar(notionists, {
    seed: consultant.name,
    size: 256,
    backgroundColor: [backgrounds[index % backgrounds.length]!],
  }).toString();
  const file = path.join(folder, `${consultant.slug}.webp`);
  await sharp(Buffer.from(svg)).resize(256, 256).webp({ quality: 80 }).toFile(file);
  console.log("wrote", path.relative(process.cwd(), file));
}
