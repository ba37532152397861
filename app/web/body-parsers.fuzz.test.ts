/**
 * Fuzzes the app's body readers (multipart, JSON, plain forms) with random
 * and adversarial bodies, split into random pieces as a network would: each
 * either reads the body or refuses it with a 4xx and a message; nothing
 * throws anything else, and memory stays bounded. A few hundred cases here;
 * tests/stress/body-fuzz.stress.ts sends thousands to the production server.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fuzzBody, random } from "../../tests/support/fuzz-bodies";
import { readJson } from "./api.server";
import { readForm } from "./form.server";
import { MultipartRefusal, readMultipart } from "./multipart.server";
import { PHOTO_FORM_LIMITS } from "./photo-form.server";

const CASES = Number(process.env.FUZZ_CASES ?? 200);

function requestOf(body: Uint8Array, contentType: string, seed: number): Request {
  const r = random(seed ^ 0x5eed);
  let at = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= body.length) return controller.close();
      const size = 1 + r.int(r.pick([16, 1500, 70_000]));
      controller.enqueue(body.slice(at, at + size));
      at += size;
    },
  });
  return new Request("http://app.test/fuzz", {
    method: "POST",
    body: stream,
    headers: { "Content-Type": contentType },
    duplex: "half",
  } as RequestInit);
}

/** "read", or the 4xx it was refused with; anything else fails the case. */
async function outcome(read: Promise<unknown>): Promise<string> {
  try {
    await read;
    return "read";
  } catch (error) {
    if (error instanceof MultipartRefusal) return `${error.status} ${error.message}`;
    if (error instanceof Response) return `${error.status} ${await error.text()}`;
    throw error;
  }
}

describe("the body readers under fuzzing", () => {
  it(`read or refuse with a 4xx and a message each of ${CASES} random bodies, never anything else, in bounded memory`, async () => {
    const before = process.memoryUsage().rss;
    let peak = before;
    for (let seed = 0; seed < CASES; seed++) {
      const { what, contentType, body } = fuzzBody(random(seed));
      const label = `seed ${seed}: ${what}`;
      const results = [
        await outcome(
          readMultipart(requestOf(body, contentType, seed), PHOTO_FORM_LIMITS, async ({ data }) => {
            for await (const chunk of data) void chunk;
          }),
        ),
        await outcome(readJson(requestOf(body, contentType, seed), z.looseObject({}))),
        await outcome(readForm(requestOf(body, contentType, seed))),
      ];
      for (const result of results) {
        expect(result, label).toMatch(/^(read|4\d\d \S.{9,})/s);
      }
      peak = Math.max(peak, process.memoryUsage().rss);
    }
    expect((peak - before) / (1024 * 1024)).toBeLessThan(200);
  });
});
