import fs from "node:fs";
import { afterAll, expect, test } from "vitest";
import { BUSY_TIMEOUT_MS } from "~/infra/db.server";
import {
  freshDataDir,
  Hunter,
  log,
  labelCheckCode,
  mintJimmys,
  openDb,
  samplePhoto,
  sleep,
  startApp,
  summarize,
  type AppProcess,
} from "./support";

const HOLD_MS = 6000;
const dataDir = freshDataDir("busy");
let app: AppProcess | undefined;

afterAll(async () => {
  await app?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test(`another connection holds the write lock for ${HOLD_MS / 1000} s: writes wait the busy timeout then answer 503 with Retry-After, forms keep what was typed, reads keep answering, a retry succeeds`, async () => {
  app = await startApp(dataDir);
  const [jimmyId] = mintJimmys(dataDir, 7000, 1);
  const hunter = new Hunter(app.baseURL, "Locked");
  await hunter.signIn();
  const photo = await samplePhoto();
  const upload = await hunter.upload(photo);
  const { tempPath } = (await upload.json()) as { tempPath: string };

  const reads: { status: number; ms: number }[] = [];
  /** Runs `write` while another connection holds the write lock for HOLD_MS, reading all along. */
  async function whileLocked<T>(write: () => Promise<T>): Promise<{ result: T; waited: number }> {
    const blocker = openDb(dataDir);
    blocker.exec("begin immediate");
    const heldAt = Date.now();
    const released = sleep(HOLD_MS).then(() => {
      blocker.exec("commit");
      blocker.close();
    });
    const reader = (async () => {
      while (Date.now() - heldAt < HOLD_MS - 300) {
        const started = Date.now();
        const status = await fetch(`${app!.baseURL}/api/discoveries?limit=5`).then(
          async (response) => (await response.arrayBuffer(), response.status),
          () => 0,
        );
        reads.push({ status, ms: Date.now() - started });
        await sleep(100);
      }
    })();
    await sleep(200);
    const started = Date.now();
    const result = await write();
    const waited = Date.now() - started;
    await Promise.all([reader, released]);
    return { result, waited };
  }

  const api = await whileLocked(async () => {
    const response = await hunter.report(jimmyId!, tempPath, "Found while the database was locked");
    return {
      status: response.status,
      retryAfter: response.headers.get("retry-after"),
      body: (await response.json()) as { message: string },
    };
  });

  const form = new FormData();
  form.append("photo", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "find.jpg");
  form.append("caption", "Under the bridge");
  form.append("location", "Austin, TX");
  form.append("checkCode", labelCheckCode(7000));
  const page = await whileLocked(async () => {
    const response = await hunter.request("/jimmy/7000/new-discovery", { method: "POST", body: form });
    return { status: response.status, html: await response.text() };
  });

  const retry = await hunter.report(jimmyId!, tempPath, "Found while the database was locked");
  const retryBody = (await retry.json()) as { id?: number };
  const readFigures = summarize(reads.map((r) => r.ms));
  log(
    `busy database: lock held ${HOLD_MS} ms twice; API write answered ${api.result.status} after ${api.waited} ms (Retry-After ${api.result.retryAfter}, "${api.result.body.message}"); ` +
      `form write answered ${page.result.status} after ${page.waited} ms; ${reads.length} reads during the holds: statuses ${[...new Set(reads.map((r) => r.status))].join(",")}, ` +
      `p50 ${readFigures.p50} ms, max ${readFigures.max} ms; retry after release answered ${retry.status}`,
  );

  expect(api.result.status).toBe(503);
  expect(api.result.retryAfter).toMatch(/^\d+$/);
  expect(api.result.body.message).toMatch(/please try again/i);
  expect(api.waited).toBeGreaterThanOrEqual(BUSY_TIMEOUT_MS - 100);
  expect(page.result.status).toBe(503);
  expect(page.result.html).toContain("please try again in a few seconds");
  expect(page.result.html).toContain('value="Austin, TX"');
  expect(page.result.html).toContain("Under the bridge");
  expect(page.waited).toBeGreaterThanOrEqual(BUSY_TIMEOUT_MS - 100);
  expect(reads.length).toBeGreaterThan(0);
  expect(reads.every((r) => r.status === 200)).toBe(true);
  // Reads do not queue behind the waiting write: none took anywhere near its wait.
  expect(readFigures.max).toBeLessThan(BUSY_TIMEOUT_MS / 2);
  expect(retry.status).toBe(201);
  expect(typeof retryBody.id).toBe("number");
  const db = openDb(dataDir);
  try {
    expect(db.prepare("select count(*) as n from discoveries").get()).toEqual({ n: 1 });
  } finally {
    db.close();
  }
});
