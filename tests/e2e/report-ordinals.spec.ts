import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { startAppServer } from "../support/app-server";
import { uniqueName } from "./helpers";

/**
 * Counting to 111 discoveries would make this Jimmy the longest journey of the
 * shared test hunt and change what other tests see, so it runs on an app of
 * its own.
 */
let app: Awaited<ReturnType<typeof startAppServer>>;

test.beforeAll(async () => {
  app = await startAppServer({});
});

test.afterAll(async () => {
  await app?.stop();
});

test("the new-discovery heading counts the hunter's discovery with the right ordinal", async ({ page }) => {
  const serial = 77;
  const db = new Database(app.databasePath);
  db.pragma("busy_timeout = 5000");
  try {
    const now = new Date().toISOString();
    const { lastInsertRowid: jimmyId } = db
      .prepare("insert into jimmys (serial_number, name, status, minted_at) values (?, ?, 'hidden', ?)")
      .run(serial, `Jimmy #${serial}`, now);
    const { lastInsertRowid: userId } = db
      .prepare(
        "insert into users (provider, provider_subject, first_name, last_name, created_at, updated_at) values ('test', 'earlier', 'Earlier', 'Hunter', ?, ?)",
      )
      .run(now, now);
    const insert = db.prepare(
      `insert into discoveries (jimmy_id, user_id, photo_key, photo_width, photo_height, photo_variants, caption, location, is_first, created_at)
       values (?, ?, 'discoveries/e2e/placeholder', 320, 240, '320', 'Seen before', 'Austin, TX', ?, ?)`,
    );
    const setCount = db.prepare("update jimmys set discovery_count = ?, status = 'discovered' where id = ?");

    await page.goto(`${app.baseURL}/login?redirectTo=${encodeURIComponent(`/jimmy/${serial}/new-discovery`)}`);
    await page.getByLabel("First name").fill(uniqueName("Counter"));
    await page.getByRole("button", { name: "Sign in locally" }).click();
    await expect(page).toHaveURL(`${app.baseURL}/jimmy/${serial}/new-discovery`);

    const expected: [number, string][] = [
      [1, "1st"],
      [2, "2nd"],
      [3, "3rd"],
      [4, "4th"],
      [11, "11th"],
      [12, "12th"],
      [13, "13th"],
      [21, "21st"],
      [22, "22nd"],
      [23, "23rd"],
      [101, "101st"],
      [111, "111th"],
    ];
    let existing = 0;
    for (const [n, nth] of expected) {
      // Other hunters' discoveries so far: this hunter's will be the n-th.
      for (; existing < n - 1; existing++)
        insert.run(jimmyId, userId, existing === 0 ? 1 : 0, new Date(Date.now() - 86_400_000 + existing).toISOString());
      setCount.run(existing, jimmyId);
      await page.goto(`${app.baseURL}/jimmy/${serial}/new-discovery`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`You found Jimmy #${serial}, his ${nth} discovery.`);
    }
  } finally {
    db.close();
  }
});
