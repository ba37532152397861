import fs from "node:fs";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { badPhotos, oversizePhoto, ROTATED_GPS_JPEG } from "../../tests/support/photos";
import { startS3Server, TEST_S3_CREDENTIALS } from "../../tests/support/s3-server";
import { createTestDb } from "../../tests/support/test-db";
import { AUSTIN_PLACE_COLUMNS, makeDiscovery, makeJimmy, makeUser } from "../../tests/support/fixtures";
import { FILE_TOO_LARGE_TEXT } from "~/lib/uploads";
import { countUnreadNotifications, listNotifications } from "~/models/notifications.server";
import { UnsupportedPhotoError } from "./images.server";
import { reportDiscovery, reportRequestFields, type DiscoveryReport } from "./reporting.server";
import { IdempotencyKeyReusedError, requestHash } from "~/models/idempotency.server";
import { issueScanProof, scanProofHolds, scanProofRecord } from "./possession.server";
import { S3Storage } from "~/infra/storage/s3.server";
import { LocalDiskStorage, StorageUnavailableError, type Storage } from "~/infra/storage.server";
import {
  claimUpload,
  createPresignedUpload,
  discardUpload,
  receiveUpload,
  sweepUploads,
  UploadRejectedError,
  UPLOAD_TTL_MS,
} from "./uploads.server";

const jpeg = fs.readFileSync(ROTATED_GPS_JPEG);

async function allKeys(storage: Storage): Promise<string[]> {
  const keys: string[] = [];
  for (const prefix of ["uploads/", "discoveries/"]) for await (const o of storage.list(prefix)) keys.push(o.key);
  return keys.sort();
}

