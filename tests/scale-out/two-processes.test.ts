import fs from "node:fs";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer } from "../support/app-server";
import { E2E_QR_SECRET } from "../support/e2e-data";
import { CookieJar, ensureProductionBuild } from "./support";
import { ROTATED_GPS_JPEG } from "../support/photos";
import { startS3Server, s3StorageEnv, TEST_S3_CREDENTIALS } from "../support/s3-server";
import { startSmtpServer } from "../support/smtp-server";
import { createTestDb, testDialect, type TestDb } from "../support/test-db";
import { mintJimmys } from "~/models/jimmys.server";
import { hashPassword } from "~/services/password.server";
import { checkCodeFor } from "~/services/qr.server";
import { RATE_LIMITS } from "~/services/rate-limit.server";

// Two identical production processes on different ports share one PostgreSQL
// database and one S3-compatible store, as they would behind a load
// balancer: whatever one process does, the other sees, and a rate limit
// counts requests to both.

const ADMIN_PASSWORD = "scale-out admin password: two processes, one hunt";
const SERIAL = 4242;

type App = Awaited<ReturnType<typeof startAppServer>>;

/** The database both processes share: under `npm run test:scale-out`, PostgreSQL and then one SQLite file. */
const DIALECTS = ["postgres", "sqlite"] as const;

let t: TestDb;
let s3: Awaited<ReturnType<typeof startS3Server>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let first: App;
let second: App;

async function startTwo(dialect: (typeof DIALECTS)[number]) {
  ensureProductionBuild();
  t = await createTestDb(dialect === "sqlite" ? { dialect } : {});
  await mintJimmys(t.db, SERIAL, SERIAL);
  s3 = await startS3Server();
  smtp = await startSmtpServer();
  const shared = {
    DATABASE_URL: t.url,
    ...s3StorageEnv(s3),
    SMTP_URL: smtp.url,
    MAIL_FROM: "Jimmy Hunt <hunt@example.com>",
    JOB_POLL_MS: "100",
    ADMIN_PASSWORD_HASH: await hashPassword(ADMIN_PASSWORD),
  };
  // Started together: both run the migrations at start against the same database.
  [first, second] = await Promise.all([startAppServer(shared), startAppServer(shared)]);
}

async function stopTwo() {
  await Promise.all([first?.stop(), second?.stop()]);
  await s3?.close();
  await smtp?.close();
  await t?.cleanup();
}

async function call(app: App, jar: CookieJar | null, pathname: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (jar) headers.set("Cookie", jar.header());
  const response = await fetch(`${app.baseURL}${pathname}`, { ...init, headers, redirect: "manual" });
  jar?.take(response);
  return response;
}

async function signIn(app: App, firstName: string) {
  const jar = new CookieJar();
  const response = await call(app, jar, "/login", {
    method: "POST",
    body: new URLSearchParams({ firstName, lastName: "Scale" }),
  });
  expect(response.status).toBe(302);
  expect(jar.has("jh_session")).toBe(true);
  return jar;
}

/** Uploads a photo as the hunter through `app`, answering its temporary path. */
async function uploadPhoto(app: App, jar: CookieJar): Promise<string> {
  const form = new FormData();
  form.set("photo", new Blob([fs.readFileSync(ROTATED_GPS_JPEG)], { type: "image/jpeg" }), "jimmy.jpg");
  const upload = await call(app, jar, "/api/upload", { method: "POST", body: form });
  expect(upload.status).toBe(200);
  return ((await upload.json()) as { tempPath: string }).tempPath;
}

/** The keys the S3 store holds under `prefix`, read from the store itself. */
async function storedUnder(prefix: string): Promise<string[]> {
  const client = new S3Client({ endpoint: s3.endpoint, region: "us-east-1", forcePathStyle: true, credentials: TEST_S3_CREDENTIALS });
  try {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
    return (listed.Contents ?? []).map((object) => object.Key!);
  } finally {
    client.destroy();
  }
}

const postJson = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(body),
});

