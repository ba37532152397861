import fs from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeDiscovery, makeJimmy, makeUser } from "../support/fixtures";
import { ROTATED_GPS_JPEG } from "../support/photos";
import { createTestDb, type TestDb } from "../support/test-db";
import { action as apiReportAction } from "~/routes/api.discoveries";
import { action as apiLikeAction } from "~/routes/api.discoveries.$id.like";
import { action as likeFormAction } from "~/routes/discoveries_.$id.like";
import { action as apiCommentAction } from "~/routes/api.jimmys.$jimmyId.comments";
import { action as jimmyPageAction } from "~/routes/jimmy.$serial/route";
import { issueFormToken } from "~/services/comment-guard.server";
import type { DB } from "~/infra/db.server";
import { consumeFlash } from "~/web/flash.server";
import { checkCodeFor } from "~/services/qr.server";
import { reportDiscoveryAction } from "~/web/report-action.server";
import { startSession } from "~/web/session.server";
import { getStorage, type Storage } from "~/infra/storage.server";
import { receiveUpload } from "~/services/uploads.server";

const globalForDb = globalThis as typeof globalThis & { __jimmyHuntDb?: DB };
const jpeg = fs.readFileSync(ROTATED_GPS_JPEG);
const ORIGIN = "http://localhost:3000";

let t: TestDb;
let storage: Storage;
beforeEach(async () => {
  t = await createTestDb();
  globalForDb.__jimmyHuntDb = t.db;
  storage = getStorage();
});
afterEach(async () => {
  delete globalForDb.__jimmyHuntDb;
  await t.cleanup();
});

async function scene() {
  const finder = await makeUser(t.db, "Finn");
  const hunter = await makeUser(t.db, "Hana");
  const jimmy = await makeJimmy(t.db, 7);
  const first = await makeDiscovery(t.db, { jimmyId: jimmy.id, userId: finder.id, createdAt: "2026-01-01T12:00:00.000Z", isFirst: true });
  const cookie = (await startSession(new Request(`${ORIGIN}/`), "user", hunter.id, { db: t.db })).split(";")[0]!;
  return { hunter, jimmy, firstId: first.id, cookie };
}

const upload = async (userId: number) => (await receiveUpload(t.db, storage, userId, jpeg, "image/jpeg")).tempPath;

const discoveriesBy = async (userId: number) =>
  (await t.db.selectFrom("discoveries").select("id").where("user_id", "=", userId).execute()).map((r) => r.id);

/** A report form post, with the code from Jimmy #7's label unless the fields say otherwise. */
function formPost(cookie: string, fields: Record<string, string>) {
  return new Request(`${ORIGIN}/jimmy/7/new-discovery`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ checkCode: checkCodeFor(7), ...fields }),
  });
}

function jsonPost(url: string, cookie: string, body: unknown, key: string) {
  return new Request(`${ORIGIN}${url}`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: ORIGIN, "Content-Type": "application/json", "Idempotency-Key": key },
    body: JSON.stringify(body),
  });
}

/** The toast the next page shows, from the answer's flash cookie. */
async function flashOf(response: Response) {
  const cookie = (response.headers.get("Set-Cookie") ?? "").split(";")[0]!;
  return (await consumeFlash(new Request(`${ORIGIN}/jimmy/7`, { headers: { Cookie: cookie } }))).toast;
}