async function readObject(storage: Storage, key: string): Promise<Buffer> {
  const object = await storage.get(key);
  const chunks: Buffer[] = [];
  for await (const chunk of object!.body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

type Setup = { storage: Storage; stopStore?: () => Promise<void>; restartStore?: () => Promise<unknown>; close: () => Promise<void> };

const drivers: [string, () => Promise<Setup>][] = [
  [
    "local disk",
    async () => {
      const t = await createTestDb();
      return { storage: new LocalDiskStorage(`${t.dir}/store`, ["secret-0123456789abcdef0123456789ab"]), close: t.cleanup };
    },
  ],
  [
    "S3",
    async () => {
      const server = await startS3Server();
      return {
        storage: new S3Storage({
          bucket: server.bucket,
          region: "us-east-1",
          endpoint: server.endpoint,
          forcePathStyle: true,
          timeoutMs: 2000,
          ...TEST_S3_CREDENTIALS,
        }),
        stopStore: () => server.stop(),
        restartStore: () => server.restart(),
        close: () => server.close(),
      };
    },
  ],
];

for (const [name, setup] of drivers) {
  describe(`reporting a discovery (${name} storage)`, () => {
    let store: Setup;
    let t: Awaited<ReturnType<typeof createTestDb>>;
    beforeAll(async () => {
      store = await setup();
    });
    afterAll(async () => {
      await store.close();
    });
    beforeEach(async () => {
      t = await createTestDb();
    });
    afterEach(async () => {
      await t.cleanup();
      for (const key of await allKeys(store.storage)) await store.storage.delete([key]);
    });

    async function hunterAndJimmy(serial = 5) {
      return { hunter: await makeUser(t.db), jimmy: await makeJimmy(t.db, serial) };
    }

    const report = (userId: number, tempPath: string, extra: Partial<DiscoveryReport> = {}): DiscoveryReport => ({
      userId,
      serialNumber: 5,
      tempPath,
      caption: "Under the bridge",
      location: "Austin, TX",
      latitude: 30.2672,
      longitude: -97.7431,
      wantsFirst: true,
      ...extra,
    });

    it("publishes a phone photo upright, without metadata, in every size, and cleans up the upload", async () => {
      const { hunter, jimmy } = await hunterAndJimmy();
      const { tempPath } = await receiveUpload(t.db, store.storage, hunter.id, jpeg, "image/jpeg");
      const outcome = await reportDiscovery(t.db, store.storage, report(hunter.id, tempPath));
      expect(outcome).toMatchObject({ isFirst: true, wasAlreadyFound: false });

      const row = await t.db.selectFrom("discoveries").selectAll().where("id", "=", outcome.discoveryId).executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        caption: "Under the bridge",
        ...AUSTIN_PLACE_COLUMNS,
        is_first: 1,
        jimmy_id: jimmy.id,
        user_id: hunter.id,
      });
      // Stored rotated (640 × 480 with orientation 6): published upright, 480 × 640.
      expect([row.photo_width, row.photo_height]).toEqual([480, 640]);
      expect(row.photo_variants).toBe("320,480");
      for (const width of [320, 480]) {
        const variant = await readObject(store.storage, `${row.photo_key}/${width}.webp`);
        const meta = await sharp(variant).metadata();
        expect(meta.format).toBe("webp");
        expect(meta.width).toBe(width);
        expect(meta.height).toBe(Math.round((width * 640) / 480));
        expect(meta.exif).toBeUndefined();
        expect(meta.orientation).toBeUndefined();
        expect(variant.includes(Buffer.from("JimmyCam"))).toBe(false);
      }
      expect(await store.storage.head(tempPath)).toBeNull();
      expect(await t.db.selectFrom("temp_uploads").selectAll().execute()).toEqual([]);
      expect((await t.db.selectFrom("jimmys").selectAll().where("id", "=", jimmy.id).executeTakeFirstOrThrow()).discovery_count).toBe(1);
    });

    it("uses the presigned path just the same", async () => {
      const { hunter } = await hunterAndJimmy();
      const upload = await createPresignedUpload(t.db, store.storage, hunter.id, "image/jpeg");
      expect(upload.maxBytes).toBe(10 * 1024 * 1024);
      // The browser's part: it posts the file to the signed target.
      await store.storage.put(upload.tempPath, jpeg, "image/jpeg");
      const outcome = await reportDiscovery(t.db, store.storage, report(hunter.id, upload.tempPath, { caption: "   ", location: "  " }));
      const row = await t.db.selectFrom("discoveries").selectAll().where("id", "=", outcome.discoveryId).executeTakeFirstOrThrow();
      expect(row.caption).toBe("Another Jimmy discovery!");
      expect(row.location).toBeNull();
      expect(row.city).toBe("Austin");
    });

    it("places a typed city without coordinates approximately", async () => {
      const { hunter } = await hunterAndJimmy();
      const { tempPath } = await receiveUpload(t.db, store.storage, hunter.id, jpeg, "image/jpeg");
      const outcome = await reportDiscovery(
        t.db,
        store.storage,
        report(hunter.id, tempPath, { location: "Paris, France", latitude: null, longitude: null }),
      );
      const row = await t.db.selectFrom("discoveries").selectAll().where("id", "=", outcome.discoveryId).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ location: "Paris, France", location_approximate: 1, city: "Paris", country: "FR", region: null });
      expect(row.latitude).toBeCloseTo(48.85, 1);
      expect(row.longitude).toBeCloseTo(2.35, 1);
    });

    it("refuses a file over 10 MB while it streams in, keeping nothing", async () => {
      const { hunter } = await hunterAndJimmy();
      await expect(receiveUpload(t.db, store.storage, hunter.id, oversizePhoto(), "image/jpeg")).rejects.toThrow(FILE_TOO_LARGE_TEXT);
      expect(await allKeys(store.storage)).toEqual([]);
      expect(await t.db.selectFrom("temp_uploads").selectAll().execute()).toEqual([]);
    });

    it("refuses an object over 10 MB that reached storage directly (the store may not check the policy)", async () => {
      const { hunter } = await hunterAndJimmy();
      const upload = await createPresignedUpload(t.db, store.storage, hunter.id, "image/jpeg");
      await store.storage.put(upload.tempPath, oversizePhoto(), "image/jpeg");
      await expect(reportDiscovery(t.db, store.storage, report(hunter.id, upload.tempPath))).rejects.toThrow(FILE_TOO_LARGE_TEXT);
      expect(await t.db.selectFrom("discoveries").selectAll().execute()).toEqual([]);
    });

    it("refuses what is not a photo, with a clear message, recording nothing and leaving no object behind", async () => {
      const { hunter } = await hunterAndJimmy();
      for (const bad of await badPhotos()) {
        const { tempPath } = await receiveUpload(t.db, store.storage, hunter.id, bad.data, "image/jpeg");
        const attempt = reportDiscovery(t.db, store.storage, report(hunter.id, tempPath));
        await expect(attempt, bad.name).rejects.toBeInstanceOf(UnsupportedPhotoError);
        await expect(reportDiscovery(t.db, store.storage, report(hunter.id, tempPath)), bad.name).rejects.toThrow(bad.message);
      }
      expect(await t.db.selectFrom("discoveries").selectAll().execute()).toEqual([]);
      expect((await allKeys(store.storage)).filter((k) => k.startsWith("discoveries/"))).toEqual([]);
      // The abandoned uploads go when they expire.
      await sweepUploads(t.db, store.storage, new Date(Date.now() + UPLOAD_TTL_MS + 60_000));
      expect(await allKeys(store.storage)).toEqual([]);
    });

    it("discards a refused upload at once, but never someone else's", async () => {
      const { hunter } = await hunterAndJimmy();
      const other = await makeUser(t.db);
      const { tempPath } = await receiveUpload(t.db, store.storage, hunter.id, jpeg, "image/jpeg");
      await discardUpload(t.db, store.storage, other.id, tempPath);
      expect(await store.storage.head(tempPath)).not.toBeNull();
      await discardUpload(t.db, store.storage, hunter.id, tempPath);
      expect(await store.storage.head(tempPath)).toBeNull();
      expect(await t.db.selectFrom("temp_uploads").selectAll().execute()).toEqual([]);
    });

    it("refuses someone else's upload and an upload replayed after its discovery", async () => {
      const { hunter } = await hunterAndJimmy();
      const other = await makeUser(t.db);
      const { tempPath } = await receiveUpload(t.db, store.storage, hunter.id, jpeg, "image/jpeg");
      await expect(reportDiscovery(t.db, store.storage, report(other.id, tempPath))).rejects.toBeInstanceOf(UploadRejectedError);
      await reportDiscovery(t.db, store.storage, report(hunter.id, tempPath));
      await expect(reportDiscovery(t.db, store.storage, report(hunter.id, tempPath))).rejects.toThrow(/expired or was already used/);
      await expect(claimUpload(t.db, store.storage, hunter.id, "uploads/../../etc/passwd")).rejects.toBeInstanceOf(UploadRejectedError);
      expect(await t.db.selectFrom("discoveries").selectAll().execute()).toHaveLength(1);
    });

    it("refuses an idempotency key sent again with another report, recording nothing; the same report again replays", async () => {
      const { hunter } = await hunterAndJimmy();
      const key = "report-key-0123456789";
      const said = { caption: "Under the bridge", location: "Austin, TX", latitude: 30.2672, longitude: -97.7431 };
      const hashOf = (fields: typeof said) => requestHash("POST", "/jimmy/5/first-discovery", reportRequestFields(fields));
      const first = await receiveUpload(t.db, store.storage, hunter.id, jpeg, "image/jpeg");
      const recorded = await reportDiscovery(
        t.db,
        store.storage,
        report(hunter.id, first.tempPath, { idempotencyKey: key, requestHash: hashOf(said) }),
      );
      const again = await receiveUpload(t.db, store.storage, hunter.id, jpeg, "image/jpeg");
      const elsewhere = { ...said, caption: "By the lake", location: "Round Rock, TX" };
      await expect(
        reportDiscovery(
          t.db,
          store.storage,
          report(hunter.id, again.tempPath, { ...elsewhere, idempotencyKey: key, requestHash: hashOf(elsewhere) }),
        ),
      ).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
      // An honest retry carries the same report, its photo in a new upload.
      expect(
        await reportDiscovery(t.db, store.storage, report(hunter.id, again.tempPath, { idempotencyKey: key, requestHash: hashOf(said) })),
      ).toEqual({ ...recorded, replayed: true });
      expect(await t.db.selectFrom("discoveries").select("caption").execute()).toEqual([{ caption: "Under the bridge" }]);
    });

    it("uses up the scan proof it was recorded with; a report that failed leaves it for the retry", async () => {
      const { hunter } = await hunterAndJimmy();
      const proof = issueScanProof(5, hunter.id);
      const stale = await receiveUpload(t.db, store.storage, hunter.id, jpeg, "image/jpeg", new Date(Date.now() - UPLOAD_TTL_MS - 1000));
      await expect(reportDiscovery(t.db, store.storage, report(hunter.id, stale.tempPath, { scanProof: proof }))).rejects.toThrow(
        /expired/,
      );
      expect(await scanProofHolds(t.db, proof, 5, hunter.id)).toBe(true);
      const { tempPath } = await receiveUpload(t.db, store.storage, hunter.id, jpeg, "image/jpeg");
      await reportDiscovery(t.db, store.storage, report(hunter.id, tempPath, { scanProof: proof }));
      expect(await scanProofHolds(t.db, proof, 5, hunter.id)).toBe(false);
      expect(await t.db.selectFrom("used_scan_proofs").select("proof_hash").execute()).toEqual([
        { proof_hash: scanProofRecord(proof).hash },
      ]);
    });

    it("refuses an expired upload", async () => {
      const { hunter } = await hunterAndJimmy();
      const { tempPath } = await receiveUpload(
        t.db,
        store.storage,
        hunter.id,
        jpeg,
        "image/jpeg",
        new Date(Date.now() - UPLOAD_TTL_MS - 1000),
      );
      await expect(reportDiscovery(t.db, store.storage, report(hunter.id, tempPath))).rejects.toThrow(/expired/);
    });

    it("records a first-discovery report as a regular discovery when someone else was first", async () => {
      const { hunter, jimmy } = await hunterAndJimmy();
      await makeDiscovery(t.db, {
        jimmyId: jimmy.id,
        userId: (await makeUser(t.db)).id,
        createdAt: new Date(Date.now() - 1000).toISOString(),
        isFirst: true,
      });
      const { tempPath } = await receiveUpload(t.db, store.storage, hunter.id, jpeg, "image/jpeg");
      expect(await reportDiscovery(t.db, store.storage, report(hunter.id, tempPath))).toMatchObject({
        isFirst: false,
        wasAlreadyFound: true,
      });
    });

    it("gives a Jimmy exactly one first discovery when several hunters report it as first at the same moment", async () => {
      const { jimmy } = await hunterAndJimmy();
      const hunters = await Promise.all(Array.from({ length: 4 }, () => makeUser(t.db)));
      const uploads = await Promise.all(hunters.map((h) => receiveUpload(t.db, store.storage, h.id, jpeg, "image/jpeg")));
      const outcomes = await Promise.all(hunters.map((h, i) => reportDiscovery(t.db, store.storage, report(h.id, uploads[i]!.tempPath))));
      expect(outcomes.filter((o) => o.isFirst)).toHaveLength(1);
      expect(outcomes.filter((o) => o.wasAlreadyFound)).toHaveLength(3);
      const rows = await t.db.selectFrom("discoveries").select("is_first").where("jimmy_id", "=", jimmy.id).execute();
      expect(rows.map((r) => r.is_first).sort()).toEqual([0, 0, 0, 1]);
      expect(
        (await t.db.selectFrom("jimmys").select("discovery_count").where("id", "=", jimmy.id).executeTakeFirstOrThrow()).discovery_count,
      ).toBe(4);
    });

    it("tells the Jimmy's earlier finders it was found again, but nobody about a first discovery", async () => {
      const { hunter } = await hunterAndJimmy();
      const first = await receiveUpload(t.db, store.storage, hunter.id, jpeg, "image/jpeg");
      await reportDiscovery(t.db, store.storage, report(hunter.id, first.tempPath));
      expect(await countUnreadNotifications(t.db, hunter.id)).toBe(0);
      const other = await makeUser(t.db);
      const second = await receiveUpload(t.db, store.storage, other.id, jpeg, "image/jpeg");
      const outcome = await reportDiscovery(t.db, store.storage, report(other.id, second.tempPath, { wantsFirst: false }));
      expect(await countUnreadNotifications(t.db, hunter.id)).toBe(1);
      expect(await countUnreadNotifications(t.db, other.id)).toBe(0);
      const { notifications } = await listNotifications(t.db, hunter.id, { huntName: "Jimmy Hunt" });
      expect(notifications[0]).toMatchObject({ kind: "rediscovery", href: `/jimmy/5#discovery-${outcome.discoveryId}` });
    });

    if (name === "S3") {
      it("answers a clear error and records nothing when the store goes down mid-way; a retry succeeds", async () => {
        const { hunter } = await hunterAndJimmy();
        const { tempPath } = await receiveUpload(t.db, store.storage, hunter.id, jpeg, "image/jpeg");
        await store.stopStore!();
        await expect(reportDiscovery(t.db, store.storage, report(hunter.id, tempPath))).rejects.toBeInstanceOf(StorageUnavailableError);
        expect(await t.db.selectFrom("discoveries").selectAll().execute()).toEqual([]);
        await store.restartStore!();
        const outcome = await reportDiscovery(t.db, store.storage, report(hunter.id, tempPath));
        expect(outcome.isFirst).toBe(true);
      });
    }
  });
}