for (const dialect of DIALECTS) {
  describe(`two app processes on one ${dialect === "postgres" ? "PostgreSQL database" : "SQLite file"} and one S3 store`, () => {
    beforeAll(async () => {
      // PostgreSQL is the one that needs TEST_DATABASE_URL: the config starts one when it is not set.
      if (dialect === "postgres") expect(testDialect).toBe("postgres");
      await startTwo(dialect);
    }, 600_000);
    afterAll(stopTwo);

    it("share sign-in and admin sessions, discoveries, photos, likes, comments and notifications", async () => {
      // A hunter signs in through the first process; the second knows them.
      const finder = await signIn(first, "Finley");
      const me = await call(second, finder, "/api/auth/user");
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ firstName: "Finley", lastName: "Scale" });

      // The photo goes up through the first process, the discovery is recorded through the second.
      const tempPath = await uploadPhoto(first, finder);
      const jimmy = await t.db.selectFrom("jimmys").select("id").where("serial_number", "=", SERIAL).executeTakeFirstOrThrow();
      const reported = await call(
        second,
        finder,
        "/api/discoveries",
        postJson({ jimmyId: jimmy.id, tempPath, caption: "Behind the bakery", checkCode: checkCodeFor(SERIAL, E2E_QR_SECRET) }),
      );
      expect(reported.status).toBe(201);
      const { id: discoveryId, isFirst } = (await reported.json()) as { id: number; isFirst: boolean };
      expect(isFirst).toBe(true);

      // The first process lists it and serves its photo from the shared store.
      const feed = (await (await call(first, null, "/api/discoveries?limit=5")).json()) as {
        id: number;
        caption: string;
        photoUrl: string;
      }[];
      const listed = feed.find((d) => d.id === discoveryId);
      expect(listed?.caption).toBe("Behind the bakery");
      const photo = await call(first, null, listed!.photoUrl);
      expect(photo.status).toBe(200);
      expect(photo.headers.get("content-type")).toMatch(/^image\//);

      // Another hunter likes it through the first process; the second shows the like.
      const fan = await signIn(first, "Fanny");
      const liked = await call(first, fan, `/api/discoveries/${discoveryId}/like`, { method: "POST" });
      expect(await liked.json()).toEqual({ isLiked: true, likeCount: 1 });
      const seen = (await (await call(second, fan, "/api/discoveries?limit=5")).json()) as {
        id: number;
        likeCount: number;
        isLikedByUser: boolean;
      }[];
      expect(seen.find((d) => d.id === discoveryId)).toMatchObject({ likeCount: 1, isLikedByUser: true });

      // The finder's notification of that like is on the second process too.
      const notifications = await call(second, finder, "/notifications");
      expect(notifications.status).toBe(200);
      expect(await notifications.text()).toContain("Fanny Scale");

      // A comment posted through the second process is read through the first.
      const commented = await call(second, fan, `/api/jimmys/${jimmy.id}/comments`, postJson({ content: "Saw him too, by the ovens" }));
      expect(commented.status).toBe(201);
      const comments = (await (await call(first, null, `/api/jimmys/${jimmy.id}/comments`)).json()) as { content: string }[];
      expect(comments.map((c) => c.content)).toContain("Saw him too, by the ovens");

      // An admin signs in through the second process and is the admin on the first: the comment posts as the hunt.
      const admin = new CookieJar();
      const adminLogin = await call(second, admin, "/api/admin/login", postJson({ password: ADMIN_PASSWORD }));
      expect(adminLogin.status).toBe(200);
      expect(admin.has("jh_admin")).toBe(true);
      const asHunt = await call(first, admin, `/api/jimmys/${jimmy.id}/comments`, postJson({ content: "Welcome to the hunt!" }));
      expect(asHunt.status).toBe(201);
      expect(await asHunt.json()).toMatchObject({ content: "Welcome to the hunt!", isAdmin: true });
    });

    it("count a rate limit across both processes", async () => {
      const { max } = RATE_LIMITS.commentPerHunter;
      const jimmy = await t.db.selectFrom("jimmys").select("id").where("serial_number", "=", SERIAL).executeTakeFirstOrThrow();
      const talker = await signIn(first, "Talia");
      const statuses: number[] = [];
      for (let i = 0; i < max; i++) {
        const app = i % 2 === 0 ? first : second;
        const response = await call(app, talker, `/api/jimmys/${jimmy.id}/comments`, postJson({ content: `Comment number ${i}` }));
        statuses.push(response.status);
      }
      expect(statuses.every((status) => status === 201)).toBe(true);
      // Both processes now refuse this hunter, whichever answers.
      for (const app of [first, second]) {
        const refused = await call(app, talker, `/api/jimmys/${jimmy.id}/comments`, postJson({ content: `One more from ${app.baseURL}` }));
        expect(refused.status).toBe(429);
        expect(((await refused.json()) as { message: string }).message).toMatch(/posted a lot of comments in a short time\. Please wait/);
      }
    });

    it("send each watcher's email exactly once, whichever process queued it and both running the queue", async () => {
      const jimmy = await t.db.selectFrom("jimmys").select("id").where("serial_number", "=", SERIAL).executeTakeFirstOrThrow();
      const watchers = ["Wanda", "Walt", "Wren", "Wes"];
      for (const [i, name] of watchers.entries()) {
        const app = i % 2 === 0 ? first : second;
        const jar = await signIn(app, name);
        const watched = await call(app, jar, `/jimmy/${SERIAL}/watch`, {
          method: "POST",
          body: new URLSearchParams({ intent: "watch", enhanced: "1" }),
        });
        expect(await watched.json()).toMatchObject({ watching: true });
        // The address a sign-in provider gives, and the choice of an email for each piece of news.
        await t.db
          .updateTable("users")
          .set({
            email: `${name.toLowerCase()}@example.com`,
            email_frequency: "each",
            email_since: new Date(Date.now() - 1000).toISOString(),
          })
          .where("first_name", "=", name)
          .execute();
      }
      const commenter = await signIn(second, "Cora");
      const comments = ["One", "Two", "Three", "Four", "Five", "Six"].map((word) => `Comment ${word} from the bakery`);
      for (const [i, content] of comments.entries()) {
        const app = i % 2 === 0 ? first : second;
        expect((await call(app, commenter, `/api/jimmys/${jimmy.id}/comments`, postJson({ content }))).status).toBe(201);
      }

      const expected = watchers.length * comments.length;
      const mail = await smtp.waitFor(expected, 30_000);
      // Both processes poll every 100 ms: anything sent twice would have arrived by now.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(mail).toHaveLength(expected);
      const pairs = mail.map((m) => `${m.to.join(",")} ${m.parsed.text?.match(/“(.+)”/)?.[1]}`);
      expect(new Set(pairs).size).toBe(expected);
      for (const name of watchers) {
        expect(mail.filter((m) => m.to.includes(`${name.toLowerCase()}@example.com`))).toHaveLength(comments.length);
      }
      const jobs = await t.db.selectFrom("jobs").select(["outcome", "attempts"]).where("kind", "=", "notification-email").execute();
      expect(jobs).toHaveLength(expected);
      expect(jobs.every((job) => job.outcome === "done" && job.attempts === 1)).toBe(true);
    });

    it("delete an account through one process that reported through the other: its photos leave the S3 store and neither process knows the hunter", async () => {
      const jimmy = await t.db.selectFrom("jimmys").select("id").where("serial_number", "=", SERIAL).executeTakeFirstOrThrow();
      const leaver = await signIn(first, "Della");
      const tempPath = await uploadPhoto(first, leaver);
      const reported = await call(
        first,
        leaver,
        "/api/discoveries",
        postJson({ jimmyId: jimmy.id, tempPath, caption: "By the station clock", checkCode: checkCodeFor(SERIAL, E2E_QR_SECRET) }),
      );
      expect(reported.status).toBe(201);
      const { id: discoveryId } = (await reported.json()) as { id: number };
      const { photo_key } = await t.db
        .selectFrom("discoveries")
        .select("photo_key")
        .where("id", "=", discoveryId)
        .executeTakeFirstOrThrow();
      expect(await storedUnder(photo_key)).not.toEqual([]);

      const deleted = await call(second, leaver, "/account/delete", {
        method: "POST",
        headers: { Origin: second.baseURL },
        body: new URLSearchParams({ confirm: "yes" }),
      });
      expect(deleted.status).toBe(302);

      expect(await storedUnder(photo_key)).toEqual([]);
      expect((await call(first, leaver, "/api/auth/user")).status).toBe(401);
      expect((await call(first, null, `/discoveries/${discoveryId}`)).status).toBe(410);
      expect(await t.db.selectFrom("users").select("id").where("first_name", "=", "Della").execute()).toEqual([]);
    });
  });
}

