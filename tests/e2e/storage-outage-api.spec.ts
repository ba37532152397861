import fs from "node:fs";
import Database from "better-sqlite3";
import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { hashPassword } from "../../app/services/password.server";
import { startAppServer } from "../support/app-server";
import { E2E_ADMIN_PASSWORD } from "../support/e2e-data";
import { ROTATED_GPS_JPEG } from "../support/photos";
import { startS3Server, s3StorageEnv } from "../support/s3-server";
import { checkCode } from "./admin-helpers";
import { uniqueName } from "./helpers";

/**
 * The JSON API (and the admin panel's delete form) on S3 storage (s3rver on
 * loopback) while the store is stopped: each step a hunter or an admin takes
 * answers a clear 503 or message, writes nothing, and succeeds when retried
 * after the store is back.
 */
let s3: Awaited<ReturnType<typeof startS3Server>>;
let app: Awaited<ReturnType<typeof startAppServer>>;
let api: APIRequestContext;

test.beforeAll(async () => {
  s3 = await startS3Server();
  app = await startAppServer({
    ...s3StorageEnv(s3),
    ADMIN_PASSWORD_HASH: await hashPassword(E2E_ADMIN_PASSWORD),
  });
  api = await playwrightRequest.newContext({ baseURL: app.baseURL, extraHTTPHeaders: { Origin: app.baseURL } });
  const signIn = await api.post("/login", { form: { firstName: uniqueName("Outage"), lastName: "Api" }, maxRedirects: 0 });
  expect(signIn.status()).toBe(302);
});

test.afterAll(async () => {
  await api?.dispose();
  await app?.stop();
  await s3?.close();
});