describe("the upload sweeper", () => {
  it("removes expired uploads, the variants of a publication that died half-way, and stray temporary objects", async () => {
    const t = await createTestDb();
    const storage = new LocalDiskStorage(`${t.dir}/store`, ["secret-0123456789abcdef0123456789ab"]);
    const hunter = await makeUser(t.db);
    const now = new Date();
    const { tempPath } = await receiveUpload(t.db, storage, hunter.id, jpeg, "image/jpeg", now);
    // A publication that wrote its variants and died before recording the discovery.
    await t.db.updateTable("temp_uploads").set({ photo_key: "discoveries/2026/11/deadbeefdeadbeefdeadbeef" }).execute();
    await storage.put("discoveries/2026/11/deadbeefdeadbeefdeadbeef/320.webp", Buffer.from("x"), "image/webp");
    // A temporary object whose row is gone (the process died after recording).
    await storage.put("uploads/2026/11/00000000000000000000000000000001", Buffer.from("x"), "image/jpeg");
    // A fresh upload, still in use.
    const fresh = await receiveUpload(t.db, storage, hunter.id, jpeg, "image/jpeg", new Date(now.getTime() + UPLOAD_TTL_MS));

    const later = new Date(now.getTime() + UPLOAD_TTL_MS + 60_000);
    fs.utimesSync(`${t.dir}/store/uploads/2026/11/00000000000000000000000000000001`, now, new Date(now.getTime() - 60_000));
    expect(await sweepUploads(t.db, storage, later)).toEqual({ expired: 1, strays: 1, interrupted: 0 });
    expect(await allKeys(storage)).toEqual([fresh.tempPath]);
    expect(await storage.head(tempPath)).toBeNull();
    expect((await t.db.selectFrom("temp_uploads").select("key").execute()).map((r) => r.key)).toEqual([fresh.tempPath]);
    await t.cleanup();
  });

  it("removes the partial file of a write that a crash cut off, once it is older than any upload may take", async () => {
    const t = await createTestDb();
    const storage = new LocalDiskStorage(`${t.dir}/store`);
    const now = new Date();
    fs.mkdirSync(`${t.dir}/store/uploads/2026/11`, { recursive: true });
    const abandoned = `${t.dir}/store/uploads/2026/11/00000000000000000000000000000002.4242.0badf00d.partial`;
    const inProgress = `${t.dir}/store/uploads/2026/11/00000000000000000000000000000003.4242.0badf00d.partial`;
    fs.writeFileSync(abandoned, "half a photo");
    fs.writeFileSync(inProgress, "a photo on its way");
    fs.utimesSync(abandoned, now, new Date(now.getTime() - UPLOAD_TTL_MS - 60_000));

    expect(await sweepUploads(t.db, storage, now)).toEqual({ expired: 0, strays: 0, interrupted: 1 });
    expect(fs.existsSync(abandoned)).toBe(false);
    expect(fs.existsSync(inProgress)).toBe(true);
    await t.cleanup();
  });
});
