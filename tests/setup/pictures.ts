import { storedPictures } from "@db/picture-schema";
import { asc } from "drizzle-orm";
import sharp from "sharp";
import { findStoredPicture } from "~/features/pictures/picture-store.server";
import type { PictureUpload } from "~/features/pictures/pictures.server";
import type { Database } from "~/infra/db.server";

/**
 * An upload as a route hands it to a feature, with limits generous enough never to get in a test's
 * way unless the test sets them.
 */
export function pictureUpload(
  bytes: Uint8Array,
  uploaderId: string,
  limits: Partial<Pick<PictureUpload, "perUserPerMinute" | "decodesAtOnce">> = {},
): PictureUpload {
  return { bytes, uploaderId, perUserPerMinute: 1000, decodesAtOnce: 2, ...limits };
}

/** A small PNG of one colour. */
export async function smallPng(width = 40, height = 60): Promise<Uint8Array> {
  const png = await sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .png()
    .toBuffer();
  return new Uint8Array(png);
}

/**
 * A pixel bomb: a PNG of about 160 KB that decodes to 6300 × 6300 pixels (39.7 megapixels), the
 * size an outside review tried on the site. One colour compresses to almost nothing.
 */
export async function pixelBombPng(): Promise<Uint8Array> {
  const png = await sharp({
    create: { width: 6300, height: 6300, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 1 } },
  })
    .png({ compressionLevel: 9 })
    .toBuffer();
  return new Uint8Array(png);
}

/** The public paths of every stored picture, in name order: what a test compares before and after. */
export async function storedPicturePaths(db: Database): Promise<string[]> {
  const rows = await db
    .select({ name: storedPictures.name })
    .from(storedPictures)
    .orderBy(asc(storedPictures.name));
  return rows.map((row) => `/uploads/${row.name}`);
}

/** The bytes stored for a picture's public path, if it is stored. */
export async function storedPictureBytes(db: Database, publicPath: string): Promise<Buffer | undefined> {
  return (await findStoredPicture(db, publicPath.slice("/uploads/".length)))?.bytes;
}
