import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LocalDiskStorage } from "~/infra/storage.server";
import { profileOf, upsertUserFromProvider } from "~/models/users.server";
import { makeUser } from "../../tests/support/fixtures";
import { ROTATED_GPS_JPEG } from "../../tests/support/photos";
import { createTestDb } from "../../tests/support/test-db";
import { UnsupportedPhotoError } from "./images.server";
import { nameKey } from "./names.server";
import { changeDisplayName, chooseProfilePhoto, TAKEN_DISPLAY_NAME_TEXT, TEAM_DISPLAY_NAME_TEXT } from "./profile.server";

let t: Awaited<ReturnType<typeof createTestDb>>;
let storage: LocalDiskStorage;
beforeEach(async () => {
  t = await createTestDb();
  storage = new LocalDiskStorage(path.join(t.dir, "store"));
});
afterEach(async () => {
  await t.cleanup();
});

/** Every object the store holds. */
function storedKeys(): string[] {
  const root = path.join(t.dir, "store");
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((p) => fs.statSync(path.join(root, p)).isFile()).sort();
}

const google = (subject: string, firstName: string, lastName: string, picture: string | null) => ({
  provider: "google",
  subject,
  firstName,
  lastName,
  profileImageUrl: picture,
});

describe("a hunter's display name", () => {
  it("is theirs to change, and a later sign-in keeps it", async () => {
    const ann = await upsertUserFromProvider(t.db, google("ann", "Ann", "Provider", null), new Date(), nameKey);
    expect(await changeDisplayName(t.db, ann.id, { firstName: "Annie", lastName: "B." }, "Jimmy Hunt")).toBeNull();
    await upsertUserFromProvider(t.db, google("ann", "Ann", "Provider", null), new Date(), nameKey);
    expect(await profileOf(t.db, ann.id)).toMatchObject({ first_name: "Annie", last_name: "B." });
    // Their own name again (even spelt with other capitals) is not "another hunter's".
    expect(await changeDisplayName(t.db, ann.id, { firstName: "ANNIE", lastName: "b." }, "Jimmy Hunt")).toBeNull();
  });

  it("refuses the hunt's team names and another hunter's name, as the comments do", async () => {
    const ann = await makeUser(t.db, "Ann", "Smith");
    await upsertUserFromProvider(t.db, google("bob", "Bob", "Jones", null), new Date(), nameKey);
    expect(await changeDisplayName(t.db, ann.id, { firstName: "Admin", lastName: "" }, "Jimmy Hunt")).toBe(TEAM_DISPLAY_NAME_TEXT);
    expect(await changeDisplayName(t.db, ann.id, { firstName: "The Jimmy", lastName: "Hunt crew" }, "Jimmy Hunt")).toBe(
      TEAM_DISPLAY_NAME_TEXT,
    );
    expect(await changeDisplayName(t.db, ann.id, { firstName: "B0b", lastName: "Jones" }, "Jimmy Hunt")).toBe(TAKEN_DISPLAY_NAME_TEXT);
    expect(await profileOf(t.db, ann.id)).toMatchObject({ first_name: "Ann", last_name: "Smith" });
  });
});

describe("a hunter's photo", () => {
  it("can be their own, re-encoded square without metadata, replacing the last one in storage", async () => {
    const ann = await upsertUserFromProvider(t.db, google("ann", "Ann", "P", "https://lh3.example/ann.jpg"), new Date(), nameKey);
    const jpeg = fs.readFileSync(ROTATED_GPS_JPEG);
    await chooseProfilePhoto(t.db, storage, ann.id, { kind: "upload", bytes: jpeg });
    const first = await profileOf(t.db, ann.id);
    expect(first.photo_choice).toBe("upload");
    expect(storedKeys()).toEqual([first.photo_key]);
    const stored = fs.readFileSync(path.join(t.dir, "store", first.photo_key!));
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["webp", 256, 256, undefined]);
    expect(first.profile_image_url).toBe(storage.publicUrl(first.photo_key!));

    // A second upload replaces the first, which leaves storage; signing in again keeps it.
    await chooseProfilePhoto(t.db, storage, ann.id, { kind: "upload", bytes: jpeg });
    await upsertUserFromProvider(t.db, google("ann", "Ann", "P", "https://lh3.example/ann-new.jpg"), new Date(), nameKey);
    const second = await profileOf(t.db, ann.id);
    expect(second.photo_key).not.toBe(first.photo_key);
    expect(storedKeys()).toEqual([second.photo_key]);
    expect(second.profile_image_url).toBe(storage.publicUrl(second.photo_key!));

    // Back to the provider's (its latest picture), then none: nothing of theirs is left in storage.
    await chooseProfilePhoto(t.db, storage, ann.id, { kind: "provider" });
    expect(await profileOf(t.db, ann.id)).toMatchObject({ photo_choice: "provider", profile_image_url: "https://lh3.example/ann-new.jpg" });
    expect(storedKeys()).toEqual([]);
    await chooseProfilePhoto(t.db, storage, ann.id, { kind: "none" });
    await upsertUserFromProvider(t.db, google("ann", "Ann", "P", "https://lh3.example/ann-3.jpg"), new Date(), nameKey);
    expect(await profileOf(t.db, ann.id)).toMatchObject({ photo_choice: "none", profile_image_url: null });
  });

  it("refuses a file that is not a photo and keeps the one shown", async () => {
    const ann = await makeUser(t.db, "Ann");
    await expect(chooseProfilePhoto(t.db, storage, ann.id, { kind: "upload", bytes: Buffer.from("<svg></svg>") })).rejects.toThrow(
      UnsupportedPhotoError,
    );
    expect(await profileOf(t.db, ann.id)).toMatchObject({ photo_choice: "provider" });
    expect(storedKeys()).toEqual([]);
  });
});
