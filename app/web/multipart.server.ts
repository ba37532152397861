import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { metrics } from "~/infra/metrics.server";
import { type Language, msg, translate } from "~/lib/language";

/**
 * How much of a multipart form the server will hold. Every bound is checked
 * while the body streams in, so no form, however large or however many
 * fields it carries, costs more memory than these allow.
 */
export type MultipartLimits = {
  /** Text fields (a form with more is refused with 413). */
  fields: number;
  /** Bytes in one text field (a longer one is refused with 400). */
  fieldBytes: number;
  /** Bytes in all text fields together (more is refused with 413). */
  totalFieldBytes: number;
  /** File parts (more is refused with 413). */
  files: number;
  /** Bytes in the whole body, files included (more is refused with 413). */
  bodyBytes: number;
};

export type FilePart = {
  name: string;
  /** As the browser sent it; it decides nothing about whether the upload works. */
  filename: string;
  contentType: string;
  /** Must be read to its end, or the whole form stops. */
  data: Readable;
};

export const MULTIPART_UNREADABLE_TEXT = msg("The form could not be read (it may have been cut off). Please submit it again.");
export const FIELD_TOO_LONG_TEXT = msg("A form field is too long.");

export type RefusalReason =
  "unreadable" | "field-too-long" | "too-many-fields" | "fields-too-large" | "too-many-files" | "file-too-large" | "body-too-large";

/** A form the reader would not read to the end, with the status and message to answer. */
export class MultipartRefusal extends Error {
  override name = "MultipartRefusal";
  readonly status: 400 | 413;
  constructor(
    readonly reason: RefusalReason,
    message: string,
    /** The field that was too long, when that is the reason. */
    readonly field?: string,
  ) {
    super(message);
    this.status = reason === "unreadable" || reason === "field-too-long" ? 400 : 413;
    metrics().uploadsRefused.inc({ reason: `form-${reason}` });
  }
}

/**
 * Reads a multipart/form-data body as it streams in: text fields are
 * collected (the first value of each name wins), each file part is handed to
 * `onFile`, which must read it to its end. Fields sent before a file are
 * already in `fields` when `onFile` runs. Anything past `limits`, a body
 * cut off midway, or one that is not multipart rejects with a
 * MultipartRefusal and stops reading; an error thrown by `onFile` rejects
 * with that error.
 */
export async function readMultipart(
  request: Request,
  limits: MultipartLimits,
  onFile: (part: FilePart, fields: Readonly<Record<string, string>>) => Promise<void>,
): Promise<Record<string, string>> {
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > limits.bodyBytes) throw new MultipartRefusal("body-too-large", bodyTooLargeText(limits));
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": request.headers.get("Content-Type") ?? "" },
      // The longest field a form may have is read one byte past its limit, so
      // that a field exactly at the limit is told apart from a cut one.
      limits: { fields: limits.fields, fieldSize: limits.fieldBytes + 1, files: limits.files, fieldNameSize: 200, headerPairs: 20 },
      defParamCharset: "utf8",
    });
  } catch {
    throw new MultipartRefusal("unreadable", MULTIPART_UNREADABLE_TEXT);
  }
  if (!request.body) throw new MultipartRefusal("unreadable", MULTIPART_UNREADABLE_TEXT);
  const source = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
  const fields: Record<string, string> = {};

  return new Promise((resolve, reject) => {
    let settled = false;
    let fieldBytes = 0;
    let bodyBytes = 0;
    const handlers: Promise<void>[] = [];
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      source.unpipe(parser);
      source.destroy();
      // Ends any file part still being read, so its reader stops too.
      parser.destroy();
      reject(error);
    };
    source.on("data", (chunk: Buffer) => {
      bodyBytes += chunk.length;
      if (bodyBytes > limits.bodyBytes) fail(new MultipartRefusal("body-too-large", bodyTooLargeText(limits)));
    });
    source.on("error", () => fail(new MultipartRefusal("unreadable", MULTIPART_UNREADABLE_TEXT)));
    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) return fail(new MultipartRefusal("field-too-long", FIELD_TOO_LONG_TEXT, name));
      fieldBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
      if (fieldBytes > limits.totalFieldBytes) {
        return fail(
          new MultipartRefusal(
            "fields-too-large",
            `The form's fields hold more than ${formatBytes(limits.totalFieldBytes)}, far more than this form needs. Nothing was saved.`,
          ),
        );
      }
      fields[name ?? ""] ??= value;
    });
    parser.on("file", (name, data, info) => {
      data.on("error", () => undefined);
      // busboy gives no name at all to a part whose Content-Disposition has none.
      handlers.push(onFile({ name: name ?? "", filename: info.filename ?? "", contentType: info.mimeType, data }, fields).catch(fail));
    });
    parser.on("fieldsLimit", () =>
      fail(
        new MultipartRefusal(
          "too-many-fields",
          `The form has more than ${limits.fields} fields, far more than this form needs. Nothing was saved.`,
        ),
      ),
    );
    parser.on("filesLimit", () =>
      fail(
        new MultipartRefusal(
          "too-many-files",
          `The form has more than ${limits.files} ${limits.files === 1 ? "file" : "files"}. Send one photo.`,
        ),
      ),
    );
    parser.on("error", () => fail(new MultipartRefusal("unreadable", MULTIPART_UNREADABLE_TEXT)));
    parser.on("close", () => {
      void Promise.all(handlers).then(() => {
        if (settled) return;
        settled = true;
        resolve(fields);
      });
    });
    source.pipe(parser);
  });
}

/**
 * The file in `field` of a small multipart form (the admin's image
 * replacement), held in memory: null when the form has none. A file past
 * `maxBytes` is refused ("file-too-large") as soon as it passes it.
 */
export async function readOneFile(request: Request, field: string, maxBytes: number): Promise<File | null> {
  let file: File | null = null;
  await readMultipart(
    request,
    { fields: 20, fieldBytes: 4096, totalFieldBytes: 16 * 1024, files: 2, bodyBytes: maxBytes + 64 * 1024 },
    async ({ name, filename, contentType, data }) => {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of data as AsyncIterable<Buffer>) {
        if (name !== field || file) continue;
        size += chunk.length;
        if (size > maxBytes) throw new MultipartRefusal("file-too-large", `The file is larger than ${formatBytes(maxBytes)}.`);
        chunks.push(chunk);
      }
      if (name === field && !file) file = new File([new Uint8Array(Buffer.concat(chunks))], filename, { type: contentType });
    },
  );
  return file;
}

function bodyTooLargeText(limits: MultipartLimits): string {
  return `This form is larger than the ${formatBytes(limits.bodyBytes)} this address accepts, so it was not read. Nothing was saved.`;
}

const MEGABYTE = 1024 * 1024;

/**
 * A size as people read it, in `language`: "5 MB", "640 KB". The unit is a
 * message (translators word it: "5 Mo"), the figure Intl's digits, ungrouped
 * as the hunt has always written it.
 */
export function formatBytes(bytes: number, language: Language = "en"): string {
  const mega = bytes >= MEGABYTE;
  const size = new Intl.NumberFormat(language, { maximumFractionDigits: 0, useGrouping: false }).format(
    Math.round(bytes / (mega ? MEGABYTE : 1024)),
  );
  return mega ? translate(language, msg("{size} MB"), { size }) : translate(language, msg("{size} KB"), { size });
}
