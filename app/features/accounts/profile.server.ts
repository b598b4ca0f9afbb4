import { type User, users } from "@db/schema";
import { eq } from "drizzle-orm";
import { removeStoredPicture } from "~/features/pictures/picture-store.server";
import { type PictureUpload, storeProfilePicture } from "~/features/pictures/pictures.server";
import type { Database } from "~/infra/db.server";
import { FeatureError, parseInput } from "~/lib/errors";
import { type ProfileUpdateInput, profileUpdateSchema } from "./schemas";

/** What a user may see and change of their own account (never the password hash). */
export type Profile = Pick<
  User,
  | "id"
  | "name"
  | "email"
  | "phone"
  | "addressLine1"
  | "addressLine2"
  | "gender"
  | "dateOfBirth"
  | "image"
  | "timeZone"
>;

function profileOf(user: User): Profile {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    addressLine1: user.addressLine1,
    addressLine2: user.addressLine2,
    gender: user.gender,
    dateOfBirth: user.dateOfBirth,
    image: user.image,
    timeZone: user.timeZone,
  };
}

export async function getProfile(db: Database, userId: string): Promise<Profile> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new FeatureError("not-found", "We could not find your account.");
  return profileOf(user);
}

/**
 * Saves the signed-in user's profile. The fields are checked first, so a bad form stores no
 * picture; a new picture replaces the old one, no picture keeps it.
 */
export async function updateProfile(
  db: Database,
  userId: string,
  input: ProfileUpdateInput | unknown,
  picture?: PictureUpload,
): Promise<Profile> {
  const profile = parseInput(profileUpdateSchema, input);
  const image = picture ? await storeProfilePicture(db, picture) : undefined;
  const [previous] = image
    ? await db.select({ image: users.image }).from(users).where(eq(users.id, userId)).limit(1)
    : [];
  const [user] = await db
    .update(users)
    .set({ ...profile, ...(image ? { image } : {}), updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  if (!user) throw new FeatureError("not-found", "We could not find your account.");
  // The replaced picture is nobody's any more: remove it once the new one is saved.
  if (picture && previous?.image) await removeStoredPicture(db, previous.image);
  return profileOf(user);
}
