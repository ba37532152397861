import { describe, expect, it } from "vitest";
import { FORM_TOO_LARGE_TEXT, FORM_UNREADABLE_TEXT, MAX_FORM_BODY_BYTES, readForm } from "./form.server";

function post(body: BodyInit, headers: Record<string, string>) {
  return new Request("http://localhost/login", { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

/** A body that arrives in chunks without declaring its length, as a chunked upload does. */
function chunked(chunk: string, times: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent++ < times) controller.enqueue(new TextEncoder().encode(chunk));
      else controller.close();
    },
  });
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; text: string }> {
  const thrown = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(Response);
  const response = thrown as Response;
  return { status: response.status, text: await response.text() };
}

describe("readForm", () => {
  it("reads a url-encoded form and a multipart form", async () => {
    const encoded = await readForm(post("firstName=Ada&lastName=L%C3%B6we", { "Content-Type": "application/x-www-form-urlencoded" }));
    expect(encoded.get("lastName")).toBe("Löwe");
    const multipart = new FormData();
    multipart.set("content", "Hello");
    const request = new Request("http://localhost/jimmy/1", { method: "POST", body: multipart });
    expect((await readForm(request)).get("content")).toBe("Hello");
  });

  it("refuses a body that declares more than the limit with 413, before reading it", async () => {
    const request = post("a=1", { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(MAX_FORM_BODY_BYTES + 1) });
    expect(await refusal(readForm(request))).toEqual({ status: 413, text: FORM_TOO_LARGE_TEXT });
  });

  it("refuses a chunked body with no declared length once it passes the limit", async () => {
    const request = post(chunked("caption=" + "x".repeat(16 * 1024), 1000), { "Content-Type": "application/x-www-form-urlencoded" });
    expect(await refusal(readForm(request))).toEqual({ status: 413, text: FORM_TOO_LARGE_TEXT });
  });

  it("answers a malformed multipart body with 400 and a message", async () => {
    for (const type of ["multipart/form-data", "multipart/form-data; boundary=xyz"]) {
      expect(await refusal(readForm(post("not a multipart body", { "Content-Type": type })))).toEqual({
        status: 400,
        text: FORM_UNREADABLE_TEXT,
      });
    }
  });
});
