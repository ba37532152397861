import { Writable } from "node:stream";

/** The size of the buffers React 18.3's streaming renderer fills and writes (VIEW_SIZE in react-dom/server). */
const REACT_VIEW_SIZE = 2048;

/**
 * React 18.3 writes a whole buffer when the next character's UTF-8 bytes do
 * not fit in what is left of it, unused tail included, so up to three NUL
 * bytes land in the page wherever a multi-byte character ("…", "é", an emoji)
 * meets a 2 KB boundary (facebook/react#31134, fixed in React 19). Only such a
 * full buffer can carry them, and no UTF-8 sequence ends in a zero byte.
 */
export function withoutViewPadding(chunk: Buffer): Buffer {
  if (chunk.length !== REACT_VIEW_SIZE) return chunk;
  let end = chunk.length;
  while (end > chunk.length - 3 && chunk[end - 1] === 0) end--;
  return end === chunk.length ? chunk : chunk.subarray(0, end);
}

/**
 * What a page is rendered into (app/entry.server.tsx): React's output
 * collected in `chunks`, each mended by withoutViewPadding. It emits no
 * "close" once finished: React takes a destination's close for a client gone
 * early and aborts the finished render, which then tries to end it a second
 * time; two errors, each with its stack, were built and dropped for every
 * page.
 */
export function pageBuffer(chunks: Buffer[]): Writable {
  return new Writable({
    emitClose: false,
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(withoutViewPadding(chunk));
      callback();
    },
  });
}
