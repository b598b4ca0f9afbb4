import { consultants, projects, users } from "@db/schema";
import { eq } from "drizzle-orm";
import type { Metadata } from "sharp";
import { type ConcurrencyLimit, createConcurrencyLimit } from "~/infra/concurrency-limit.server";
import type { Database } from "~/infra/db.server";
import type { Environment } from "~/infra/env.server";
import { consumeRateLimit } from "~/infra/rate-limit.server";
import { type FailureKind, FeatureError } from "~/lib/errors";
import { JPEG_MAX_PIXELS, PICTURE_MAX_BYTES, PICTURE_TOO_LARGE, PNG_WEBP_MAX_PIXELS } from "./picture-limits";
import { removeStoredPicture, storedNameOf, storeWebpPicture } from "./picture-store.server";

const PICTURE_SIZE_PX = 256;

/** The formats accepted, each with the most pixels it may have (see picture-limits.ts). */
const maxPixelsByFormat = new Map([
  ["jpeg", JPEG_MAX_PIXELS],
  ["png", PNG_WEBP_MAX_PIXELS],
  ["webp", PNG_WEBP_MAX_PIXELS],
]);
/** Decoding a picture within those limits takes well under a second; past this it is stopped. */
const DECODE_SECONDS = 3;
/** How long an upload waits for a free decoding slot before it is turned away. */
const QUEUE_WAIT_MS = 10_000;
const BUSY_RETRY_SECONDS = 10;

const NOT_A_PICTURE = "Please choose a JPEG, PNG or WebP picture.";
const UNREADABLE = "We could not read this picture. Please choose another one.";
const TOO_SLOW = "This picture took too long to process. Please choose a smaller copy of it.";
const BUSY = "Many pictures are being processed right now. Please try again in a few seconds.";

/** A picture a person sent, with the settings its processing obeys (see pictureUploadFrom). */
export interface PictureUpload {
  bytes: Uint8Array;
  /** Who sent it: each user may send RATE_LIMIT_PICTURES_PER_MINUTE pictures a minute. */
  uploaderId: string;
  perUserPerMinute: number;
  /** PICTURE_PROCESSING_CONCURRENCY: pictures this process decodes at once. */
  decodesAtOnce: number;
}

type PictureSettings = Pick<Environment, "RATE_LIMIT_PICTURES_PER_MINUTE" | "PICTURE_PROCESSING_CONCURRENCY">;

/** The picture a form field holds (a file that is not empty), ready to store; otherwise none. */
export async function pictureUploadFrom(
  field: unknown,
  uploaderId: string,
  settings: PictureSettings,
): Promise<PictureUpload | undefined> {
  if (!(field instanceof File) || field.size === 0) return undefined;
  return {
    bytes: new Uint8Array(await field.arrayBuffer()),
    uploaderId,
    perUserPerMinute: settings.RATE_LIMIT_PICTURES_PER_MINUTE,
    decodesAtOnce: settings.PICTURE_PROCESSING_CONCURRENCY,
  };
}

export interface PictureSize {
  width: number;
  height: number;
}

/** Profile pictures (customers' and consultants') are square. */
export const PROFILE_PICTURE_SIZE: PictureSize = { width: PICTURE_SIZE_PX, height: PICTURE_SIZE_PX };

/** A profile picture: a square WebP copy (see storeUploadedPicture). Returns its public path. */
export function storeProfilePicture(db: Database, picture: PictureUpload): Promise<string> {
  return storeUploadedPicture(db, picture, PROFILE_PICTURE_SIZE);
}

/**
 * Saves a record that may get a new picture: the upload (if any) is stored first and `save` gets
 * its path, and reports through `replacing` the picture the record showed when it was read for the
 * change. Once saved, that picture is deleted unless something else still shows it; if saving
 * fails, the new picture is deleted instead. Either way no picture is left that nothing shows.
 */
export async function saveWithPicture<T>(
  db: Database,
  upload: PictureUpload | undefined,
  size: PictureSize,
  save: (stored: string | undefined, replacing: (shown: string) => void) => Promise<T>,
): Promise<T> {
  if (!upload) return save(undefined, () => {});
  const stored = await storeUploadedPicture(db, upload, size);
  let shownBefore: string | undefined;
  let saved: T;
  try {
    saved = await save(stored, (shown) => {
      shownBefore = shown;
    });
  } catch (error) {
    await removeStoredPicture(db, stored);
    throw error;
  }
  if (shownBefore) await removeReplacedPicture(db, shownBefore);
  return saved;
}

/**
 * Checks an uploaded picture by its content (not its name or declared type), then stores a
 * re-encoded WebP copy of the given size (cropped to fill it) without metadata under a generated
 * name, in the database every host shares. Returns its public path. Profile, consultant and project pictures all go through here.
 *
 * Decoding is the expensive part, so it is fenced: each user may send only so many pictures a
 * minute, the size is checked from the header before anything is decoded, only a few pictures
 * are decoded at once in this process, and each decode has a time budget.
 */
