import fs from "node:fs";
import { unzipSync, strFromU8 } from "fflate";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { addComment } from "~/models/comments.server";
import { findDataExport, listDataExports } from "~/models/data-exports.server";
import { listAdminActions } from "~/models/audit-log.server";
import { recordDiscovery } from "~/models/discoveries.server";
import { setLike } from "~/models/likes.server";
import { setWatching } from "~/models/watches.server";
import { makeJimmy, makeSession, makeUser } from "../../tests/support/fixtures";
import { ROTATED_GPS_JPEG } from "../../tests/support/photos";
import { testDbPerTest } from "../../tests/support/test-db";
import {
  dataExportJobHandlers,
  DataExportTooSoonError,
  EXPORT_INTERVAL_MS,
  EXPORT_TTL_MS,
  openDataExport,
  requestDataExport,
} from "./data-export.server";
import { storePhoto } from "./images.server";
import { runDueJobs } from "./jobs.server";
import { chooseProfilePhoto } from "./profile.server";

const t = testDbPerTest();

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
    await makeSession(t.db, ann.id, "secret-session-hash", "Mozilla/5.0 (Windows NT 10.0) Firefox/133.0");
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

describe("limits on archives", () => {
  const at = (iso: string) => new Date(iso);
  const handlers = () => dataExportJobHandlers(() => t.storage);

  it("makes exactly one archive of twenty requests at once (the database holds one pending per hunter)", async () => {
    const ann = await makeUser(t.db, "Ann", "Parallel");
    const now = at("2026-11-01T10:00:00.000Z");
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => requestDataExport(t.db, { userId: ann.id, requestedBy: "hunter", now })),
    );
    expect(answers.filter((a) => a.created)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect((await listDataExports(t.db, ann.id)).map((e) => e.status)).toEqual(["pending"]);
    const jobs = await t.db.selectFrom("jobs").select("key").where("kind", "=", "data-export").execute();
    expect(jobs).toHaveLength(1);
    // The database refuses a second pending archive however it is written.
    await expect(
      t.db
        .insertInto("data_exports")
        .values({ user_id: ann.id, requested_by: "admin", status: "pending", created_at: now.toISOString() })
        .execute(),
    ).rejects.toThrow();
  });

  it("lets a hunter ask once a day, says when they can ask again, and does not limit an admin answering a request", async () => {
    const bo = await makeUser(t.db, "Bo", "Daily");
    const first = at("2026-11-01T10:00:00.000Z");
    await requestDataExport(t.db, { userId: bo.id, requestedBy: "hunter", now: first });
    await runDueJobs(t.db, handlers(), () => first);

    const later = at("2026-11-01T22:00:00.000Z");
    const refusal = await requestDataExport(t.db, { userId: bo.id, requestedBy: "hunter", now: later }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DataExportTooSoonError);
    expect((refusal as DataExportTooSoonError).retryAt).toBe(new Date(first.getTime() + EXPORT_INTERVAL_MS).toISOString());
    // Refused: nothing was added, not even a row that stays pending.
    expect((await listDataExports(t.db, bo.id)).map((e) => e.status)).toEqual(["ready"]);

    expect(await requestDataExport(t.db, { userId: bo.id, requestedBy: "admin", now: later })).toMatchObject({ created: true });
    await runDueJobs(t.db, handlers(), () => later);

    const nextDay = new Date(first.getTime() + EXPORT_INTERVAL_MS);
    expect(await requestDataExport(t.db, { userId: bo.id, requestedBy: "hunter", now: nextDay })).toMatchObject({ created: true });
  });

  it("replaces a hunter's previous archive, row and stored file, when the new one is ready", async () => {
    const cy = await makeUser(t.db, "Cy", "Replaced");
    const day1 = at("2026-11-01T10:00:00.000Z");
    const first = await requestDataExport(t.db, { userId: cy.id, requestedBy: "hunter", now: day1 });
    await runDueJobs(t.db, handlers(), () => day1);
    const oldKey = (await findDataExport(t.db, first.id))!.storageKey!;
    expect(await t.storage.head(oldKey)).not.toBeNull();

    const day2 = at("2026-11-02T11:00:00.000Z");
    const second = await requestDataExport(t.db, { userId: cy.id, requestedBy: "hunter", now: day2 });
    // While the new one is prepared, the old one can still be downloaded.
    expect((await listDataExports(t.db, cy.id)).map((e) => [e.id, e.status])).toEqual([
      [second.id, "pending"],
      [first.id, "ready"],
    ]);
    await runDueJobs(t.db, handlers(), () => day2);
    expect((await listDataExports(t.db, cy.id)).map((e) => [e.id, e.status])).toEqual([[second.id, "ready"]]);
    expect(await t.storage.head(oldKey)).toBeNull();
    // The old archive's expiry, still queued, finds nothing to do.
    await runDueJobs(t.db, handlers(), () => new Date(day1.getTime() + EXPORT_TTL_MS + 1000));
    expect((await findDataExport(t.db, second.id))!.status).toBe("ready");
  });

  it("writes an admin's download of a hunter's archive to the audit log, and only that", async () => {
    const di = await makeUser(t.db, "Di", "Audited");
    const other = await makeUser(t.db, "Ed", "Other");
    const now = at("2026-11-01T10:00:00.000Z");
    const { id } = await requestDataExport(t.db, { userId: di.id, requestedBy: "admin", now });
    await runDueJobs(t.db, handlers(), () => now);
    const open = (viewer: { userId: number | null; admin: boolean }) =>
      openDataExport(t.db, t.storage, { exportId: id, viewer, clientAddress: "203.0.113.7" });

    expect((await open({ userId: di.id, admin: false })).kind).toBe("file");
    expect((await open({ userId: other.id, admin: false })).kind).toBe("unknown");
    expect(await listAdminActions(t.db)).toEqual([]);

    const taken = await open({ userId: null, admin: true });
    expect(taken.kind).toBe("file");
    expect(await listAdminActions(t.db)).toEqual([
      expect.objectContaining({
        action: "download_export",
        targetType: "user",
        targetId: String(di.id),
        detail: `Archive ${id} of 2026-11-01`,
        clientAddress: "203.0.113.7",
      }),
    ]);
  });
});
