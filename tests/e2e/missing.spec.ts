/**
 * "It wasn't there" (issue 23, item 5): hunters say a Jimmy is gone from its
 * last place; two of them make it possibly missing on its page, its map card
 * and in the API; a find clears it; the admin can confirm or clear. Runs with
 * JavaScript on and off: every step is a plain link or form.
 */
import { expect, test, type Page } from "@playwright/test";
import { ROTATED_GPS_JPEG } from "../support/photos";
import { fillLabelCode, signInAsAdmin } from "./admin-helpers";
import { query, queryOne, writeDb } from "./db";
import { REPORT_SAVED_MS, signIn, uniqueName, waitForHydration } from "./helpers";
import { foundJimmy } from "./social";

test.use({ viewport: { width: 390, height: 844 } });

const toast = (page: Page) => page.getByTestId("toast");

/** A Jimmy found once, last seen in Austin with a measured position (so the map shows it). */
function placedJimmy(): number {
  const serial = foundJimmy();
  const db = writeDb();
  try {
    const latitude = 30.26 + Math.random() * 0.02;
    const longitude = -97.75 + Math.random() * 0.02;
    db.prepare(
      "update discoveries set latitude = ?, longitude = ?, city = 'Austin', region = 'TX', country = 'US' where jimmy_id = (select id from jimmys where serial_number = ?)",
    ).run(latitude, longitude, serial);
    db.prepare(
      "update jimmys set latitude = ?, longitude = ?, location = 'Austin, TX', located_at = last_discovery_at where serial_number = ?",
    ).run(latitude, longitude, serial);
  } finally {
    db.close();
  }
  return serial;
}
const statusOf = (serial: number) => queryOne<{ status: string }>("select status from jimmys where serial_number = ?", serial).status;

async function reportGone(page: Page, serial: number, hunter: string, note: string) {
  await signIn(page, hunter, "Looker", `/jimmy/${serial}`);
  await page.getByRole("link", { name: /wasn't there/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Jimmy #${serial} wasn't there?` })).toBeVisible();
  await expect(page.getByText("It was last seen at Austin, TX")).toBeVisible();
  await waitForHydration(page, test.info());
  await page.getByLabel(/What did you find there/).fill(note);
  await page.getByRole("button", { name: "It wasn't there" }).click();
  await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}#missing$`));
}

