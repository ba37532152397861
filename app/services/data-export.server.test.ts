import fs from "node:fs";
import { unzipSync, strFromU8 } from "fflate";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addComment } from "~/models/comments.server";
import { findDataExport } from "~/models/data-exports.server";
import { recordDiscovery } from "~/models/discoveries.server";
import { setLike } from "~/models/likes.server";
import { insertSession } from "~/models/sessions.server";
import { setWatching } from "~/models/watches.server";
import { makeJimmy, makeUser } from "../../tests/support/fixtures";
import { ROTATED_GPS_JPEG } from "../../tests/support/photos";
import { createTestDb } from "../../tests/support/test-db";
import { dataExportJobHandlers, EXPORT_TTL_MS, requestDataExport } from "./data-export.server";
import { storePhoto } from "./images.server";
import { runDueJobs } from "./jobs.server";
import { chooseProfilePhoto } from "./profile.server";

let t: Awaited<ReturnType<typeof createTestDb>>;
beforeEach(async () => {
  t = await createTestDb();
});
afterEach(async () => {
  await t.cleanup();
});

async function readStored(key: string): Promise<Buffer> {
  const object = await t.storage.get(key);
  const chunks: Buffer[] = [];
  for await (const chunk of object!.body as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe("downloading one's data", () => {
  it("builds a ZIP of everything held about the hunter outside the request, with their photos, and deletes it when its time is up", async () => {
    const ann = await makeUser(t.db, "Ann", "Archive");
    const jimmy = await makeJimmy(t.db, 81);
    const photo = await storePhoto(t.storage, fs.readFileSync(ROTATED_GPS_JPEG));
    const found = await recordDiscovery(t.db, {
      jimmyId: jimmy.id,
      userId: ann.id,
      photo,
      caption: "Under the bridge",
      location: "Austin, TX",
      latitude: 30.27,
      longitude: -97.74,
      isFirst: true,
      createdAt: "2026-10-01T12:00:00.000Z",
    });
    await addComment(t.db, {
      jimmyId: jimmy.id,
      userId: ann.id,
      authorName: "Ann",
      isAdmin: false,
      content: "My first!",
      createdAt: "2026-10-01T13:00:00.000Z",
    });
    await setLike(t.db, { discoveryId: found.id, userId: ann.id, liked: true });
    await setWatching(t.db, { userId: ann.id, jimmyId: jimmy.id, watching: true });
    await insertSession(t.db, {
      idHash: "secret-session-hash",
      kind: "user",
      userId: ann.id,
      createdAt: "2026-10-01T00:00:00.000Z",
      expiresAt: "2027-01-01T00:00:00.000Z",
      userAgent: "Mozilla/5.0 (Windows NT 10.0) Firefox/133.0",
    });
    await chooseProfilePhoto(t.db, t.storage, ann.id, { kind: "upload", bytes: fs.readFileSync(ROTATED_GPS_JPEG) });

    const now = new Date("2026-11-01T10:00:00.000Z");
    const first = await requestDataExport(t.db, { userId: ann.id, requestedBy: "hunter", now });
    // A second click while it is being prepared is the same archive.
    expect(await requestDataExport(t.db, { userId: ann.id, requestedBy: "hunter", now })).toEqual({ id: first.id, created: false });
    expect((await findDataExport(t.db, first.id))!.status).toBe("pending");

    const handlers = dataExportJobHandlers(() => t.storage);
    await runDueJobs(t.db, handlers, () => now);
    const ready = (await findDataExport(t.db, first.id))!;
    expect(ready.status).toBe("ready");
    expect(ready.expiresAt).toBe(new Date(now.getTime() + EXPORT_TTL_MS).toISOString());

    const files = unzipSync(new Uint8Array(await readStored(ready.storageKey!)));
    expect(Object.keys(files).sort()).toEqual(
      [
        "README.txt",
        "comments.json",
        "discoveries.json",
        "flags.json",
        "identities.json",
        "likes.json",
        "missing-reports.json",
        "notifications.json",
        `photos/${found.id}.webp`,
        "profile-photo.webp",
        "profile.json",
        "sessions.json",
        "watches.json",
      ].sort(),
    );
    const json = (name: string) => JSON.parse(strFromU8(files[name]!)) as unknown;
    expect(json("profile.json")).toMatchObject({ id: ann.id, firstName: "Ann", lastName: "Archive", photo: "upload" });
    expect(json("discoveries.json")).toEqual([
      expect.objectContaining({ id: found.id, jimmy: 81, caption: "Under the bridge", photo: `photos/${found.id}.webp` }),
    ]);
    expect(json("comments.json")).toEqual([expect.objectContaining({ jimmy: 81, text: "My first!" })]);
    expect(json("likes.json")).toEqual([expect.objectContaining({ discovery: found.id })]);
    expect(json("watches.json")).toEqual([expect.objectContaining({ jimmy: 81, watching: true })]);
    expect(json("sessions.json")).toEqual([expect.objectContaining({ browser: "Firefox on Windows" })]);
    // Every file the README names is described there; no session key is in the archive.
    const readme = strFromU8(files["README.txt"]!);
    for (const name of ["profile.json", "discoveries.json", "photos/", "sessions.json"]) expect(readme).toContain(name);
    expect(Object.values(files).some((bytes) => strFromU8(bytes, true).includes("secret-session-hash"))).toBe(false);
    // The photo is the largest published size, and opens.
    const meta = await sharp(Buffer.from(files[`photos/${found.id}.webp`]!)).metadata();
    expect([meta.format, meta.width]).toEqual(["webp", Math.max(...photo.variants)]);

    // Seven days on, the archive leaves storage.
    await runDueJobs(t.db, handlers, () => new Date(now.getTime() + EXPORT_TTL_MS + 1000));
    expect((await findDataExport(t.db, first.id))!.status).toBe("expired");
    expect(await t.storage.head(ready.storageKey!)).toBeNull();
  });
});