/** The processes whose parent is `pid`, read from /proc. */
function childrenOf(pid: number): number[] {
  return fs
    .readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        // The parent's pid is the fourth field, after the name in parentheses (which may hold spaces).
        const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("npm start with WEB_CONCURRENCY=2 (one SQLite file)", () => {
  it("serves from two app processes on one port, replaces one that dies, and stops both on SIGTERM", async () => {
    ensureProductionBuild();
    const app = await startAppServer({ WEB_CONCURRENCY: "2" });
    try {
      // Started one after another: the supervisor says when both listen.
      await expect.poll(() => app.output(), { timeout: 60_000 }).toContain("2 app processes running");
      expect(childrenOf(app.pid)).toHaveLength(2);
      const hunter = await signIn(app, "Clusterina");
      for (let i = 0; i < 10; i++) {
        const me = await call(app, hunter, "/api/auth/user");
        expect(me.status).toBe(200);
      }

      const [victim] = childrenOf(app.pid);
      process.kill(victim!, "SIGKILL");
      await expect.poll(() => app.output(), { timeout: 60_000 }).toContain(`replaced ${victim}`);
      expect(childrenOf(app.pid).filter((pid) => pid !== victim)).toHaveLength(2);
      for (let i = 0; i < 10; i++) expect((await call(app, hunter, "/api/auth/user")).status).toBe(200);

      const workers = childrenOf(app.pid);
      await app.stop();
      expect(workers.filter(isRunning)).toEqual([]);
    } finally {
      await app.stop();
    }
  }, 180_000);
});
