import { describe, expect, it } from "vitest";
import { testDbPerTest } from "../../tests/support/test-db";
import { makeJimmy, makeUser } from "../../tests/support/fixtures";
import { pruneUsedScanProofs, ScanProofUsedError, spendScanProof } from "~/models/scan-proofs.server";
import {
  isValidScanProof,
  issueScanProof,
  SCAN_PROOF_TTL_MS,
  SCAN_PROOF_USED_TEXT,
  scanProofHolds,
  scanProofRecord,
  verifyPossession,
} from "./possession.server";
import { CHECK_CODE_HUNTER_LIMIT, CHECK_CODE_JIMMY_LIMIT, checkCodeFor, checkLabel } from "./qr.server";

const t = testDbPerTest();

const wrongCode = (serial: number) => (checkCodeFor(serial) === "000000" ? "000001" : "000000");

describe("a scan proof", () => {
  const now = new Date("2026-11-24T12:00:00Z");

  it("holds for the Jimmy and the hunter it was issued for, until it expires", () => {
    const proof = issueScanProof(7, 3, now);
    expect(isValidScanProof(proof, 7, 3, now)).toBe(true);
    expect(isValidScanProof(proof, 7, 3, new Date(now.getTime() + SCAN_PROOF_TTL_MS - 1000))).toBe(true);
    expect(isValidScanProof(proof, 7, 3, new Date(now.getTime() + SCAN_PROOF_TTL_MS))).toBe(false);
    expect(isValidScanProof(proof, 8, 3, now)).toBe(false);
    expect(isValidScanProof(proof, 7, 4, now)).toBe(false);
  });

  it("cannot be stretched or forged: another expiry or another secret breaks it", () => {
    const proof = issueScanProof(7, 3, now);
    const [expires, mac] = proof.split(".");
    expect(isValidScanProof(`${Number(expires) + 3600}.${mac}`, 7, 3, now)).toBe(false);
    expect(isValidScanProof(issueScanProof(7, 3, now, ["another-secret-0123456789abcdef0123"]), 7, 3, now)).toBe(false);
    expect(isValidScanProof("", 7, 3, now)).toBe(false);
    // After a secret rotation (new secret first), a proof signed with the previous one still holds.
    const rotated = ["new-secret-0123456789abcdef0123456789", "old-secret-0123456789abcdef0123456789"];
    expect(isValidScanProof(issueScanProof(7, 3, now, [rotated[1]!]), 7, 3, now, rotated)).toBe(true);
  });
});

describe("proving possession when reporting", () => {
  it("takes the code as printed, read forgivingly, and refuses a missing or wrong one", async () => {
    await makeJimmy(t.db, 7);
    const hunter = await makeUser(t.db);
    const code = checkCodeFor(7);
    const typed = `Code ${code.toLowerCase().replace(/0/g, "o").replace(/1/g, "i").slice(0, 3)} ${code.slice(3)}`;
    expect(await verifyPossession(t.db, { serial: 7, userId: hunter.id, checkCode: typed })).toEqual({ ok: true });
    expect(await verifyPossession(t.db, { serial: 7, userId: hunter.id, checkCode: "" })).toMatchObject({ ok: false, reason: "missing" });
    expect(await verifyPossession(t.db, { serial: 7, userId: hunter.id, checkCode: "12" })).toMatchObject({
      ok: false,
      reason: "malformed",
    });
    expect(await verifyPossession(t.db, { serial: 7, userId: hunter.id, checkCode: wrongCode(7) })).toMatchObject({
      ok: false,
      reason: "wrong",
      message: "That code doesn't match Jimmy #7. Please check each character against the label.",
    });
  });

  it("a scan proof for another Jimmy, or an expired one, is not enough: the code is asked for", async () => {
    await makeJimmy(t.db, 7);
    const hunter = await makeUser(t.db);
    const now = new Date();
    expect(await verifyPossession(t.db, { serial: 7, userId: hunter.id, proof: issueScanProof(7, hunter.id, now) }, now)).toEqual({
      ok: true,
    });
    expect(await verifyPossession(t.db, { serial: 7, userId: hunter.id, proof: issueScanProof(8, hunter.id, now) }, now)).toMatchObject({
      ok: false,
      reason: "expired",
    });
    const later = new Date(now.getTime() + SCAN_PROOF_TTL_MS + 1000);
    expect(await verifyPossession(t.db, { serial: 7, userId: hunter.id, proof: issueScanProof(7, hunter.id, now) }, later)).toMatchObject({
      ok: false,
      reason: "expired",
    });
  });

  it("refuses a hunter after too many wrong codes, even the right one, until the window ends; other hunters go on", async () => {
    await makeJimmy(t.db, 7);
    await makeJimmy(t.db, 8);
    const guesser = await makeUser(t.db);
    const other = await makeUser(t.db);
    const now = new Date("2026-11-24T12:00:00Z");
    const results = [];
    for (let i = 0; i < CHECK_CODE_HUNTER_LIMIT.max; i++) {
      // Spread over two Jimmys: the hunter's limit counts every Jimmy.
      const serial = i % 2 === 0 ? 7 : 8;
      results.push(await verifyPossession(t.db, { serial, userId: guesser.id, checkCode: wrongCode(serial) }, now));
    }
    expect(results.slice(0, -1).every((result) => !result.ok && result.reason === "wrong")).toBe(true);
    expect(results.at(-1)).toMatchObject({
      ok: false,
      reason: "limited",
      retryAfterSeconds: 3600,
      message: "Too many wrong codes were tried. Please wait 60 minutes and try again.",
    });
    expect(await verifyPossession(t.db, { serial: 7, userId: guesser.id, checkCode: checkCodeFor(7) }, now)).toMatchObject({
      reason: "limited",
    });
    // A scan proof was earned with a right code, so it still counts.
    expect(await verifyPossession(t.db, { serial: 7, userId: guesser.id, proof: issueScanProof(7, guesser.id, now) }, now)).toEqual({
      ok: true,
    });
    expect(await verifyPossession(t.db, { serial: 7, userId: other.id, checkCode: checkCodeFor(7) }, now)).toEqual({ ok: true });
    const later = new Date(now.getTime() + CHECK_CODE_HUNTER_LIMIT.windowMs);
    expect(await verifyPossession(t.db, { serial: 7, userId: guesser.id, checkCode: checkCodeFor(7) }, later)).toEqual({ ok: true });
  });

  it("refuses every typed code for a Jimmy guessed at too often by several hunters, and at /scan too", async () => {
    await makeJimmy(t.db, 7);
    await makeJimmy(t.db, 8);
    const now = new Date("2026-11-24T12:00:00Z");
    const perHunter = CHECK_CODE_HUNTER_LIMIT.max - 1;
    for (let made = 0; made < CHECK_CODE_JIMMY_LIMIT.max;) {
      const hunter = await makeUser(t.db);
      for (let i = 0; i < perHunter && made < CHECK_CODE_JIMMY_LIMIT.max; i++, made++) {
        await verifyPossession(t.db, { serial: 7, userId: hunter.id, checkCode: wrongCode(7) }, now);
      }
    }
    const finder = await makeUser(t.db);
    expect(await verifyPossession(t.db, { serial: 7, userId: finder.id, checkCode: checkCodeFor(7) }, now)).toMatchObject({
      reason: "limited",
    });
    expect(await checkLabel(t.db, { serial: 7, check: checkCodeFor(7), address: "203.0.113.5", userId: finder.id }, now)).toMatchObject({
      ok: false,
      error: "rate_limited",
    });
    expect(await verifyPossession(t.db, { serial: 8, userId: finder.id, checkCode: checkCodeFor(8) }, now)).toEqual({ ok: true });
  });
});

