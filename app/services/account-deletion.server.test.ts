import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { addComment } from "~/models/comments.server";
import { recordDiscovery } from "~/models/discoveries.server";
import { addFlag } from "~/models/flags.server";
import { setLike } from "~/models/likes.server";
import { notifyRediscovery } from "~/models/notifications.server";
import { setWatching } from "~/models/watches.server";
import { makeJimmy, makeSession, makeUser } from "../../tests/support/fixtures";
import { ROTATED_GPS_JPEG } from "../../tests/support/photos";
import { testDbPerTest } from "../../tests/support/test-db";
import { deleteAccount } from "./account-deletion.server";
import { storePhoto } from "./images.server";
import { chooseProfilePhoto } from "./profile.server";

const t = testDbPerTest();

function storedKeys(): string[] {
  const root = path.join(t.dir, "photos");
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((p) => fs.statSync(path.join(root, p)).isFile()).sort();
}

/** A discovery with its photo really stored, as a report makes one. */
async function find(jimmyId: number, userId: number, createdAt: string, isFirst: boolean) {
  const photo = await storePhoto(t.storage, fs.readFileSync(ROTATED_GPS_JPEG));
  const discovery = await recordDiscovery(t.db, {
    jimmyId,
    userId,
    photo,
    caption: "Found him!",
    location: "Austin, TX",
    latitude: 30.27,
    longitude: -97.74,
    isFirst,
    createdAt,
  });
  await t.db
    .transaction()
    .execute((trx) => notifyRediscovery(trx, { jimmyId, discoveryId: discovery.id, finderId: userId, now: new Date(createdAt) }));
  return { ...discovery, photoKey: photo.key };
}

/** Every row of every table that still names the hunter. */
async function rowsNaming(userId: number): Promise<string[]> {
  const checks: [string, Promise<unknown[]>][] = [
    ["users", t.db.selectFrom("users").select("id").where("id", "=", userId).execute()],
    ["discoveries", t.db.selectFrom("discoveries").select("id").where("user_id", "=", userId).execute()],
    ["comments", t.db.selectFrom("comments").select("id").where("user_id", "=", userId).execute()],
    ["likes", t.db.selectFrom("likes").select("user_id").where("user_id", "=", userId).execute()],
    ["sessions", t.db.selectFrom("sessions").select("id").where("user_id", "=", userId).execute()],
    [
      "notifications",
      t.db
        .selectFrom("notifications")
        .select("id")
        .where((eb) => eb.or([eb("user_id", "=", userId), eb("actor_user_id", "=", userId)]))
        .execute(),
    ],
    ["watches", t.db.selectFrom("watches").select("user_id").where("user_id", "=", userId).execute()],
    ["flags", t.db.selectFrom("flags").select("id").where("user_id", "=", userId).execute()],
    ["hunter_figures", t.db.selectFrom("hunter_figures").select("user_id").where("user_id", "=", userId).execute()],
  ];
  const found: string[] = [];
  for (const [table, rows] of checks) if ((await rows).length > 0) found.push(table);
  return found;
}

describe("deleting a hunter's account", () => {
  it("removes everything about them, their photos from storage, and counts the Jimmys and the Hall of Fame again", async () => {
    const [ann, ben] = [await makeUser(t.db, "Ann"), await makeUser(t.db, "Ben")];
    const jimmy = await makeJimmy(t.db, 71);
    const annFirst = await find(jimmy.id, ann.id, "2026-10-01T12:00:00.000Z", true);
    const benLater = await find(jimmy.id, ben.id, "2026-10-02T12:00:00.000Z", false);
    await find(jimmy.id, ann.id, "2026-10-03T12:00:00.000Z", false);
    // Ann's likes, comments, flags, watches, session and own photo; Ben likes Ann's find and comments too.
    await setLike(t.db, { discoveryId: benLater.id, userId: ann.id, liked: true });
    await setLike(t.db, { discoveryId: annFirst.id, userId: ben.id, liked: true });
    await addComment(t.db, {
      jimmyId: jimmy.id,
      userId: ann.id,
      authorName: "Ann",
      isAdmin: false,
      content: "Mine!",
      createdAt: "2026-10-02T13:00:00.000Z",
    });
    await addComment(t.db, {
      jimmyId: jimmy.id,
      userId: ben.id,
      authorName: "Ben",
      isAdmin: false,
      content: "Nice",
      createdAt: "2026-10-02T14:00:00.000Z",
    });
    await addFlag(t.db, {
      target: { kind: "discovery", id: benLater.id },
      reason: "spam",
      note: "my note",
      userId: ann.id,
      clientAddress: "203.0.113.5",
    });
    await setWatching(t.db, { userId: ann.id, jimmyId: jimmy.id, watching: true });
    await makeSession(t.db, ann.id, "ann-phone");
    await chooseProfilePhoto(t.db, t.storage, ann.id, { kind: "upload", bytes: fs.readFileSync(ROTATED_GPS_JPEG) });
    const benPhotos = storedKeys().filter((key) => key.startsWith(benLater.photoKey));
    expect(benPhotos.length).toBeGreaterThan(0);

    expect(await deleteAccount(t.db, t.storage, ann.id, { clientAddress: "203.0.113.5" })).toEqual({
      discoveries: 2,
      comments: 1,
      likes: 1,
    });

    expect(await rowsNaming(ann.id)).toEqual([]);
    // Only Ben's photo is left in storage: none of Ann's sizes, previews or profile photo.
    expect(storedKeys()).toEqual(benPhotos);
    // Ben's find is now the Jimmy's first, its figures counted without Ann's, his like count without hers.
    const benNow = await t.db.selectFrom("discoveries").selectAll().where("id", "=", benLater.id).executeTakeFirstOrThrow();
    expect([benNow.is_first, benNow.like_count]).toEqual([1, 0]);
    const figures = await t.db.selectFrom("jimmys").select(["discovery_count"]).where("id", "=", jimmy.id).executeTakeFirstOrThrow();
    expect(figures.discovery_count).toBe(1);
    const benFigures = await t.db.selectFrom("hunter_figures").selectAll().where("user_id", "=", ben.id).executeTakeFirstOrThrow();
    expect([benFigures.discovery_count, benFigures.first_discovery_count]).toEqual([1, 1]);
    const comments = await t.db.selectFrom("comments").select("content").where("jimmy_id", "=", jimmy.id).execute();
    expect(comments.map((c) => c.content)).toEqual(["Nice"]);
    // Links to her finds say they were removed; the audit log records the deletion.
    const removed = await t.db.selectFrom("removed_discoveries").select("id").execute();
    expect(removed.map((r) => r.id).sort()).toContain(annFirst.id);
    const log = await t.db
      .selectFrom("admin_audit_log")
      .select(["action", "detail"])
      .where("action", "=", "hunter_delete_account")
      .execute();
    expect(log).toEqual([{ action: "hunter_delete_account", detail: "2 discoveries, 1 comments, 1 likes" }]);

    // Again: nothing left to delete.
    expect(await deleteAccount(t.db, t.storage, ann.id, { clientAddress: "203.0.113.5" })).toBeNull();
  });
});
