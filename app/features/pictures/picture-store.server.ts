import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { storedPictures } from "@db/picture-schema";
import { eq, inArray } from "drizzle-orm";
import type { Database } from "~/infra/db.server";

/** Where stored pictures are served from (see server/uploaded-pictures.ts). */
export const UPLOADS_URL_PREFIX = "/uploads/";

const contentTypeByExtension = new Map([
  [".webp", "image/webp"],
  [".png", "image/png"],
  [".jpg", "image/jpeg"],
  [".jpeg", "image/jpeg"],
]);
/** The names this app gives pictures (a UUID and an extension); nothing else is looked up. */
const STORED_NAME = /^[\w-]{1,100}\.(?:webp|png|jpe?g)$/;

export interface PictureFile {
  contentType: string;
  bytes: Buffer;
  /** Sent as the ETag; the bytes under a name never change. */
  contentHash: string;
}

/** Stores an encoded WebP picture under a new name in the shared database; returns its public path. */
export async function storeWebpPicture(db: Database, bytes: Buffer): Promise<string> {
  const name = `${randomUUID()}.webp`;
  await db
    .insert(storedPictures)
    .values({ name, contentType: "image/webp", bytes, contentHash: hashOf(bytes) });
  return `${UPLOADS_URL_PREFIX}${name}`;
}

/** The picture stored under a file name (the last part of its public path), if there is one. */
export async function findStoredPicture(db: Database, name: string): Promise<PictureFile | undefined> {
  if (!STORED_NAME.test(name)) return undefined;
  const [picture] = await db
    .select({
      contentType: storedPictures.contentType,
      bytes: storedPictures.bytes,
      contentHash: storedPictures.contentHash,
    })
    .from(storedPictures)
    .where(eq(storedPictures.name, name));
  return picture;
}

/**
 * Deletes a picture this app stored (a path under UPLOADS_URL_PREFIX); anything else, such as a
 * bundled default picture, is left alone.
 */
export async function removeStoredPicture(db: Database, publicPath: string): Promise<void> {
  const name = storedNameOf(publicPath);
  if (name) await db.delete(storedPictures).where(eq(storedPictures.name, name));
}

/** The stored picture's name when the path is one of ours. */
export function storedNameOf(publicPath: string): string | undefined {
  if (!publicPath.startsWith(UPLOADS_URL_PREFIX)) return undefined;
  const name = publicPath.slice(UPLOADS_URL_PREFIX.length);
  return STORED_NAME.test(name) ? name : undefined;
}

/**
 * Copies pictures an older version kept in a folder on this machine (UPLOAD_DIR) into the
 * database, keeping their names, so the paths records show keep working on every host. Runs at
 * every start and is cheap once done: names already stored are skipped. The files are left in
 * place, so going back to the older version loses nothing. Returns how many were copied.
 */
export async function importPictureFolder(db: Database, directory: string): Promise<number> {
  let names: string[];
  try {
    names = (await readdir(directory)).filter((name) => STORED_NAME.test(name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  if (names.length === 0) return 0;
  const known = new Set(
    (
      await db
        .select({ name: storedPictures.name })
        .from(storedPictures)
        .where(inArray(storedPictures.name, names))
    ).map((picture) => picture.name),
  );
  let copied = 0;
  for (const name of names.filter((candidate) => !known.has(candidate))) {
    const bytes = await readFile(path.join(directory, name));
    const contentType = contentTypeByExtension.get(path.extname(name).toLowerCase()) ?? "image/webp";
    const inserted = await db
      .insert(storedPictures)
      .values({ name, contentType, bytes, contentHash: hashOf(bytes) })
      .onConflictDoNothing()
      .returning({ name: storedPictures.name });
    copied += inserted.length;
  }
  return copied;
}

function hashOf(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("base64url").slice(0, 32);
}