describe("a report form posted again with the same idempotency key", () => {
  it("records one discovery and tells the hunter it was recorded, though the first post used the upload", async () => {
    const { hunter, cookie } = await scene();
    const fields = {
      tempPath: await upload(hunter.id),
      caption: "On the bench",
      location: "Town park, Austin, TX",
      idempotencyKey: "report-key-0123456789",
    };
    const first = (await reportDiscoveryAction(formPost(cookie, fields), "7", "new")) as Response;
    const again = (await reportDiscoveryAction(formPost(cookie, fields), "7", "new")) as Response;
    for (const response of [first, again]) {
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/jimmy/7");
      expect(await flashOf(response)).toMatchObject({ title: "Success!", description: "Your discovery of Jimmy #7 has been recorded!" });
    }
    expect(await discoveriesBy(hunter.id)).toHaveLength(1);
  });

  it("records one discovery for two posts of one report at the same moment", async () => {
    const { hunter, cookie } = await scene();
    const fields = {
      tempPath: await upload(hunter.id),
      caption: "Twice",
      location: "Bus stop, Austin, TX",
      idempotencyKey: "report-race-0123456789",
    };
    const both = (await Promise.all([1, 2].map(() => reportDiscoveryAction(formPost(cookie, fields), "7", "new")))) as Response[];
    expect(both.map((r) => [r.status, r.headers.get("Location")])).toEqual([
      [302, "/jimmy/7"],
      [302, "/jimmy/7"],
    ]);
    expect(await discoveriesBy(hunter.id)).toHaveLength(1);
  });

  it("records a second report with a new key, and refuses a malformed key with a message", async () => {
    const { hunter, cookie } = await scene();
    await reportDiscoveryAction(
      formPost(cookie, { tempPath: await upload(hunter.id), location: "Park, Austin, TX", idempotencyKey: "report-one-0123456789" }),
      "7",
      "new",
    );
    await reportDiscoveryAction(
      formPost(cookie, { tempPath: await upload(hunter.id), location: "Park, Austin, TX", idempotencyKey: "report-two-0123456789" }),
      "7",
      "new",
    );
    expect(await discoveriesBy(hunter.id)).toHaveLength(2);
    const refused = await reportDiscoveryAction(
      formPost(cookie, { tempPath: await upload(hunter.id), location: "Lake, Austin, TX", idempotencyKey: "short!" }),
      "7",
      "new",
    );
    expect((refused as unknown as { init: ResponseInit }).init?.status).toBe(400);
    expect(JSON.stringify(refused)).toContain("The idempotency key must be 16 to 64 letters");
    expect(JSON.stringify(refused)).toContain("Lake");
    expect(await discoveriesBy(hunter.id)).toHaveLength(2);
  });
});

describe("proof of possession on the report form and the API", () => {
  it("refuses a report without the label's code or with a wrong one, keeping what was typed and the upload", async () => {
    const { hunter, jimmy, cookie } = await scene();
    const tempPath = await upload(hunter.id);
    const fields = { tempPath, caption: "Under the bridge", location: "River walk, Austin, TX", idempotencyKey: "report-code-0123456789" };
    const missing = await reportDiscoveryAction(formPost(cookie, { ...fields, checkCode: "" }), "7", "new");
    expect((missing as unknown as { init: ResponseInit }).init?.status).toBe(400);
    const wrong = await reportDiscoveryAction(formPost(cookie, { ...fields, checkCode: checkCodeFor(8) }), "7", "new");
    expect((wrong as unknown as { init: ResponseInit }).init?.status).toBe(403);
    expect((wrong as unknown as { data: unknown }).data).toMatchObject({
      ok: false,
      fieldErrors: { checkCode: "That code doesn't match Jimmy #7. Please check each character against the label." },
      values: { caption: "Under the bridge", location: "River walk, Austin, TX", tempPath, checkCode: checkCodeFor(8) },
    });
    expect(await discoveriesBy(hunter.id)).toHaveLength(0);
    const recorded = (await reportDiscoveryAction(
      formPost(cookie, { ...fields, checkCode: `Code ${checkCodeFor(7).toLowerCase()}` }),
      "7",
      "new",
    )) as Response;
    expect(recorded.status).toBe(302);
    expect(await discoveriesBy(hunter.id)).toHaveLength(1);

    const body = { jimmyId: jimmy.id, tempPath: await upload(hunter.id), location: "Harbour, Austin, TX" };
    const send = (extra: object) =>
      apiReportAction({
        request: jsonPost("/api/discoveries", cookie, { ...body, ...extra }, `api-code-${JSON.stringify(extra).length}-0123456789`),
        params: {},
        context: {},
      });
    const noCode = await send({});
    expect(noCode.status).toBe(400);
    expect(await noCode.json()).toEqual({
      field: "checkCode",
      message: "Enter the code printed on the label, under the Jimmy's number (like Code 7KX3PA).",
    });
    const badCode = await send({ checkCode: checkCodeFor(8) });
    expect(badCode.status).toBe(403);
    expect((await send({ checkCode: checkCodeFor(7) })).status).toBe(201);
  });
});