test("two hunters who found it gone make a Jimmy possibly missing, shown on its page, its map card and the API; a find clears it", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const serial = placedJimmy();
  await page.goto(`/jimmy/${serial}`);
  await expect(page.getByTestId("possibly-missing")).toHaveCount(0);

  await reportGone(page, serial, uniqueName("First"), "The ledge by the fountain is empty");
  await expect(toast(page)).toContainText("Thanks for looking");
  await expect(page.getByTestId("missing-panel")).toContainText("1 hunter went to its last place and it wasn't there.");
  await expect(page.getByTestId("possibly-missing")).toHaveCount(0);
  expect(statusOf(serial)).toBe("discovered");

  // The same hunter again: one report, and the form says so.
  await page.goto(`/jimmy/${serial}/missing`);
  await expect(page.getByTestId("missing-state")).toContainText("You are one of them.");
  await expect(page.getByRole("button", { name: "You reported it" })).toBeDisabled();

  await page.context().clearCookies();
  await reportGone(page, serial, uniqueName("Second"), "");
  await expect(toast(page)).toContainText(`Jimmy #${serial} is now possibly missing`);
  await expect(page.getByTestId("possibly-missing")).toHaveText("Possibly missing");
  await expect(page.getByTestId("missing-panel")).toContainText("2 hunters went to its last place and it wasn't there.");
  await page.screenshot({ path: test.info().outputPath("possibly-missing.png"), fullPage: true });
  expect(statusOf(serial)).toBe("missing");
  expect(query("select note from missing_reports m join jimmys j on j.id = m.jimmy_id where j.serial_number = ?", serial)).toEqual(
    expect.arrayContaining([{ note: "The ledge by the fountain is empty" }, { note: null }]),
  );

  const api = await page.request.get(`/api/jimmys/serial/${serial}`);
  expect((await api.json()).jimmy.status).toBe("missing");
  // The map's areas are made once a second: the card may take that long to change.
  await expect(async () => {
    await page.goto(`/map?jimmy=${serial}`);
    await expect(page.getByTestId("selected-jimmy-status")).toHaveText("Possibly missing", { timeout: 1000 });
  }).toPass();

  // Found again: the status and the reports go.
  await page.goto(`/jimmy/${serial}/new-discovery`);
  await waitForHydration(page, test.info());
  await page.getByLabel(/^Photo/).setInputFiles(ROTATED_GPS_JPEG);
  await page.getByLabel(/^Location/).fill("Zilker Park, Austin, TX");
  await fillLabelCode(page, serial);
  await page.getByRole("button", { name: "Share Discovery" }).click();
  await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}$`), { timeout: REPORT_SAVED_MS });
  await expect(page.getByTestId("possibly-missing")).toHaveCount(0);
  await expect(page.getByTestId("missing-panel")).not.toContainText("hunters went");
  expect(statusOf(serial)).toBe("discovered");
  expect(query("select 1 from missing_reports m join jimmys j on j.id = m.jimmy_id where j.serial_number = ?", serial)).toEqual([]);
});

test("a signed-out visitor is sent to sign in first; an overlong note is refused and kept", async ({ page }) => {
  const serial = placedJimmy();
  await page.goto(`/jimmy/${serial}/missing`);
  await expect(page).toHaveURL(/\/login\?/);

  await signIn(page, uniqueName("Wordy"), "Looker", `/jimmy/${serial}/missing`);
  await waitForHydration(page, test.info());
  const note = "x".repeat(501);
  // The field stops at 500 characters; the server's own check is for whatever gets past it.
  await expect(page.getByLabel(/What did you find there/)).toHaveAttribute("maxlength", "500");
  await page.getByLabel(/What did you find there/).evaluate((field) => field.removeAttribute("maxlength"));
  await page.getByLabel(/What did you find there/).fill(note);
  await page.getByRole("button", { name: "It wasn't there" }).click();
  await expect(page.getByText("Keep the note under 500 characters.")).toBeVisible();
  await expect(page.getByLabel(/What did you find there/)).toHaveValue(note);
  expect(query("select 1 from missing_reports m join jimmys j on j.id = m.jimmy_id where j.serial_number = ?", serial)).toEqual([]);
});

test("the admin sees the reports with their notes, marks a Jimmy possibly missing, and clears it", async ({ page }) => {
  test.setTimeout(90_000);
  const serial = placedJimmy();
  await reportGone(page, serial, uniqueName("Only"), "Hedge cut back, no Jimmy");
  await page.context().clearCookies();

  await signInAsAdmin(page);
  const entry = page.getByTestId("missing-entry").filter({ hasText: `Jimmy #${serial}` });
  await expect(entry).toContainText("1 report");
  await expect(entry).toContainText("Hedge cut back, no Jimmy");
  await entry.getByRole("button", { name: `Mark Jimmy #${serial} possibly missing` }).click();
  await expect(toast(page)).toContainText("Marked possibly missing");
  await expect(entry).toContainText("Possibly missing");
  expect(statusOf(serial)).toBe("missing");

  await entry.getByRole("button", { name: `Clear the missing reports on Jimmy #${serial}` }).click();
  await expect(toast(page)).toContainText("Cleared");
  await expect(page.getByTestId("missing-entry").filter({ hasText: `Jimmy #${serial}` })).toHaveCount(0);
  expect(statusOf(serial)).toBe("discovered");
  await expect(page.getByTestId("audit-entry").first()).toContainText(`Cleared missing reports on Jimmy ${serial}`);
});

test("a Jimmy marked possibly missing says so at the top of its page, not 'On the move'", async ({ page }) => {
  const serial = placedJimmy();
  const db = writeDb();
  try {
    db.prepare("update jimmys set status = 'missing' where serial_number = ?").run(serial);
  } finally {
    db.close();
  }
  await page.goto(`/jimmy/${serial}`);
  await expect(page.getByTestId("jimmy-status")).toHaveText("Possibly missing");
  await expect(page.getByText("On the move", { exact: true })).toHaveCount(0);
});