describe("a scan proof's bounds and single use", () => {
  const now = new Date("2026-11-24T12:00:00Z");

  it("refuses an expiry further ahead than a proof ever gets, even one signed with the secret", () => {
    expect(isValidScanProof(issueScanProof(7, 3, now), 7, 3, now)).toBe(true);
    for (const aheadMs of [1000 + SCAN_PROOF_TTL_MS, 2 * SCAN_PROOF_TTL_MS, 365 * 24 * SCAN_PROOF_TTL_MS]) {
      expect(isValidScanProof(issueScanProof(7, 3, new Date(now.getTime() + aheadMs)), 7, 3, now), String(aheadMs)).toBe(false);
    }
  });

  it("holds for one discovery: once used it is refused with its own message, a typed code still counts, a new scan works", async () => {
    await makeJimmy(t.db, 7);
    const hunter = await makeUser(t.db);
    const proof = issueScanProof(7, hunter.id, now);
    expect(await scanProofHolds(t.db, proof, 7, hunter.id, now)).toBe(true);
    await t.db.transaction().execute((trx) => spendScanProof(trx, scanProofRecord(proof)));
    expect(await scanProofHolds(t.db, proof, 7, hunter.id, now)).toBe(false);
    expect(await verifyPossession(t.db, { serial: 7, userId: hunter.id, proof }, now)).toEqual({
      ok: false,
      reason: "used",
      message: SCAN_PROOF_USED_TEXT,
    });
    expect(await verifyPossession(t.db, { serial: 7, userId: hunter.id, proof, checkCode: checkCodeFor(7) }, now)).toEqual({ ok: true });
    const later = new Date(now.getTime() + 60_000);
    expect(await verifyPossession(t.db, { serial: 7, userId: hunter.id, proof: issueScanProof(7, hunter.id, later) }, later)).toEqual({
      ok: true,
    });
  });

  it("is used up once when two reports race with it, and forgotten once it has expired", async () => {
    const proof = issueScanProof(7, 3, now);
    const spends = await Promise.allSettled(
      [0, 1].map(() => t.db.transaction().execute((trx) => spendScanProof(trx, scanProofRecord(proof)))),
    );
    expect(spends.filter((s) => s.status === "fulfilled")).toHaveLength(1);
    expect(spends.filter((s) => s.status === "rejected").map((s) => (s as PromiseRejectedResult).reason)).toEqual([
      expect.any(ScanProofUsedError),
    ]);
    const stored = await t.db.selectFrom("used_scan_proofs").selectAll().execute();
    expect(stored).toEqual([
      { proof_hash: scanProofRecord(proof).hash, expires_at: new Date(Number(proof.split(".")[0]) * 1000).toISOString() },
    ]);
    expect(stored[0]!.proof_hash).not.toContain(proof.split(".")[1]);
    expect(await pruneUsedScanProofs(t.db, now)).toBe(0);
    expect(await pruneUsedScanProofs(t.db, new Date(now.getTime() + SCAN_PROOF_TTL_MS))).toBe(1);
  });
});