describe("the JSON API with an Idempotency-Key header", () => {
  it("answers a repeated report with the same status and body, and records it once", async () => {
    const { hunter, jimmy, cookie } = await scene();
    const body = {
      jimmyId: jimmy.id,
      tempPath: await upload(hunter.id),
      caption: "Found",
      location: "Harbour, Austin, TX",
      latitude: null,
      longitude: null,
      checkCode: checkCodeFor(7),
    };
    const send = () =>
      apiReportAction({ request: jsonPost("/api/discoveries", cookie, body, "api-report-0123456789"), params: {}, context: {} });
    const first = await send();
    const again = await send();
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(await first.json());
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await discoveriesBy(hunter.id)).toHaveLength(1);
  });

  it("refuses a malformed Idempotency-Key with 400 and records nothing", async () => {
    const { hunter, jimmy, cookie } = await scene();
    const body = {
      jimmyId: jimmy.id,
      tempPath: await upload(hunter.id),
      location: "Harbour, Austin, TX",
      latitude: null,
      longitude: null,
      checkCode: checkCodeFor(7),
    };
    const response = await apiReportAction({
      request: jsonPost("/api/discoveries", cookie, body, "bad key"),
      params: {},
      context: {},
    }).catch((r: Response) => r);
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(/idempotency key/i);
    expect(await discoveriesBy(hunter.id)).toHaveLength(0);
  });

  it("toggles a like once for a repeated request and answers the first result again", async () => {
    const { hunter, firstId, cookie } = await scene();
    const like = (key: string) =>
      apiLikeAction({
        request: jsonPost(`/api/discoveries/${firstId}/like`, cookie, {}, key),
        params: { id: String(firstId) },
        context: {},
      });
    const first = await like("like-key-0123456789ab");
    const again = await like("like-key-0123456789ab");
    expect(await first.json()).toEqual({ isLiked: true, likeCount: 1 });
    expect(await again.json()).toEqual({ isLiked: true, likeCount: 1 });
    const likes = await t.db.selectFrom("likes").select("user_id").where("discovery_id", "=", firstId).execute();
    expect(likes).toEqual([{ user_id: hunter.id }]);
    expect(await (await like("like-key-fedcba987654")).json()).toEqual({ isLiked: false, likeCount: 0 });
  });
});

describe("a comment posted again with the same idempotency key", () => {
  const commentPost = (fields: Record<string, string>) =>
    jimmyPageAction({
      request: new Request(`${ORIGIN}/jimmy/7`, {
        method: "POST",
        headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ website: "", authorName: "Wanda", ...fields }),
      }),
      params: { serial: "7" },
      context: { socketAddress: "198.51.100.7" },
    }) as Promise<Response>;
  const comments = async () => await t.db.selectFrom("comments").select(["id", "content"]).orderBy("id").execute();

  it("stores one comment and answers the repeat with the same comment and toast", async () => {
    await scene();
    const fields = {
      content: "Lovely spot",
      formToken: issueFormToken(new Date(Date.now() - 5000)),
      idempotencyKey: "comment-key-0123456789",
    };
    const first = await commentPost(fields);
    const again = await commentPost(fields);
    const [stored] = await comments();
    expect(await comments()).toHaveLength(1);
    for (const response of [first, again]) {
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/jimmy/7#comment-${stored!.id}`);
      expect(await flashOf(response)).toMatchObject({ title: "Comment posted!" });
    }
  });

  it("keeps comments from two copies of a cached page apart although their rendered key is the same", async () => {
    await scene();
    const shared = "cached-copy-key-0123456789";
    const rendered = new Date(Date.now() - 5000);
    await commentPost({ content: "First visitor", formToken: issueFormToken(rendered), idempotencyKey: shared });
    await commentPost({ content: "Second visitor", formToken: issueFormToken(new Date(rendered.getTime() + 1)), idempotencyKey: shared });
    expect((await comments()).map((c) => c.content)).toEqual(["First visitor", "Second visitor"]);
  });

  it("through the JSON API answers the same comment with 201 and stores it once", async () => {
    const { cookie, jimmy } = await scene();
    const send = () =>
      apiCommentAction({
        request: jsonPost(`/api/jimmys/${jimmy.id}/comments`, cookie, { content: "Hello Jimmy" }, "api-comment-0123456789"),
        params: { jimmyId: String(jimmy.id) },
        context: { socketAddress: "198.51.100.8" },
      });
    const first = await send();
    const again = await send();
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(await again.json()).toEqual(await first.json());
    expect(await comments()).toHaveLength(1);
  });
});

describe("the like button posted again with the same idempotency key", () => {
  it("answers the first result and leaves one like", async () => {
    const { hunter, firstId, cookie } = await scene();
    const post = () =>
      likeFormAction({
        request: new Request(`${ORIGIN}/discoveries/${firstId}/like`, {
          method: "POST",
          headers: { Cookie: cookie, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ intent: "like", enhanced: "1", redirectTo: "/", idempotencyKey: "like-form-0123456789ab" }),
        }),
        params: { id: String(firstId) },
        context: {},
      });
    expect(await (await post()).json()).toEqual({ isLiked: true, likeCount: 1 });
    expect(await (await post()).json()).toEqual({ isLiked: true, likeCount: 1 });
    expect(await t.db.selectFrom("likes").select("user_id").where("discovery_id", "=", firstId).execute()).toEqual([
      { user_id: hunter.id },
    ]);
  });
});
