import sharp from "sharp";
import type { PictureUpload } from "~/features/pictures/pictures.server";

/**
 * An upload as a route hands it to a feature, with limits generous enough never to get in a test's
 * way unless the test sets them.
 */
export function pictureUpload(
  bytes: Uint8Array,
  uploaderId: string,
  uploadDirectory: string,
  limits: Partial<Pick<PictureUpload, "perUserPerMinute" | "decodesAtOnce">> = {},
): PictureUpload {
  return { bytes, uploaderId, uploadDirectory, perUserPerMinute: 1000, decodesAtOnce: 2, ...limits };
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
