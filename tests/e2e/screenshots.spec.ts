/**
 * What the main pages look like (issue 26, item 2): each page, at a phone's
 * and a desktop's size, with JavaScript on and off, compared with the
 * screenshot kept in tests/e2e/__screenshots__, so a layout that moves fails
 * the suite. The pages come from a server of their own with the demo hunt
 * seeded at a fixed moment and its clock started there, so every date, age
 * and figure is the same in every run. The comparison forgives anti-aliased
 * pixels (text edges), not moved or missing ones.
 *
 * A deliberate change of look: `npx playwright test screenshots --update-snapshots`,
 * then look at each changed image before committing it.
 */
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { hashPassword } from "../../app/services/password.server";
import { startAppServer } from "../support/app-server";
import { E2E_ADMIN_PASSWORD, labelCheckCode } from "../support/e2e-data";
import { startSmtpServer } from "../support/smtp-server";
import { jsEnabled, waitForHydration } from "./helpers";

/** The moment the demo hunt is seeded at and the server's clock starts from. */
const HUNT_MOMENT = "2026-11-20T18:00:00.000Z";

const SIZES = [
  { name: "phone", viewport: { width: 412, height: 823 } },
  { name: "desktop", viewport: { width: 1280, height: 800 } },
] as const;

let app: Awaited<ReturnType<typeof startAppServer>>;
let mail: Awaited<ReturnType<typeof startSmtpServer>>;
let jimmy: { found: number; unfound: number };

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  // The demo seed draws about 250 photos: half a minute on a quiet two-CPU machine, well over a minute on a busy one.
  test.setTimeout(360_000);
  // A mail server, so the pages offer sign-in by an emailed code as a configured hunt does (nothing is sent).
  mail = await startSmtpServer();
  app = await startAppServer(
    {
      ADMIN_PASSWORD_HASH: await hashPassword(E2E_ADMIN_PASSWORD),
      PAGE_CACHE_TTL_MS: "0",
      LOG_REQUESTS: "false",
      SMTP_URL: mail.url,
      MAIL_FROM: "Jimmy Hunt <hunt@example.com>",
    },
    { seedDemo: true, clockStart: HUNT_MOMENT },
  );
  jimmy = app.withDb((db) => ({
    // A Jimmy with a short journey, so its page shows every part without being very long.
    found: (
      db
        .prepare(
          "select j.serial_number from jimmys j join discoveries d on d.jimmy_id = j.id group by j.id having count(*) = 3 order by j.serial_number limit 1",
        )
        .get() as { serial_number: number }
    ).serial_number,
    unfound: (
      db.prepare("select serial_number from jimmys where status = 'hidden' order by serial_number limit 1").get() as {
        serial_number: number;
      }
    ).serial_number,
  }));
});

test.afterAll(async () => {
  await app?.stop();
  await mail?.close();
});

/**
 * Waits until the page is whole: hydrated, every image loaded (lazy ones too,
 * since the screenshot covers the whole page) and the fonts ready.
 */
async function settle(page: Page) {
  await waitForHydration(page, test.info());
  await page.evaluate(async () => {
    const images = [...document.images];
    for (const image of images) image.loading = "eager";
    await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
    await document.fonts.ready;
  });
}

/** Hides what the outside world draws into a page (an embedded map) while a screenshot is taken. */
const WITHOUT_OUTSIDE_CONTENT = path.resolve("tests/e2e/screenshots.css");

async function expectPage(page: Page, name: string) {
  await settle(page);
  // An error page's reference is a new request id on every load: its box is compared, not its text.
  await expect(page).toHaveScreenshot(`${name}.png`, {
    fullPage: true,
    stylePath: WITHOUT_OUTSIDE_CONTENT,
    mask: [page.locator("#request-id")],
  });
}

/** Signs the page's context in as a hunter through the demo sign-in, then leaves the welcome toast behind. */
async function signInHunter(page: Page) {
  await page.goto(`${app.baseURL}/login`);
  await waitForHydration(page, test.info());
  await page.getByLabel("First name").fill("Robin");
  await page.getByLabel("Last name").fill("Lens");
  await page.getByRole("button", { name: "Sign in locally" }).click();
  await expect(page.getByTestId("header-avatar")).toBeVisible();
}

