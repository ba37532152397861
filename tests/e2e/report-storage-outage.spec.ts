import { expect, test } from "@playwright/test";
import { fillLabelCode } from "./admin-helpers";
import { startAppServer } from "../support/app-server";
import { ROTATED_GPS_JPEG } from "../support/photos";
import { BROWSER_UPLOAD_CORS, startS3Server, s3StorageEnv } from "../support/s3-server";
import { jsEnabled, uniqueName, waitForHydration } from "./helpers";

/**
 * The app on S3 storage (s3rver on loopback), so the store can be stopped
 * between the photo upload and the publication of the discovery.
 */
let s3: Awaited<ReturnType<typeof startS3Server>>;
let app: Awaited<ReturnType<typeof startAppServer>>;

test.beforeAll(async () => {
  s3 = await startS3Server({ configs: [BROWSER_UPLOAD_CORS] });
  app = await startAppServer({
    ...s3StorageEnv(s3),
  });
});

test.afterAll(async () => {
  await app?.stop();
  await s3?.close();
});

test("when photo storage stops mid-way the hunter gets a clear error, nothing is recorded, and a retry succeeds", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const serial = 4242;
  app.withDb((db) =>
    db
      .prepare("insert into jimmys (serial_number, name, status, minted_at) values (?, ?, 'hidden', ?)")
      .run(serial, `Jimmy #${serial}`, new Date().toISOString()),
  );
  const form = `${app.baseURL}/jimmy/${serial}/first-discovery`;
  await page.goto(`${app.baseURL}/login?redirectTo=${encodeURIComponent(`/jimmy/${serial}/first-discovery`)}`);
  await page.getByLabel("First name").fill(uniqueName("Outage"));
  await page.getByRole("button", { name: "Sign in locally" }).click();
  await expect(page).toHaveURL(form);
  await waitForHydration(page, testInfo);

  // The store goes down as the report reaches the server: with JavaScript the
  // photo is already in the store by then; without, it is on its way there.
  let outage = true;
  await page.route(`${form}*`, async (route) => {
    if (route.request().method() === "POST" && outage) {
      outage = false;
      await s3.stop();
    }
    await route.continue();
  });

  await page.getByLabel(/^Photo/).setInputFiles(ROTATED_GPS_JPEG);
  await page.getByLabel(/^Location/).fill("Austin, TX");
  await fillLabelCode(page, serial);
  await page.getByRole("button", { name: "Submit First Discovery" }).click();

  const alert = page.locator("form").getByRole("alert").filter({ hasText: "Failed to submit discovery" });
  await expect(alert).toContainText("our photo storage isn't answering. Nothing was recorded");
  if (jsEnabled(testInfo)) await expect(page.getByTestId("toast")).toContainText("Failed to submit discovery");
  await expect(page.getByLabel(/^Location/)).toHaveValue("Austin, TX");
  expect(app.withDb((db) => db.prepare("select count(*) n from discoveries").get())).toEqual({ n: 0 });

  await s3.restart();
  if (jsEnabled(testInfo)) {
    // The uploaded photo survived in the store: the retry only submits again.
    await expect(page.getByText("Your photo is already uploaded")).toBeVisible();
  } else {
    await page.getByLabel(/^Photo/).setInputFiles(ROTATED_GPS_JPEG);
  }
  await fillLabelCode(page, serial);
  await page.getByRole("button", { name: "Submit First Discovery" }).click();
  // The first request to the restarted store may go out on a connection the
  // old one left open and wait out the client's 10-second request timeout
  // before its second attempt (app/infra/storage/s3.server.ts): the
  // hunter sees "Saving your discovery…" meanwhile.
  await expect(page).toHaveURL(`${app.baseURL}/jimmy/${serial}`, { timeout: 25_000 });
  await expect(page.getByTestId("toast")).toContainText("Discovery submitted!");
  await expect(page.getByTestId("timeline-entry")).toHaveCount(1);
  expect(app.withDb((db) => db.prepare("select count(*) n from discoveries").get())).toEqual({ n: 1 });
  expect(app.withDb((db) => db.prepare("select count(*) n from temp_uploads").get())).toEqual({ n: 0 });
});
