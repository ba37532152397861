import { describe, expect, it } from "vitest";
import { testDbPerTest } from "../../tests/support/test-db";
import { makeDiscovery, makeJimmy, makeUser } from "../../tests/support/fixtures";
import { labelCodeFromScan, normalizeCheck, parseLabelCode } from "~/lib/qr-code";
import { checkCodeFor, checkLabel, discoveryFormPath, isValidCheck, labelUrl, QR_FAILURE_LIMIT } from "./qr.server";

const t = testDbPerTest();

describe("label check codes", () => {
  it("are six unambiguous characters that depend on the serial and the secret", () => {
    const code = checkCodeFor(42, "secret-a".repeat(5));
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{6}$/);
    expect(checkCodeFor(42, "secret-a".repeat(5))).toBe(code);
    expect(checkCodeFor(43, "secret-a".repeat(5))).not.toBe(code);
    expect(checkCodeFor(42, "secret-b".repeat(5))).not.toBe(code);
  });

  it("forgive the usual misreadings when typed by hand", () => {
    expect(normalizeCheck(" 7kx-3pa ")).toBe("7KX3PA");
    expect(normalizeCheck("O1IL00")).toBe("011100");
    expect(normalizeCheck("7KX3P")).toBeNull();
    expect(normalizeCheck("7KX3PU")).toBeNull();
    expect(normalizeCheck("Code XMVRH5")).toBe("XMVRH5");
    expect(normalizeCheck("code: xmvrh5")).toBe("XMVRH5");
  });

  it("are found in a scanned URL on any host, but only on its /q/ path", () => {
    expect(labelCodeFromScan("https://hunt.example/q/42-7KX3PA")).toBe("42-7KX3PA");
    expect(labelCodeFromScan("42-7KX3PA")).toBe("42-7KX3PA");
    expect(labelCodeFromScan("https://evil.example/login?next=/q/42-7KX3PA")).toBeNull();
    expect(labelCodeFromScan("hello")).toBeNull();
    expect(parseLabelCode("042-7KX3PA")).toBeNull();
    expect(labelUrl(42, { secret: "s".repeat(32), publicUrl: new URL("https://hunt.example/base") })).toMatch(
      /^https:\/\/hunt\.example\/q\/42-[0-9A-Z]{6}$/,
    );
  });
});

describe("checking a label", () => {
  it("sends an unfound Jimmy to the first-discovery form and a found one to the new-discovery form", async () => {
    const hunter = await makeUser(t.db);
    await makeJimmy(t.db, 7);
    const found = await makeJimmy(t.db, 8);
    await makeDiscovery(t.db, { jimmyId: found.id, userId: hunter.id, createdAt: new Date().toISOString(), isFirst: true });
    const seven = await checkLabel(t.db, { serial: 7, check: checkCodeFor(7), address: "203.0.113.1" });
    const eight = await checkLabel(t.db, { serial: 8, check: checkCodeFor(8), address: "203.0.113.1" });
    expect(seven).toEqual({ ok: true, serial: 7, found: false });
    expect(eight).toEqual({ ok: true, serial: 8, found: true });
    expect(discoveryFormPath(7, false)).toBe("/jimmy/7/first-discovery");
    expect(discoveryFormPath(8, true)).toBe("/jimmy/8/new-discovery");
  });

  it("tells a serial never minted from a wrong check", async () => {
    await makeJimmy(t.db, 7);
    expect(await checkLabel(t.db, { serial: 9, check: checkCodeFor(9), address: "a" })).toEqual({ ok: false, error: "invalid_serial" });
    const wrong = checkCodeFor(7) === "000000" ? "000001" : "000000";
    expect(isValidCheck(7, wrong)).toBe(false);
    expect(await checkLabel(t.db, { serial: 7, check: wrong, address: "a" })).toEqual({ ok: false, error: "invalid_check" });
  });

  it("refuses every check from an address after too many failures, and only from that address", async () => {
    await makeJimmy(t.db, 7);
    const now = new Date("2026-11-22T12:00:00Z");
    for (let i = 0; i < QR_FAILURE_LIMIT; i++) {
      await checkLabel(t.db, { serial: 7, check: "ZZZZZZ", address: "198.51.100.9" }, now);
    }
    const right = { serial: 7, check: checkCodeFor(7) };
    expect(await checkLabel(t.db, { ...right, address: "198.51.100.9" }, now)).toMatchObject({ ok: false, error: "rate_limited" });
    expect(await checkLabel(t.db, { ...right, address: "198.51.100.10" }, now)).toMatchObject({ ok: true });
    const later = new Date(now.getTime() + 16 * 60_000);
    expect(await checkLabel(t.db, { ...right, address: "198.51.100.9" }, later)).toMatchObject({ ok: true });
  });
});