async function signInAdmin(page: Page) {
  await page.goto(`${app.baseURL}/admin`);
  await waitForHydration(page, test.info());
  await page.getByLabel("Admin password").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Admin Panel" })).toBeVisible({ timeout: 15_000 });
}

for (const size of SIZES) {
  test.describe(`on a ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test.beforeEach(async ({ page, context }) => {
      // The browser's own clock agrees with the server's, and with JavaScript the
      // reader's time zone is known from the first page (as after any first visit).
      await page.clock.setFixedTime(HUNT_MOMENT);
      if (jsEnabled(test.info())) {
        await context.addCookies([{ name: "tz", value: "America/Chicago", url: app.baseURL }]);
      }
    });

    test("the pages a visitor browses look as they did", async ({ page }) => {
      test.setTimeout(120_000);
      const pages: [string, string][] = [
        ["home", "/"],
        ["all-discoveries", "/discoveries"],
        ["jimmy", `/jimmy/${jimmy.found}`],
        ["map", "/map"],
        ["hall-of-fame", "/hall-of-fame"],
        ["login", "/login"],
        ["privacy-policy", "/privacy-policy"],
        ["not-found", "/no-such-page"],
        ["found-invalid-check", "/found?error=invalid_check"],
        ["found-unknown-error", "/found?error=something_else"],
      ];
      for (const [name, path] of pages) {
        await page.goto(`${app.baseURL}${path}`);
        await expectPage(page, `${name}-${size.name}`);
      }
    });

    test("the pages in Arabic, right to left, look as they did", async ({ page, context }) => {
      test.setTimeout(120_000);
      await context.addCookies([{ name: "lang", value: "ar", url: app.baseURL }]);
      const pages: [string, string][] = [
        ["ar-home", "/"],
        ["ar-jimmy", `/jimmy/${jimmy.found}`],
        ["ar-scan-first-finder", `/q/${jimmy.unfound}-${labelCheckCode(jimmy.unfound)}`],
        ["ar-hall-of-fame", "/hall-of-fame"],
      ];
      for (const [name, address] of pages) {
        await page.goto(`${app.baseURL}${address}`);
        await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
        await expectPage(page, `${name}-${size.name}`);
      }
    });

    test("the page a signed-out finder's scan opens looks as it did", async ({ page }) => {
      test.setTimeout(120_000);
      await page.goto(`${app.baseURL}/q/${jimmy.found}-${labelCheckCode(jimmy.found)}`);
      await expectPage(page, `scan-found-${size.name}`);
      await page.goto(`${app.baseURL}/q/${jimmy.unfound}-${labelCheckCode(jimmy.unfound)}`);
      await expectPage(page, `scan-first-finder-${size.name}`);
    });

    test("the report forms and the dialog look as they did", async ({ page }) => {
      test.setTimeout(120_000);
      await signInHunter(page);
      await page.goto(`${app.baseURL}/jimmy/${jimmy.found}/new-discovery`);
      await expectPage(page, `report-form-${size.name}`);
      await page.goto(`${app.baseURL}/jimmy/${jimmy.unfound}/first-discovery`);
      await expectPage(page, `first-discovery-form-${size.name}`);
      if (jsEnabled(test.info())) {
        // The dialog exists only with JavaScript; without it the button is a link to the report form above.
        await page.goto(`${app.baseURL}/jimmy/${jimmy.found}`);
        await settle(page);
        await page.getByRole("button", { name: "Add Your Discovery" }).click();
        const dialog = page.getByRole("dialog", { name: "Record Your Discovery" });
        await expect(dialog.getByRole("button", { name: "Record Discovery" })).toBeVisible();
        await expect(page).toHaveScreenshot(`report-dialog-${size.name}.png`, { stylePath: WITHOUT_OUTSIDE_CONTENT });
      }
    });

    test("the admin panel looks as it did", async ({ page }) => {
      test.setTimeout(120_000);
      await signInAdmin(page);
      await page.goto(`${app.baseURL}/admin`);
      await expectPage(page, `admin-${size.name}`);
    });
  });
}
