import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { pageBuffer, withoutViewPadding } from "./react-stream.server";

/** Renders `element` as app/entry.server.tsx does: React's stream into one buffer, each chunk through `mend`. */
function render(element: React.ReactElement, mend: (chunk: Buffer) => Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const body = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(mend(chunk));
        callback();
      },
    });
    body.on("finish", () => resolve(Buffer.concat(chunks)));
    const { pipe } = renderToPipeableStream(element, { onShellReady: () => pipe(body), onShellError: reject });
  });
}

/**
 * A placeholder with an ellipsis (3 bytes in UTF-8) after many small pieces
 * of markup (as a real page is written) and `pad` more bytes of text, so some
 * pad puts it across React's 2 KB buffer boundary.
 */
const page = (pad: number) => (
  <html lang="en">
    <body>
      {Array.from({ length: 240 }, (_, index) => (
        <i key={index}>a</i>
      ))}
      <p>{"x".repeat(pad)}</p>
      <textarea placeholder={"Say something nice about this Jimmy's journey…"} />
      <p>{"Caf\u00e9 \u{1F3C6} done"}</p>
    </body>
  </html>
);

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

describe("the page renderer's output", () => {
  it("has no NUL bytes wherever a multi-byte character meets React's 2 KB buffer boundary", async () => {
    let raw = 0;
    for (let pad = 1; pad < 200; pad++) {
      const mended = (await render(page(pad), withoutViewPadding)).toString("utf8");
      const unmended = (await render(page(pad), (chunk) => chunk)).toString("utf8");
      if (CONTROL.test(unmended)) raw++;
      expect(mended, `pad ${pad}`).not.toMatch(CONTROL);
      // eslint-disable-next-line no-control-regex -- finding control characters is the point
      expect(mended, `pad ${pad}`).toBe(unmended.replace(/\u0000/g, ""));
      expect(mended).toContain("journey…");
      expect(mended).toContain("Caf\u00e9 \u{1F3C6} done");
    }
    // React 18.3 pads some of these renders: the fix is what keeps them clean.
    expect(raw).toBeGreaterThan(0);
  });
});

describe("the buffer a page is rendered into", () => {
  it("is ended once: a finished render is not aborted afterwards, so no error is built for every page", async () => {
    const chunks: Buffer[] = [];
    const body = pageBuffer(chunks);
    let ends = 0;
    const end = body.end.bind(body);
    body.end = ((...args: Parameters<typeof end>) => (ends++, end(...args))) as typeof body.end;
    const failures: unknown[] = [];
    body.on("error", (error) => failures.push(error));
    await new Promise<void>((resolve, reject) => {
      body.on("finish", () => setTimeout(resolve, 50));
      const { pipe } = renderToPipeableStream(page(10), { onShellReady: () => pipe(body), onShellError: reject });
    });
    expect(Buffer.concat(chunks).toString("utf8")).toContain("journey…");
    expect(ends).toBe(1);
    expect(failures).toEqual([]);
  });
});
