import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { E2E_ADMIN_PASSWORD, E2E_DATA_DIR, labelCheckCode } from "../support/e2e-data";
import { queryOne, recountHuntFigures, writeDb } from "./db";
import { waitForHydration } from "./helpers";

/**
 * Makes the browser context's requests come from an address of their own (the
 * test server trusts X-Forwarded-For from 127.0.0.1, as it would from a
 * proxy), so each test's rate limits and audit entries are its own.
 */
export async function actFromOwnAddress(page: Page): Promise<string> {
  const address = `198.18.${crypto.randomInt(0, 256)}.${crypto.randomInt(1, 255)}`;
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": address });
  return address;
}

export async function signInAsAdmin(page: Page): Promise<string> {
  const address = await actFromOwnAddress(page);
  await page.goto("/admin");
  // With JavaScript on, sign in through the enhanced form, not a click that
  // lands while the page is still hydrating.
  await waitForHydration(page, test.info());
  await page.getByLabel("Admin password").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  // The password hash is deliberately slow (scrypt), more so on a busy machine.
  await expect(page.getByRole("heading", { name: "Admin Panel" })).toBeVisible({ timeout: 15_000 });
  return address;
}

export const PHOTOS_DIR = path.join(E2E_DATA_DIR, "photos");

export function photoFiles(key: string, variants: number[]): string[] {
  return variants.map((w) => path.join(PHOTOS_DIR, key, `${w}.webp`));
}

/** A serial no other test (or the demo data) uses. */
export function freshSerial(): number {
  return 100_000 + crypto.randomInt(0, 899_999_999);
}

export function mint(serial: number) {
  const db = writeDb();
  try {
    db.prepare("insert into jimmys (serial_number, name, status, minted_at) values (?, ?, 'hidden', ?)").run(
      serial,
      `Jimmy #${serial}`,
      new Date().toISOString(),
    );
    return (db.prepare("select id from jimmys where serial_number = ?").get(serial) as { id: number }).id;
  } finally {
    db.close();
  }
}

/**
 * A discovery as the hunt would have recorded it: a hunter, a freshly minted
 * Jimmy whose figures count it, and its photo stored on disk.
 */
export async function makeStoredDiscovery(caption = `Spotted ${crypto.randomUUID().slice(0, 8)}`) {
  const serial = freshSerial();
  const jimmyId = mint(serial);
  const key = `discoveries/e2e/${crypto.randomBytes(8).toString("hex")}`;
  const variants = [320];
  const image = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#c2410c" } })
    .webp()
    .toBuffer();
  for (const file of photoFiles(key, variants)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, image);
  }
  const now = new Date().toISOString();
  const db = writeDb();
  try {
    const subject = crypto.randomUUID();
    db.prepare(
      "insert into users (provider, provider_subject, first_name, last_name, created_at, updated_at) values ('e2e', ?, 'Hazel', ?, ?, ?)",
    ).run(subject, `Finder${serial}`, now, now);
    const userId = (db.prepare("select id from users where provider_subject = ?").get(subject) as { id: number }).id;
    const id = Number(
      db
        .prepare(
          `insert into discoveries (jimmy_id, user_id, photo_key, photo_width, photo_height, photo_variants, caption, location, is_first, created_at)
           values (?, ?, ?, 320, 240, '320', ?, 'Zilker Park, Austin', 1, ?)`,
        )
        .run(jimmyId, userId, key, caption, now).lastInsertRowid,
    );
    db.prepare(
      "update jimmys set discovery_count = 1, status = 'discovered', first_discovery_at = ?, last_discovery_at = ?, location = 'Zilker Park, Austin' where id = ?",
    ).run(now, now, jimmyId);
    recountHuntFigures(db);
    return { id, serial, jimmyId, key, variants, caption, hunterName: `Hazel Finder${serial}` };
  } finally {
    db.close();
  }
}

export function addComment(jimmyId: number, content: string) {
  const db = writeDb();
  try {
    const id = Number(
      db
        .prepare("insert into comments (jimmy_id, author_name, is_admin, content, created_at) values (?, 'Passer-by', 0, ?, ?)")
        .run(jimmyId, content, new Date().toISOString()).lastInsertRowid,
    );
    db.prepare("update jimmys set comment_count = comment_count + 1 where id = ?").run(jimmyId);
    return id;
  } finally {
    db.close();
  }
}

/** The check code printed on a serial's label (computed independently of the app). */
export const checkCode = labelCheckCode;

/** The check code of the Jimmy with this id in the shared test database (API reports name a Jimmy by id). */
export function checkCodeOfJimmy(jimmyId: number): string {
  return checkCode(queryOne<{ serial_number: number }>("select serial_number from jimmys where id = ?", jimmyId).serial_number);
}

/** Types the code from Jimmy `serial`'s label into the report form (reaching the form other than by a scan asks for it). */
export async function fillLabelCode(page: Page, serial: number): Promise<void> {
  await page.getByLabel(/^Code on the label/).fill(checkCode(serial));
}
