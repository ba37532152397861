/**
 * Hostile request bodies for the body-limit and parser tests: streamed over
 * a raw HTTP connection as they are generated (nothing large is stored), and
 * the server process's resident memory read from /proc.
 */
import fs from "node:fs";
import http from "node:http";

/** The process's resident memory in MB. */
export function residentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) / 1024;
}

export type StreamedAnswer = {
  /** The answer's status; null when the server closed the connection without one. */
  status: number | null;
  text: string;
  headers: http.IncomingHttpHeaders;
  /** Bytes written before the answer came (or the connection closed). */
  sent: number;
};

/**
 * POSTs `chunks` (chunked, with no declared length, unless `headers` gives
 * one) and stops writing as soon as the server answers or closes: what a
 * client that would send forever sees.
 */
export function streamBody(
  baseURL: string,
  path: string,
  headers: Record<string, string>,
  chunks: Iterable<Uint8Array | string>,
  method = "POST",
): Promise<StreamedAnswer> {
  const url = new URL(path, baseURL);
  return new Promise((resolve) => {
    let sent = 0;
    let done = false;
    const finish = (answer: Omit<StreamedAnswer, "sent">) => {
      if (done) return;
      done = true;
      request.destroy();
      resolve({ ...answer, sent });
    };
    const request = http.request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers });
    request.on("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (piece: string) => (text += piece));
      const settle = () => finish({ status: response.statusCode ?? null, text, headers: response.headers });
      response.on("end", settle);
      response.on("error", settle);
      response.on("close", settle);
    });
    request.on("error", (e) => setTimeout(() => finish({ status: null, text: String(e), headers: {} }), 200));
    const iterator = chunks[Symbol.iterator]();
    const write = () => {
      while (!done) {
        const next = iterator.next();
        if (next.done) return request.end();
        const bytes = typeof next.value === "string" ? Buffer.from(next.value) : next.value;
        sent += bytes.length;
        if (!request.write(bytes)) return request.once("drain", write);
      }
    };
    write();
  });
}

/** `megabytes` of form-urlencoded filler, one megabyte at a time. */
export function* formFiller(megabytes: number): Generator<Buffer> {
  const megabyte = Buffer.alloc(1024 * 1024, "field=xxxxxxxxxxxxxxxxxxxxxxx&");
  for (let i = 0; i < megabytes; i++) yield megabyte;
}

export const BOUNDARY = "----JimmyHuntTestBoundary0123456789";
export const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

export const textPart = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

/** A file part's head; the bytes and `\r\n` follow. `disposition` is sent as is, so it can carry any file name. */
export const filePartHead = (name: string, disposition: string, type = "image/jpeg") =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; ${disposition}\r\nContent-Type: ${type}\r\n\r\n`;

export const CLOSING = `--${BOUNDARY}--\r\n`;

/** A multipart body of `parts` (strings or bytes), as one buffer. */
export const multipartBody = (...parts: (string | Uint8Array)[]): Uint8Array<ArrayBuffer> =>
  new Uint8Array(Buffer.concat(parts.map((part) => (typeof part === "string" ? Buffer.from(part) : part))));

/** About `megabytes` of distinct 2 KB text fields: the field flood. */
export function* fieldFlood(megabytes: number): Generator<string> {
  const value = "v".repeat(2048);
  const count = Math.ceil((megabytes * 1024 * 1024) / 2150);
  for (let i = 0; i < count; i += 50) {
    let batch = "";
    for (let j = i; j < i + 50; j++) batch += textPart(`field${j}`, value);
    yield batch;
  }
}
