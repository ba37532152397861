import { describe, expect, it } from "vitest";
import { randomString } from "./random.server";

describe("random strings from the pool", () => {
  it("are of the asked length and never repeat, across refills of the pool", () => {
    const nonces = Array.from({ length: 2000 }, () => randomString(16, "base64"));
    expect(nonces.every((nonce) => Buffer.from(nonce, "base64").length === 16)).toBe(true);
    expect(new Set(nonces).size).toBe(nonces.length);
    const ids = Array.from({ length: 2000 }, () => randomString(8, "hex"));
    expect(ids.every((id) => /^[0-9a-f]{16}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(randomString(10_000, "hex")).toHaveLength(20_000);
  });
});
