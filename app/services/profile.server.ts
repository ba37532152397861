import crypto from "node:crypto";
import sharp from "sharp";
import type { DB } from "~/infra/db.server";
import type { Storage } from "~/infra/storage.server";
import { msg } from "~/lib/language";
import { hunterNameTaken, profileOf, setDisplayName, setProfilePhoto } from "~/models/users.server";
import { inspectPhoto, MAX_INPUT_PIXELS } from "./images.server";
import { claimsTeam, nameKey } from "./names.server";

/** Profile pictures are stored square, at twice the largest size pages show them. */
export const PROFILE_PHOTO_SIZE = 256;

export const TEAM_DISPLAY_NAME_TEXT = msg("That name belongs to the hunt's team. Choose a name of your own.");
export const TAKEN_DISPLAY_NAME_TEXT = msg("Another hunter goes by that name. Choose another, or add an initial to tell you apart.");

/**
 * Changes a hunter's display name: refused when it claims to be the hunt's
 * team or another hunter's name (folded, so "J0hn" is "John"). Answers the
 * refusal's message (to word with `t`), or null once saved.
 */
export async function changeDisplayName(
  db: DB,
  userId: number,
  name: { firstName: string; lastName: string },
  huntName: string,
): Promise<string | null> {
  const full = `${name.firstName} ${name.lastName}`.trim();
  if (claimsTeam(full, huntName)) return TEAM_DISPLAY_NAME_TEXT;
  const key = nameKey(full);
  const current = await profileOf(db, userId);
  const ownName = current.name_key_lower === key.lower || current.name_key_upper === key.upper;
  if (!ownName && (await hunterNameTaken(db, key, nameKey))) return TAKEN_DISPLAY_NAME_TEXT;
  await setDisplayName(db, userId, name, key);
  return null;
}

/**
 * A picture a hunter uploaded, verified as a photo (JPEG, PNG or WebP of a
 * sane size: UnsupportedPhotoError otherwise), turned upright, cropped
 * square and re-encoded as WebP without any metadata, then stored.
 */
export async function storeProfilePhoto(storage: Storage, input: Buffer): Promise<{ key: string; url: string }> {
  await inspectPhoto(input);
  const webp = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize(PROFILE_PHOTO_SIZE, PROFILE_PHOTO_SIZE, { fit: "cover", position: "attention" })
    .webp({ quality: 82 })
    .toBuffer();
  const key = `avatars/${crypto.randomBytes(12).toString("hex")}.webp`;
  await storage.put(key, webp, "image/webp");
  return { key, url: storage.publicUrl(key) };
}

/**
 * Shows the provider's picture, an uploaded one, or none; the uploaded
 * picture it replaces is removed from storage once the change is saved (a
 * failed removal leaves a file nobody links to, never a broken picture).
 */
export async function chooseProfilePhoto(
  db: DB,
  storage: Storage,
  userId: number,
  choice: { kind: "provider" } | { kind: "none" } | { kind: "upload"; bytes: Buffer },
): Promise<void> {
  const stored = choice.kind === "upload" ? await storeProfilePhoto(storage, choice.bytes) : null;
  let replaced: string | null;
  try {
    replaced = await setProfilePhoto(db, userId, stored ? { kind: "upload", ...stored } : (choice as { kind: "provider" | "none" }));
  } catch (error) {
    if (stored) await storage.delete([stored.key]).catch(() => undefined);
    throw error;
  }
  if (replaced)
    await storage.delete([replaced]).catch((error: unknown) => console.warn("[profile] an old picture stayed in storage:", error));
}
