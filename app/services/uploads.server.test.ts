import { describe, expect, it } from "vitest";
import { testDbPerTest } from "../../tests/support/test-db";
import { LocalDiskStorage } from "~/infra/storage.server";
import { makeUser } from "../../tests/support/fixtures";
import { createPresignedUpload, MAX_HELD_UPLOADS, receiveUpload, TOO_MANY_HELD_UPLOADS_TEXT, UPLOAD_TTL_MS } from "./uploads.server";

const photoBytes = Buffer.from("not decoded until a report claims it");

describe("unused uploads a hunter may hold", () => {
  const t = testDbPerTest();

  it("stores at most the cap from a burst of parallel uploads, and refuses the rest with a message", async () => {
    const hunter = await makeUser(t.db);
    const now = new Date();
    const results = await Promise.allSettled(
      Array.from({ length: MAX_HELD_UPLOADS + 10 }, () => receiveUpload(t.db, t.storage, hunter.id, photoBytes, "image/jpeg", now)),
    );
    const stored = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason);
    expect(stored).toHaveLength(MAX_HELD_UPLOADS);
    expect(refused).toHaveLength(10);
    for (const error of refused) expect(error).toMatchObject({ status: 429, message: TOO_MANY_HELD_UPLOADS_TEXT });
    const rows = await t.db.selectFrom("temp_uploads").select("key").where("owner_user_id", "=", hunter.id).execute();
    expect(rows).toHaveLength(MAX_HELD_UPLOADS);
    const keys: string[] = [];
    for await (const object of t.storage.list("uploads/")) keys.push(object.key);
    expect(keys).toHaveLength(MAX_HELD_UPLOADS);
  });

  it("counts presigned targets too, frees room as uploads expire, and never counts another hunter's", async () => {
    const hunter = await makeUser(t.db);
    const other = await makeUser(t.db);
    const now = new Date();
    const signing = new LocalDiskStorage(`${t.dir}/signed`, ["secret-0123456789abcdef0123456789ab"]);
    for (let i = 0; i < MAX_HELD_UPLOADS; i++) await createPresignedUpload(t.db, signing, hunter.id, "image/jpeg", now);
    await expect(createPresignedUpload(t.db, signing, hunter.id, "image/jpeg", now)).rejects.toMatchObject({ status: 429 });
    await expect(receiveUpload(t.db, t.storage, other.id, photoBytes, "image/jpeg", now)).resolves.toMatchObject({
      size: photoBytes.length,
    });
    const afterExpiry = new Date(now.getTime() + UPLOAD_TTL_MS + 1);
    await expect(receiveUpload(t.db, t.storage, hunter.id, photoBytes, "image/jpeg", afterExpiry)).resolves.toMatchObject({
      size: photoBytes.length,
    });
  });
});
