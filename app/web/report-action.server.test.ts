import fs from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeJimmy, makeUser } from "../../tests/support/fixtures";
import { ROTATED_GPS_JPEG } from "../../tests/support/photos";
import { testDbPerTest } from "../../tests/support/test-db";
import type { DB } from "~/infra/db.server";
import { getStorage } from "~/infra/storage.server";
import { OTHER_HUNTER_TEXT } from "~/lib/report-form";
import { checkCodeFor } from "~/services/qr.server";
import { receiveUpload } from "~/services/uploads.server";
import { reportDiscoveryAction } from "./report-action.server";
import { startSession } from "./session.server";

const globalForDb = globalThis as typeof globalThis & { __jimmyHuntDb?: DB };
const ORIGIN = "http://localhost:3000";

const t = testDbPerTest();
beforeEach(() => {
  globalForDb.__jimmyHuntDb = t.db;
});
afterEach(() => {
  delete globalForDb.__jimmyHuntDb;
});

const cookieFor = async (userId: number) => (await startSession(new Request(`${ORIGIN}/`), "user", userId, { db: t.db })).split(";")[0]!;

function formPost(cookie: string, fields: Record<string, string>) {
  return new Request(`${ORIGIN}/jimmy/7/new-discovery`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ checkCode: checkCodeFor(7), location: "Town park, Austin, TX", ...fields }),
  });
}

const discoveriesBy = async (userId: number) =>
  (await t.db.selectFrom("discoveries").select("id").where("user_id", "=", userId).execute()).map((r) => r.id);

describe("a report filled in by one hunter and sent under another's session", () => {
  it("is refused with a 409 and recorded for nobody; the same report from its own hunter is recorded", async () => {
    await makeJimmy(t.db, 7);
    const alice = await makeUser(t.db, "Alice");
    const bob = await makeUser(t.db, "Bob");
    const jpeg = fs.readFileSync(ROTATED_GPS_JPEG);
    // Bob's session, Alice's report (its photo uploaded under Bob's session, as a queued report's would be).
    const tempPath = (await receiveUpload(t.db, getStorage(), bob.id, jpeg, "image/jpeg")).tempPath;
    const fields = { tempPath, caption: "Alice's find", idempotencyKey: "report-other-0123456789", hunter: String(alice.id) };
    const refused = await reportDiscoveryAction(formPost(await cookieFor(bob.id), fields), "7", "new");
    expect((refused as unknown as { init: ResponseInit }).init?.status).toBe(409);
    expect((refused as unknown as { data: unknown }).data).toMatchObject({ ok: false, formError: OTHER_HUNTER_TEXT });
    expect(await discoveriesBy(bob.id)).toEqual([]);
    expect(await discoveriesBy(alice.id)).toEqual([]);

    const ownUpload = (await receiveUpload(t.db, getStorage(), alice.id, jpeg, "image/jpeg")).tempPath;
    const recorded = (await reportDiscoveryAction(
      formPost(await cookieFor(alice.id), { ...fields, tempPath: ownUpload }),
      "7",
      "new",
    )) as Response;
    expect(recorded.status).toBe(302);
    expect(await discoveriesBy(alice.id)).toHaveLength(1);
  });
});