export async function storeUploadedPicture(
  db: Database,
  picture: PictureUpload,
  size: PictureSize,
): Promise<string> {
  if (picture.bytes.byteLength > PICTURE_MAX_BYTES) throw pictureFailure("too-large", PICTURE_TOO_LARGE);
  await countUpload(db, picture);
  const maxPixels = await checkHeader(picture.bytes);

  const release = await processingSlots(picture.decodesAtOnce).acquire(QUEUE_WAIT_MS);
  if (!release) throw pictureFailure("rate-limited", BUSY, BUSY_RETRY_SECONDS);
  let encoded: Buffer;
  try {
    // sharp drops EXIF and other metadata unless asked to keep it; rotate() applies the
    // orientation first so the picture stays upright without it. One WebP only, no AVIF copy: at
    // this size WebP is already a few kilobytes, AVIF would add a slower encode inside the decode
    // budget and a second file to keep and delete, and <Portrait> shows a one-format picture as is.
    const sharp = await loadSharp();
    encoded = await sharp(picture.bytes, { limitInputPixels: maxPixels })
      .timeout({ seconds: DECODE_SECONDS })
      .rotate()
      .resize(size.width, size.height, { fit: "cover" })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    const timedOut = error instanceof Error && error.message.startsWith("timeout");
    throw timedOut ? pictureFailure("too-large", TOO_SLOW) : pictureFailure("invalid", UNREADABLE);
  } finally {
    release();
  }
  return storeWebpPicture(db, encoded);
}

/**
 * Deletes a replaced picture unless an account, a consultant or a project still shows it: staff
 * may point a consultant at a picture stored for another one.
 */
async function removeReplacedPicture(db: Database, publicPath: string): Promise<void> {
  if (!storedNameOf(publicPath)) return;
  const shownBy = await Promise.all([
    db.select({ id: users.id }).from(users).where(eq(users.image, publicPath)).limit(1),
    db.select({ id: consultants.id }).from(consultants).where(eq(consultants.image, publicPath)).limit(1),
    db.select({ id: projects.id }).from(projects).where(eq(projects.image, publicPath)).limit(1),
  ]);
  if (shownBy.some((rows) => rows.length > 0)) return;
  await removeStoredPicture(db, publicPath);
}

function pictureFailure(kind: FailureKind, message: string, retryAfterSeconds?: number): FeatureError {
  return new FeatureError(kind, message, { image: message }, retryAfterSeconds);
}

/** One of the uploader's pictures this minute, or a 429 saying how long to wait. */
async function countUpload(db: Database, picture: PictureUpload): Promise<void> {
  try {
    await consumeRateLimit(db, {
      key: `picture:user:${picture.uploaderId}`,
      limit: picture.perUserPerMinute,
      windowSeconds: 60,
    });
  } catch (error) {
    if (!(error instanceof FeatureError) || error.kind !== "rate-limited") throw error;
    const wait = error.retryAfterSeconds ?? 60;
    throw pictureFailure(
      "rate-limited",
      `You have sent many pictures in a short time. Please wait ${wait} seconds and try again.`,
      wait,
    );
  }
}

/** sharp, a native library, is loaded with the first picture rather than at every start. */
async function loadSharp() {
  return (await import("sharp")).default;
}

/**
 * From the header alone (nothing decoded yet): that this is a format we take, and not more pixels
 * than that format may have. A tiny file can claim a huge size. Returns the format's limit.
 */
async function checkHeader(bytes: Uint8Array): Promise<number> {
  let header: Metadata | undefined;
  const sharp = await loadSharp();
  try {
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    header = undefined;
  }
  const maxPixels = header?.format ? maxPixelsByFormat.get(header.format) : undefined;
  if (!header || maxPixels === undefined) throw pictureFailure("invalid", NOT_A_PICTURE);
  if (header.width * header.height > maxPixels) {
    throw pictureFailure(
      "too-large",
      `This picture is too large to process (${header.width} × ${header.height} pixels). Please choose a smaller copy: a JPEG photo may have up to ${megapixels(JPEG_MAX_PIXELS)} megapixels, a PNG or WebP picture up to ${megapixels(PNG_WEBP_MAX_PIXELS)}.`,
    );
  }
  return maxPixels;
}

/** Whole megapixels, rounded down so "up to" stays true. */
function megapixels(pixels: number): number {
  return Math.floor(pixels / 1_000_000);
}

const slotsBySize = new Map<number, ConcurrencyLimit>();

/** This process's decoding slots: one line for all uploads (per configured size; tests use several). */
function processingSlots(size: number): ConcurrencyLimit {
  let slots = slotsBySize.get(size);
  if (!slots) {
    slots = createConcurrencyLimit(size);
    slotsBySize.set(size, slots);
  }
  return slots;
}