function count(table: "discoveries" | "temp_uploads"): number {
  const db = new Database(app.databasePath, { readonly: true });
  try {
    return (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

const photoUpload = () => ({
  multipart: { photo: { name: "find.jpg", mimeType: "image/jpeg", buffer: fs.readFileSync(ROTATED_GPS_JPEG) } },
});

async function upload(): Promise<string> {
  const response = await api.post("/api/upload", photoUpload());
  expect(response.status()).toBe(200);
  return ((await response.json()) as { tempPath: string }).tempPath;
}

function discoveryExists(id: number): boolean {
  const db = new Database(app.databasePath, { readonly: true });
  try {
    return (db.prepare("select count(*) as n from discoveries where id = ?").get(id) as { n: number }).n === 1;
  } finally {
    db.close();
  }
}

function mintJimmy(serial: number): number {
  const db = new Database(app.databasePath);
  try {
    return (
      db
        .prepare("insert into jimmys (serial_number, name, status, minted_at) values (?, ?, 'hidden', ?) returning id")
        .get(serial, `Jimmy #${serial}`, new Date().toISOString()) as { id: number }
    ).id;
  } finally {
    db.close();
  }
}

test("a photo upload while storage is down answers 503 and leaves no upload row; a retry succeeds", async () => {
  const rowsBefore = count("temp_uploads");
  await s3.stop();
  try {
    const refused = await api.post("/api/upload", photoUpload());
    expect(refused.status()).toBe(503);
    expect((await refused.json()).message).toBe("Photo storage is not answering. Please try again in a minute.");
    expect(count("temp_uploads")).toBe(rowsBefore);
  } finally {
    await s3.restart();
  }
  await upload();
  expect(count("temp_uploads")).toBe(rowsBefore + 1);
});

test("publishing an uploaded photo while storage is down answers 503 and records nothing; the same upload then publishes", async () => {
  const serial = 6100 + test.info().project.name.length;
  const jimmyId = mintJimmy(serial);
  const tempPath = await upload();
  const discoveriesBefore = count("discoveries");
  await s3.stop();
  try {
    const refused = await api.post("/api/discoveries", {
      data: { jimmyId, tempPath, caption: "In the rain", latitude: null, longitude: null, checkCode: checkCode(serial) },
    });
    expect(refused.status()).toBe(503);
    expect((await refused.json()).message).toContain("our photo storage isn't answering. Nothing was recorded");
    expect(count("discoveries")).toBe(discoveriesBefore);
  } finally {
    await s3.restart();
  }
  const published = await api.post("/api/discoveries", {
    data: { jimmyId, tempPath, caption: "In the rain", latitude: null, longitude: null, checkCode: checkCode(serial) },
  });
  expect(published.status()).toBe(201);
  expect(count("discoveries")).toBe(discoveriesBefore + 1);
});

test("an admin deleting a discovery while storage is down gets 503 and the discovery stays whole; a retry deletes it and its photos", async () => {
  const serial = 6200 + test.info().project.name.length;
  const jimmyId = mintJimmy(serial);
  const tempPath = await upload();
  const published = await api.post("/api/discoveries", {
    data: { jimmyId, tempPath, caption: "To be removed", latitude: null, longitude: null, checkCode: checkCode(serial) },
  });
  const { id } = (await published.json()) as { id: number };
  const login = await api.post("/api/admin/login", { data: { password: E2E_ADMIN_PASSWORD } });
  expect(login.status()).toBe(200);

  await s3.stop();
  try {
    const refused = await api.delete(`/api/admin/discoveries/${id}`);
    expect(refused.status()).toBe(503);
    expect((await refused.json()).message).toBe("Photo storage isn't answering, so nothing was deleted. Please try again in a minute.");
    const db = new Database(app.databasePath, { readonly: true });
    try {
      expect(db.prepare("select count(*) as n from discoveries where id = ?").get(id)).toEqual({ n: 1 });
    } finally {
      db.close();
    }
  } finally {
    await s3.restart();
  }
  const photoKey = (() => {
    const db = new Database(app.databasePath, { readonly: true });
    try {
      return (db.prepare("select photo_key from discoveries where id = ?").get(id) as { photo_key: string }).photo_key;
    } finally {
      db.close();
    }
  })();
  const storedUnder = (key: string) =>
    fs.readdirSync(s3.directory, { recursive: true }).some((entry) => String(entry).includes(key.split("/").at(-1)!));
  expect(storedUnder(photoKey)).toBe(true);
  const deleted = await api.delete(`/api/admin/discoveries/${id}`);
  expect(deleted.status()).toBe(200);
  const db = new Database(app.databasePath, { readonly: true });
  try {
    expect(db.prepare("select count(*) as n from discoveries where id = ?").get(id)).toEqual({ n: 0 });
  } finally {
    db.close();
  }
  expect(storedUnder(photoKey)).toBe(false);
});

test("an admin deleting from the panel while storage is down is told nothing was deleted; deleting again afterwards works", async ({
  page,
}) => {
  const serial = 6300 + test.info().project.name.length;
  const jimmyId = mintJimmy(serial);
  const tempPath = await upload();
  const published = await api.post("/api/discoveries", {
    data: { jimmyId, tempPath, caption: "Panel delete", latitude: null, longitude: null, checkCode: checkCode(serial) },
  });
  const { id } = (await published.json()) as { id: number };
  await page.goto(`${app.baseURL}/admin`);
  await page.getByLabel("Admin password").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Admin Panel" })).toBeVisible();

  await page.goto(`${app.baseURL}/admin/discoveries/${id}/delete`);
  await s3.stop();
  try {
    await page.getByRole("button", { name: "Delete discovery" }).click();
    await expect(page.getByText("Photo storage isn't answering, so nothing was deleted. Please try again in a minute.")).toBeVisible();
    expect(discoveryExists(id)).toBe(true);
  } finally {
    await s3.restart();
  }
  await page.goto(`${app.baseURL}/admin/discoveries/${id}/delete`);
  await page.getByRole("button", { name: "Delete discovery" }).click();
  await expect(page.getByText(`The discovery of Jimmy #${6300 + test.info().project.name.length} was removed.`)).toBeVisible();
  expect(discoveryExists(id)).toBe(false);
});
