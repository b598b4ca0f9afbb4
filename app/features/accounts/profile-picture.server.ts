import { randomUUID } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { FeatureError } from "~/lib/errors";
import { PICTURE_MAX_BYTES, PICTURE_TOO_LARGE } from "./account-limits";

export const PICTURE_SIZE_PX = 256;
/** Where stored pictures are served from (see server/http-app.ts). */
export const UPLOADS_URL_PREFIX = "/uploads/";

const acceptedFormats = new Set(["jpeg", "png", "webp"]);
const NOT_A_PICTURE = "Please choose a JPEG, PNG or WebP picture.";

/** A profile picture: a square WebP copy (see storeUploadedPicture). Returns its public path. */
export function storeProfilePicture(bytes: Uint8Array, uploadDirectory: string): Promise<string> {
  return storeUploadedPicture(bytes, uploadDirectory, { width: PICTURE_SIZE_PX, height: PICTURE_SIZE_PX });
}

/**
 * Checks an uploaded picture by its content (not its name or declared type), then stores a
 * re-encoded WebP copy of the given size (cropped to fill it) without metadata under a generated
 * name. Returns its public path. Profile, consultant and project pictures all go through here.
 */
export async function storeUploadedPicture(
  bytes: Uint8Array,
  uploadDirectory: string,
  size: { width: number; height: number },
): Promise<string> {
  if (bytes.byteLength > PICTURE_MAX_BYTES) {
    throw new FeatureError("too-large", PICTURE_TOO_LARGE, { image: PICTURE_TOO_LARGE });
  }
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: 40_000_000 }).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !acceptedFormats.has(format))
    throw new FeatureError("invalid", NOT_A_PICTURE, { image: NOT_A_PICTURE });

  let encoded: Buffer;
  try {
    // sharp drops EXIF and other metadata unless asked to keep it; rotate() applies the
    // orientation first so the picture stays upright without it.
    encoded = await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(size.width, size.height, { fit: "cover" })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new FeatureError("invalid", "We could not read this picture. Please choose another one.", {
      image: "We could not read this picture. Please choose another one.",
    });
  }
  const fileName = `${randomUUID()}.webp`;
  await mkdir(uploadDirectory, { recursive: true });
  await writeFile(path.join(uploadDirectory, fileName), encoded);
  return `${UPLOADS_URL_PREFIX}${fileName}`;
}

/**
 * Deletes a picture this app stored (a path under UPLOADS_URL_PREFIX); anything else, such as a
 * bundled default picture, is left alone. Only the file name is used, so no path can escape the folder.
 */
export async function removeUploadedPicture(publicPath: string, uploadDirectory: string): Promise<void> {
  if (!publicPath.startsWith(UPLOADS_URL_PREFIX)) return;
  await rm(path.join(uploadDirectory, path.basename(publicPath)), { force: true });
}
