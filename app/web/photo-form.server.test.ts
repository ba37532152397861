import fs from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import { makeUser } from "../../tests/support/fixtures";
import { oversizePhoto, ROTATED_GPS_JPEG } from "../../tests/support/photos";
import { testDbPerTest } from "../../tests/support/test-db";
import { FILE_TOO_LARGE_TEXT } from "~/lib/uploads";
import { MAX_FORM_BYTES, readPhotoForm } from "./photo-form.server";
import { UploadRejectedError } from "~/services/uploads.server";

const jpeg = new Uint8Array(fs.readFileSync(ROTATED_GPS_JPEG));

function post(body: FormData | URLSearchParams, headers: Record<string, string> = {}) {
  return new Request("http://app.test/jimmy/5/new-discovery", { method: "POST", body, headers });
}

describe("reading a discovery form", () => {
  const t = testDbPerTest();
  let userId: number;
  beforeEach(async () => {
    userId = (await makeUser(t.db)).id;
  });

  const storedKeys = async () => {
    const keys: string[] = [];
    for await (const object of t.storage.list("uploads/")) keys.push(object.key);
    return keys;
  };

  it("streams the photo into a temporary upload owned by the hunter and reads the fields around it", async () => {
    const body = new FormData();
    body.append("caption", "Under the bridge");
    body.append("photo", new File([jpeg], "IMG_1234.jpg", { type: "image/jpeg" }));
    body.append("location", "Austin, TX");
    const { fields, photo } = await readPhotoForm(post(body), t.db, t.storage, userId);
    expect(fields).toEqual({ caption: "Under the bridge", location: "Austin, TX" });
    expect(photo).toMatchObject({ size: jpeg.length });
    const tempPath = (photo as { tempPath: string }).tempPath;
    expect(await storedKeys()).toEqual([tempPath]);
    const row = await t.db.selectFrom("temp_uploads").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ key: tempPath, owner_user_id: userId, content_type: "image/jpeg", size: jpeg.length });
  });

  it("stops storing a photo at 10 MB but still reads the fields after it", async () => {
    const body = new FormData();
    body.append("photo", new File([new Uint8Array(oversizePhoto())], "huge.jpg", { type: "image/jpeg" }));
    body.append("location", "Austin, TX");
    const { fields, photo } = await readPhotoForm(post(body), t.db, t.storage, userId);
    expect(fields).toEqual({ location: "Austin, TX" });
    const error = (photo as { error: unknown }).error;
    expect(error).toBeInstanceOf(UploadRejectedError);
    expect(error).toMatchObject({ message: FILE_TOO_LARGE_TEXT, status: 413 });
    expect(await storedKeys()).toEqual([]);
    expect(await t.db.selectFrom("temp_uploads").selectAll().execute()).toEqual([]);
  });

  it("streams a large photo through many pauses without piling up listeners (no leak warning)", async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on("warning", onWarning);
    try {
      const body = new FormData();
      const large = new Uint8Array(8 * 1024 * 1024);
      large.set(jpeg);
      body.append("photo", new File([large], "large.jpg", { type: "image/jpeg" }));
      body.append("location", "Austin, TX");
      // Arrive in network-sized pieces, as from a phone, so storage pauses the stream often.
      const encoded = new Response(body);
      const bytes = new Uint8Array(await encoded.arrayBuffer());
      const pieces = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < bytes.length; at += 64 * 1024) controller.enqueue(bytes.slice(at, at + 64 * 1024));
          controller.close();
        },
      });
      const request = new Request("http://app.test/jimmy/5/new-discovery", {
        method: "POST",
        body: pieces,
        headers: { "Content-Type": encoded.headers.get("Content-Type") ?? "" },
        duplex: "half",
      } as RequestInit);
      const { photo } = await readPhotoForm(request, t.db, t.storage, userId);
      expect(photo).toMatchObject({ size: large.length });
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).not.toContain("MaxListenersExceededWarning");
    } finally {
      process.off("warning", onWarning);
    }
  });

  it("refuses a request announcing more than it will ever read, without reading it", async () => {
    const body = new FormData();
    body.append("location", "Austin, TX");
    const { photo } = await readPhotoForm(post(body, { "Content-Length": String(MAX_FORM_BYTES + 1) }), t.db, t.storage, userId);
    expect((photo as { error: unknown }).error).toMatchObject({ message: FILE_TOO_LARGE_TEXT });
  });

  it("treats an empty file input as no photo, and refuses a type that is not a raster image", async () => {
    const empty = new FormData();
    empty.append("photo", new File([], "", { type: "application/octet-stream" }));
    empty.append("tempPath", "uploads/2026/11/0123456789abcdef0123456789abcdef");
    expect(await readPhotoForm(post(empty), t.db, t.storage, userId)).toEqual({
      fields: { tempPath: "uploads/2026/11/0123456789abcdef0123456789abcdef" },
      photo: null,
    });

    const svg = new FormData();
    svg.append(
      "photo",
      new File(["<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"], "x.svg", { type: "image/svg+xml" }),
    );
    const { photo } = await readPhotoForm(post(svg), t.db, t.storage, userId);
    expect((photo as { error: Error }).error.message).toMatch(/^Unsupported photo/);
    expect(await storedKeys()).toEqual([]);
  });

  it("takes a HEIC photo a desktop browser could not name by its extension (publishing then explains HEIC)", async () => {
    const body = new FormData();
    body.append("photo", new File([jpeg], "IMG_0001.HEIC", { type: "application/octet-stream" }));
    const { photo } = await readPhotoForm(post(body), t.db, t.storage, userId);
    expect(photo).toHaveProperty("tempPath");
    expect((await t.db.selectFrom("temp_uploads").select("content_type").executeTakeFirstOrThrow()).content_type).toBe("image/heic");
  });

  it("reads a form without a file (the photo went straight to storage)", async () => {
    const body = new URLSearchParams({ tempPath: "uploads/2026/11/0123456789abcdef0123456789abcdef", location: "Austin" });
    expect(await readPhotoForm(post(body), t.db, t.storage, userId)).toEqual({
      fields: { tempPath: "uploads/2026/11/0123456789abcdef0123456789abcdef", location: "Austin" },
      photo: null,
    });
  });
});
