import crypto from "node:crypto";
import { createCookie } from "@remix-run/node";
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { HONEYPOT_FIELD } from "../../app/lib/comments";
import { issueFormToken, MIN_FILL_MS } from "../../app/services/comment-guard.server";
import { E2E_SESSION_SECRET } from "../support/e2e-data";
import { queryOne, recountHuntFigures, storedPhoto, writeDb } from "./db";
import { jsEnabled, waitForHydration } from "./helpers";

/**
 * Gives the browser context an address of its own. The test server trusts
 * 127.0.0.1 as a proxy (TRUSTED_PROXY) and the tests play that proxy, so each
 * test's comments count against its own per-address rate limit.
 */
export async function useOwnAddress(context: BrowserContext): Promise<string> {
  const address = `2001:db8::${crypto.randomBytes(2).toString("hex")}:${crypto.randomBytes(2).toString("hex")}`;
  await context.setExtraHTTPHeaders({ "X-Forwarded-For": address });
  return address;
}

/**
 * Posts the Jimmy page's comment form as a visitor without JavaScript would,
 * half a minute after the form was rendered (the JSON API takes comments from
 * signed-in hunters only). Answers the redirect to the new comment, or the refusal.
 */
export function postFormComment(request: APIRequestContext, serial: number, fields: { content: string; authorName?: string }) {
  return request.post(`/jimmy/${serial}`, {
    form: {
      authorName: "",
      ...fields,
      [HONEYPOT_FIELD]: "",
      formToken: issueFormToken(new Date(Date.now() - 30_000), [E2E_SESSION_SECRET]),
    },
    maxRedirects: 0,
  });
}

/**
 * A comment-form token as the server would sign it for a form rendered "just
 * now", however long the post then takes to reach a busy server: its render
 * time is a minute ahead, so the server always finds less than MIN_FILL_MS passed.
 */
export function renderedJustNow(): string {
  return issueFormToken(new Date(Date.now() + 60_000), [E2E_SESSION_SECRET]);
}

/**
 * Waits out the form's minimum fill time, counted from the render time signed
 * into the token the page shows now (read again on every look: a page that
 * reloads its data gets a newer one). A form rendered long ago needs no wait.
 */
export async function waitFillTime(page: Page) {
  const tokens = page.locator('input[name="formToken"]');
  await expect(tokens.first(), "the page shows a form with its render time").toBeAttached();
  await expect
    .poll(
      async () => {
        // A box that is still fetching its token (a shared page's) has none yet: not ready.
        const values = await tokens.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value).filter(Boolean));
        return values.length === 0 ? -1 : Date.now() - Math.max(...values.map((value) => Number(value.split(".")[0])));
      },
      { message: "the form's render time is far enough back", intervals: [100], timeout: MIN_FILL_MS + 10_000 },
    )
    .toBeGreaterThanOrEqual(MIN_FILL_MS + 50);
}

/**
 * Signs the context in as an admin the way the admin sign-in does: a session
 * row of kind "admin" keyed by the token's SHA-256, and the token in the
 * signed `jh_admin` cookie (signed by Remix's own cookie code with the test
 * server's secret).
 */
