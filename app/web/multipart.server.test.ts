import { describe, expect, it } from "vitest";
import { type FilePart, formatBytes, type MultipartLimits, MultipartRefusal, readMultipart } from "./multipart.server";

const LIMITS: MultipartLimits = { fields: 10, fieldBytes: 100, totalFieldBytes: 500, files: 1, bodyBytes: 64 * 1024 };
const BOUNDARY = "----jimmyBoundary7MA4YWxkTrZu0gW";

const field = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = (disposition: string, bytes: string, type = "image/jpeg") =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="photo"; ${disposition}\r\nContent-Type: ${type}\r\n\r\n${bytes}\r\n`;
const end = `--${BOUNDARY}--\r\n`;

/** A request whose body arrives in pieces; `pulled()` says how many bytes the reader asked for. */
function streamed(pieces: Iterable<string | Uint8Array>, contentType = `multipart/form-data; boundary=${BOUNDARY}`) {
  let pulled = 0;
  const iterator = pieces[Symbol.iterator]();
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = iterator.next();
      if (next.done) return controller.close();
      const bytes = typeof next.value === "string" ? new TextEncoder().encode(next.value) : next.value;
      pulled += bytes.length;
      controller.enqueue(bytes);
    },
  });
  const request = new Request("http://app.test/form", {
    method: "POST",
    body,
    headers: { "Content-Type": contentType },
    duplex: "half",
  } as RequestInit);
  return { request, pulled: () => pulled };
}

async function read(request: Request, limits = LIMITS) {
  const files: { name: string; filename: string; contentType: string; text: string }[] = [];
  const onFile = async ({ name, filename, contentType, data }: FilePart) => {
    const chunks: Buffer[] = [];
    for await (const chunk of data) chunks.push(chunk as Buffer);
    files.push({ name, filename, contentType, text: Buffer.concat(chunks).toString("utf8") });
  };
  const fields = await readMultipart(request, limits, onFile);
  return { fields, files };
}

async function refusal(promise: Promise<unknown>): Promise<MultipartRefusal> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MultipartRefusal);
  return error as MultipartRefusal;
}

describe("reading a multipart form", () => {
  it.each([
    ['filename="IMG=1234.jpg"', "IMG=1234.jpg"],
    ['filename="a;b.jpg"', "a;b.jpg"],
    ['filename="x; name=\\"evil\\".jpg"', 'x; name="evil".jpg'],
    ["filename*=UTF-8''%C3%A9t%C3%A9%3D1.jpg", "été=1.jpg"],
    ['filename="été.jpg"', "été.jpg"],
    ['filename="C:\\\\Users\\\\me\\\\IMG_1.jpg"', "IMG_1.jpg"],
  ])("reads a photo whatever its file name says: %s", async (disposition, filename) => {
    const { request } = streamed([field("caption", "Seen"), filePart(disposition, "JPEGBYTES"), field("location", "Austin"), end]);
    const { fields, files } = await read(request);
    expect(fields).toEqual({ caption: "Seen", location: "Austin" });
    expect(files).toEqual([{ name: "photo", filename, contentType: "image/jpeg", text: "JPEGBYTES" }]);
  });

  it("hands on a part whose Content-Disposition names no field, as a field without a name", async () => {
    const nameless = `--${BOUNDARY}\r\nContent-Disposition: form-data; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nJPEG\r\n`;
    const { files } = await read(streamed([nameless, end]).request);
    expect(files).toEqual([{ name: "", filename: "a.jpg", contentType: "image/jpeg", text: "JPEG" }]);
  });

  it("keeps the first value of a repeated field", async () => {
    const { request } = streamed([field("a", "1"), field("a", "2"), end]);
    expect((await read(request)).fields).toEqual({ a: "1" });
  });

  it("refuses a form with more fields than the limit with 413, without reading the rest", async () => {
    const flood = (function* () {
      for (let i = 0; i < 100_000; i++) yield field(`f${i}`, "x");
    })();
    const { request, pulled } = streamed(flood);
    const error = await refusal(read(request, { ...LIMITS, totalFieldBytes: 10_000_000 }));
    expect(error).toMatchObject({ status: 413, reason: "too-many-fields" });
    expect(error.message).toContain("more than 10 fields");
    expect(pulled()).toBeLessThan(64 * 1024);
  });

  it("refuses fields that together pass the limit with 413, though each is short", async () => {
    const { request, pulled } = streamed(
      (function* () {
        for (let i = 0; i < 100_000; i++) yield field(`f${i % 9}`, "y".repeat(90));
      })(),
    );
    const error = await refusal(read(request, { ...LIMITS, fields: 1_000_000 }));
    expect(error).toMatchObject({ status: 413, reason: "fields-too-large" });
    expect(pulled()).toBeLessThan(64 * 1024);
  });

  it("refuses a field past its own limit with 400, naming it", async () => {
    const { request } = streamed([field("caption", "c".repeat(101)), end]);
    expect(await refusal(read(request))).toMatchObject({
      status: 400,
      reason: "field-too-long",
      field: "caption",
      message: "A form field is too long.",
    });
    const exact = streamed([field("caption", "c".repeat(100)), end]);
    expect((await read(exact.request)).fields.caption).toHaveLength(100);
  });

  it("refuses a second file with 413", async () => {
    const { request } = streamed([filePart('filename="a.jpg"', "A"), filePart('filename="b.jpg"', "B"), end]);
    expect(await refusal(read(request))).toMatchObject({ status: 413, reason: "too-many-files" });
  });

  it("refuses a body that streams past its limit with 413 and stops reading it", async () => {
    const megabyte = new Uint8Array(1024 * 1024).fill(120);
    const { request, pulled } = streamed(
      (function* () {
        yield `--${BOUNDARY}\r\nContent-Disposition: form-data; name="photo"; filename="big.jpg"\r\n\r\n`;
        for (let i = 0; i < 200; i++) yield megabyte;
      })(),
    );
    expect(await refusal(read(request))).toMatchObject({ status: 413, reason: "body-too-large" });
    expect(pulled()).toBeLessThan(4 * 1024 * 1024);
  });

  it("refuses a body that declares more than its limit without reading it", async () => {
    const { request, pulled } = streamed(Array.from({ length: 100 }, (_, i) => field(`f${i}`, "1")));
    request.headers.set("Content-Length", String(LIMITS.bodyBytes + 1));
    expect(await refusal(read(request))).toMatchObject({ status: 413, reason: "body-too-large" });
    // A stream fetches its first piece when it is made; the reader takes nothing more.
    expect(pulled()).toBeLessThanOrEqual(field("f0", "1").length);
  });

  it.each([
    [
      "cut off inside the file part",
      [field("a", "1"), `--${BOUNDARY}\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\n\r\nJPEGBY`],
    ],
    ["cut off inside a part's headers", [`--${BOUNDARY}\r\nContent-Disposition: form-da`]],
    ["no closing boundary", [field("a", "1")]],
    ["not multipart at all", ["this is not a multipart body"]],
  ])("refuses a body %s with 400 and a message", async (_what, pieces) => {
    const { request } = streamed(pieces);
    const error = await refusal(read(request));
    expect(error).toMatchObject({ status: 400, reason: "unreadable" });
    expect(error.message).toMatch(/could not be read/);
  });

  it("refuses a content type without a boundary with 400", async () => {
    const { request } = streamed([field("a", "1"), end], "multipart/form-data");
    expect(await refusal(read(request))).toMatchObject({ status: 400, reason: "unreadable" });
  });

  it("passes on an error the file's reader throws, and stops", async () => {
    const { request } = streamed([filePart('filename="a.jpg"', "A"), end]);
    const refused = new Error("not this one");
    await expect(
      readMultipart(request, LIMITS, async () => {
        throw refused;
      }),
    ).rejects.toBe(refused);
  });
});

describe("a size in words", () => {
  it("reads as it always has in English: whole KB under a megabyte, whole MB above, ungrouped", () => {
    expect(formatBytes(640 * 1024)).toBe("640 KB");
    expect(formatBytes(1023 * 1024)).toBe("1023 KB");
    expect(formatBytes(5 * 1024 * 1024)).toBe("5 MB");
    expect(formatBytes(5 * 1024 * 1024, "en")).toBe("5 MB");
  });
});