export async function startAdminSession(context: BrowserContext, baseURL: string) {
  const token = crypto.randomBytes(32).toString("base64url");
  const now = new Date();
  const db = writeDb();
  try {
    db.prepare("insert into sessions (id, kind, user_id, data, created_at, expires_at) values (?, 'admin', null, '{}', ?, ?)").run(
      crypto.createHash("sha256").update(token).digest("hex"),
      now.toISOString(),
      new Date(now.getTime() + 60 * 60 * 1000).toISOString(),
    );
  } finally {
    db.close();
  }
  const header = await createCookie("jh_admin", { secrets: [E2E_SESSION_SECRET], path: "/" }).serialize(token);
  const value = decodeURIComponent(header.slice("jh_admin=".length).split(";")[0]!);
  await context.addCookies([{ name: "jh_admin", value, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
}

/** A hunter the demo sign-in will recognise by name (provider "demo-sign-in", subject = the lower-cased full name). */
export function plantHunter(firstName: string, lastName = "Tester"): number {
  const now = new Date().toISOString();
  const db = writeDb();
  try {
    const result = db
      .prepare(
        "insert into users (provider, provider_subject, first_name, last_name, created_at, updated_at) values ('demo-sign-in', ?, ?, ?, ?, ?)",
      )
      .run(`${firstName} ${lastName}`.toLowerCase(), firstName, lastName, now, now);
    return Number(result.lastInsertRowid);
  } finally {
    db.close();
  }
}

export type PlantedDiscovery = { id: number; serialNumber: number; jimmyId: number };

/**
 * A new regular discovery by `userId`, reported now, of a Jimmy that has
 * been found before (reusing an existing photo), with the Jimmy's figures
 * kept in step and the finder watching it. It shows at the top of the home feed.
 */
export function plantDiscovery(userId: number, caption: string): PlantedDiscovery {
  const db = writeDb();
  try {
    // Immediate: a transaction that reads first and then writes cannot wait for
    // the server's writer (SQLite answers "database is locked" at once).
    return db
      .transaction(() => {
        const source = db
          .prepare(
            `select d.jimmy_id, j.serial_number, d.photo_key, d.photo_width, d.photo_height, d.photo_variants
           from discoveries d join jimmys j on j.id = d.jimmy_id
           where j.discovery_count between 1 and 3 order by random() limit 1`,
          )
          .get() as {
          jimmy_id: number;
          serial_number: number;
          photo_key: string;
          photo_width: number;
          photo_height: number;
          photo_variants: string;
        };
        const now = new Date().toISOString();
        const result = db
          .prepare(
            `insert into discoveries (jimmy_id, user_id, photo_key, photo_width, photo_height, photo_variants, caption, location, is_first, created_at)
           values (?, ?, ?, ?, ?, ?, ?, 'Test Town', 0, ?)`,
          )
          .run(source.jimmy_id, userId, source.photo_key, source.photo_width, source.photo_height, source.photo_variants, caption, now);
        db.prepare("update jimmys set discovery_count = discovery_count + 1, last_discovery_at = ? where id = ?").run(now, source.jimmy_id);
        // The finder watches what they found, as after a report.
        db.prepare(
          "insert into watches (user_id, jimmy_id, watching, created_at, updated_at) values (?, ?, 1, ?, ?) on conflict do nothing",
        ).run(userId, source.jimmy_id, now, now);
        recountHuntFigures(db);
        return { id: Number(result.lastInsertRowid), serialNumber: source.serial_number, jimmyId: source.jimmy_id };
      })
      .immediate();
  } finally {
    db.close();
  }
}

/** A Jimmy found once before by another hunter (the first in the table), with a serial no other test uses. */
export function foundJimmy(): number {
  const db = writeDb();
  try {
    for (;;) {
      const serial = 100_000 + Math.floor(Math.random() * 800_000_000);
      const now = new Date().toISOString();
      const minted = db
        .prepare("insert into jimmys (serial_number, name, status, minted_at) values (?, ?, 'hidden', ?) on conflict do nothing")
        .run(serial, `Jimmy #${serial}`, now);
      if (minted.changes !== 1) continue;
      const jimmy = db.prepare("select id from jimmys where serial_number = ?").get(serial) as { id: number };
      const hunter = db.prepare("select id from users order by id limit 1").get() as { id: number };
      const photo = storedPhoto(db);
      db.prepare(
        `insert into discoveries (jimmy_id, user_id, photo_key, photo_width, photo_height, photo_variants, caption, location, is_first, created_at)
         values (?, ?, ?, ?, ?, ?, 'Seen before', 'Austin, TX', 1, ?)`,
      ).run(jimmy.id, hunter.id, photo.photo_key, photo.photo_width, photo.photo_height, photo.photo_variants, now);
      db.prepare(
        "update jimmys set discovery_count = 1, status = 'discovered', first_discovery_at = ?, last_discovery_at = ? where id = ?",
      ).run(now, now, jimmy.id);
      recountHuntFigures(db);
      return serial;
    }
  } finally {
    db.close();
  }
}

/** A discovered Jimmy other specs do not single out (not the one with the longest journey). */
export function quietJimmy(): number {
  return queryOne<{ serial_number: number }>(
    `select serial_number from jimmys where discovery_count between 1 and 3
     and id <> (select id from jimmys order by discovery_count desc, serial_number limit 1)
     order by random() limit 1`,
  ).serial_number;
}

/** Opens the Add Comment box: a button with JavaScript, a link (to ?comment=new) without. */
export async function openCommentBox(page: Page) {
  await waitForHydration(page, test.info());
  const toggle = jsEnabled(test.info())
    ? page.getByRole("button", { name: "Add Comment" })
    : page.getByRole("link", { name: "Add Comment" });
  await toggle.click();
  await expect(page.getByRole("form", { name: "Add a comment" })).toBeVisible();
  // A signed-out visitor's page is shared: the box is ready once it has fetched a token of its own.
  await expect(page.locator('input[name="formToken"]')).toHaveAttribute("value", /^\d+\./);
}

/** The signed form token rendered into the open comment box. */
export async function formToken(page: Page): Promise<string> {
  return (await page.locator('input[name="formToken"]').getAttribute("value"))!;
}
