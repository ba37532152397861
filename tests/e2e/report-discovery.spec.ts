import { expect, test, type Locator, type Page } from "@playwright/test";
import { fillLabelCode } from "./admin-helpers";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { readExif } from "~/lib/exif";
import { displayPlace } from "~/lib/places";
import { E2E_DATA_DIR } from "../support/e2e-data";
import { badPhotos, oversizePhoto, ROTATED_GPS_JPEG } from "../support/photos";
import { query, queryOne, recountHuntFigures, storedPhoto, writeDb } from "./db";
import { expectAccessible, jsEnabled, REPORT_SAVED_MS, signIn, uniqueName, waitForHydration } from "./helpers";

type DiscoveryRow = {
  id: number;
  caption: string;
  location: string | null;
  latitude: number | null;
  longitude: number | null;
  is_first: number;
  photo_key: string;
  photo_variants: string;
  photo_width: number;
  photo_height: number;
  city: string | null;
  region: string | null;
  country: string | null;
  location_approximate: number;
};

/** How the pages name a stored discovery's place (app/lib/places.ts): its derived city, "near" one guessed from typed text. */
const placeOf = (row: DiscoveryRow) => displayPlace({ ...row, approximate: row.location_approximate === 1 });

const fixture = fs.readFileSync(ROTATED_GPS_JPEG);
const fixtureGps = readExif(fixture.buffer.slice(fixture.byteOffset, fixture.byteOffset + fixture.length));

/** A Jimmy nobody has found yet, with a serial no other test uses. */
function mintJimmy(): number {
  const db = writeDb();
  try {
    for (;;) {
      const serial = 100_000 + Math.floor(Math.random() * 800_000_000);
      const result = db
        .prepare("insert into jimmys (serial_number, name, status, minted_at) values (?, ?, 'hidden', ?) on conflict do nothing")
        .run(serial, `Jimmy #${serial}`, new Date().toISOString());
      if (result.changes === 1) return serial;
    }
  } finally {
    db.close();
  }
}

/** Gives a Jimmy `count` more discoveries by another hunter, the way other hunters' reports would. */
function addDiscoveries(serial: number, count: number) {
  const db = writeDb();
  try {
    const jimmy = db.prepare("select id, discovery_count from jimmys where serial_number = ?").get(serial) as {
      id: number;
      discovery_count: number;
    };
    const hunter = db.prepare("select id from users order by id limit 1").get() as { id: number };
    const photo = storedPhoto(db);
    const insert = db.prepare(
      `insert into discoveries (jimmy_id, user_id, photo_key, photo_width, photo_height, photo_variants, caption, location, is_first, created_at)
       values (?, ?, ?, ?, ?, ?, 'Seen before', 'Austin, TX', ?, ?)`,
    );
    const stored = [photo.photo_key, photo.photo_width, photo.photo_height, photo.photo_variants] as const;
    db.transaction(() => {
      for (let i = 0; i < count; i++) {
        insert.run(
          jimmy.id,
          hunter.id,
          ...stored,
          jimmy.discovery_count + i === 0 ? 1 : 0,
          new Date(Date.now() - 86_400_000 + i).toISOString(),
        );
      }
      db.prepare(
        "update jimmys set discovery_count = discovery_count + ?, status = 'discovered', first_discovery_at = coalesce(first_discovery_at, ?), last_discovery_at = ? where id = ?",
      ).run(count, new Date(Date.now() - 86_400_000).toISOString(), new Date().toISOString(), jimmy.id);
      recountHuntFigures(db);
    })();
  } finally {
    db.close();
  }
}

function discoveriesOf(serial: number): DiscoveryRow[] {
  return query<DiscoveryRow>(
    "select d.* from discoveries d join jimmys j on j.id = d.jimmy_id where j.serial_number = ? order by d.id",
    serial,
  );
}

const toast = (page: Page) => page.getByTestId("toast");

async function choosePhoto(page: Page, file: string | { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByLabel(/^Photo/).setInputFiles(file);
}

test.describe("reporting a discovery", () => {
  test("a signed-out hunter is sent to sign in and comes back to the form", async ({ page }) => {
    const serial = mintJimmy();
    await page.goto(`/jimmy/${serial}/first-discovery`);
    await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=${encodeURIComponent(`/jimmy/${serial}/first-discovery`)}`));
    await page.getByLabel("First name").fill(uniqueName("Comeback"));
    await page.getByRole("button", { name: "Sign in locally" }).click();
    await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}/first-discovery$`));
    await expect(page.getByRole("heading", { level: 1, name: "First Discovery!" })).toBeVisible();
  });

  test("a signed-out visitor's 'Add Your Discovery' leads, after signing in, to the report form", async ({ page }, testInfo) => {
    const serial = mintJimmy();
    addDiscoveries(serial, 1);
    await page.goto(`/jimmy/${serial}`);
    await waitForHydration(page, testInfo);
    await page.getByRole("link", { name: "Add Your Discovery" }).click();
    await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=${encodeURIComponent(`/jimmy/${serial}/new-discovery`)}$`));
    await page.getByLabel("First name").fill(uniqueName("Reporter"));
    await page.getByRole("button", { name: "Sign in locally" }).click();
    await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}/new-discovery$`));
    await expect(page.getByRole("heading", { level: 1, name: `You found Jimmy #${serial}, his 2nd discovery.` })).toBeVisible();
    await expect(page.getByLabel(/^Photo/)).toBeVisible();
  });

  test("a hunter reports a first discovery: the photo is published upright and without its metadata", async ({ page }, testInfo) => {
    const serial = mintJimmy();
    await signIn(page, uniqueName("First"), "Finder", `/jimmy/${serial}/first-discovery`);
    await expect(page.getByRole("heading", { level: 1, name: "First Discovery!" })).toBeVisible();
    await expect(page.getByText(`Jimmy #${serial} has been found`)).toBeVisible();
    await expect(
      page.getByText(`This will create Jimmy #${serial}'s official page and mark the beginning of their journey!`),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Use My Current Location" })).toBeVisible();
    await expect(page.getByLabel(/^Photo/)).toHaveAttribute("accept", "image/*");
    await expect(page.getByLabel(/^Photo/)).toHaveAttribute("capture", "environment");
    await expectAccessible(page);
    await waitForHydration(page, testInfo);

    await choosePhoto(page, ROTATED_GPS_JPEG);
    if (jsEnabled(testInfo)) {
      // The photo's GPS position is read in the browser and offered as the location.
      await page.getByRole("button", { name: "Use the photo's location" }).click();
      await expect(page.getByTestId("captured-position")).toHaveText(
        `${fixtureGps.latitude!.toFixed(4)}, ${fixtureGps.longitude!.toFixed(4)}`,
      );
    }
    await page.getByLabel(/^Location/).fill("Congress Avenue Bridge, Austin, TX");
    await fillLabelCode(page, serial);
    await page.getByRole("button", { name: "Submit First Discovery" }).click();

    await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}$`), { timeout: REPORT_SAVED_MS });
    await expect(toast(page)).toContainText("Discovery submitted!");
    await expect(toast(page)).toContainText("Jimmy has been officially discovered and added to the hunt");
    const entry = page.getByTestId("timeline-entry");
    await expect(entry).toHaveCount(1);
    await expect(entry.getByText("First discovery")).toBeVisible();

    const [row] = discoveriesOf(serial);
    // The photo's position (JavaScript on) or the typed place's city (off), as every page names it.
    await expect(entry.getByText(placeOf(row!)!, { exact: true })).toBeVisible();
    expect(row).toMatchObject({ is_first: 1, caption: "Another Jimmy discovery!", location: "Congress Avenue Bridge, Austin, TX" });
    if (jsEnabled(testInfo)) {
      expect(row!.latitude).toBeCloseTo(fixtureGps.latitude!, 5);
      expect(row!.longitude).toBeCloseTo(fixtureGps.longitude!, 5);
    }
    // The fixture is stored landscape with "rotate 90°" in its EXIF: published upright (portrait).
    expect(row!.photo_height).toBeGreaterThan(row!.photo_width);
    for (const width of row!.photo_variants.split(",")) {
      const file = path.join(E2E_DATA_DIR, "photos", row!.photo_key, `${width}.webp`);
      const meta = await sharp(fs.readFileSync(file)).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.height!).toBeGreaterThan(meta.width!);
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
    }
    // Nothing is left in the temporary key space.
    expect(query("select key from temp_uploads where owner_user_id = (select user_id from discoveries where id = ?)", row!.id)).toEqual([]);
  });

  test("a hunter shares a further discovery; an empty caption becomes the default", async ({ page }, testInfo) => {
    const serial = mintJimmy();
    addDiscoveries(serial, 1);
    await signIn(page, uniqueName("Second"), "Finder", `/jimmy/${serial}/new-discovery`);
    await expect(page.getByRole("heading", { level: 1, name: `You found Jimmy #${serial}, his 2nd discovery.` })).toBeVisible();
    await expect(page.getByRole("link", { name: "Privacy Policy" }).last()).toHaveAttribute("href", "/privacy-policy");
    await expectAccessible(page);
    await waitForHydration(page, testInfo);

    await choosePhoto(page, ROTATED_GPS_JPEG);
    await page.getByLabel(/^Location/).fill("Barton Springs, Austin, TX");
    await fillLabelCode(page, serial);
    await page.getByRole("button", { name: "Share Discovery" }).click();

    await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}$`), { timeout: REPORT_SAVED_MS });
    await expect(toast(page)).toContainText("Success!");
    await expect(toast(page)).toContainText(`Your discovery of Jimmy #${serial} has been recorded!`);
    const latest = page.getByRole("region", { name: "Latest Sighting" });
    await expect(latest.getByTestId("latest-place")).toHaveText(placeOf(discoveriesOf(serial).at(-1)!)!);
    await expect(latest.getByText("Another Jimmy discovery!")).toBeVisible();
    await expect(page.getByTestId("timeline-entry")).toHaveCount(2);
    expect(discoveriesOf(serial).at(-1)).toMatchObject({ is_first: 0, caption: "Another Jimmy discovery!" });
  });

  test("a report without a photo says 'Photo required' and keeps what was typed", async ({ page }, testInfo) => {
    const serial = mintJimmy();
    addDiscoveries(serial, 2);
    await signIn(page, uniqueName("NoPhoto"), "Finder", `/jimmy/${serial}/new-discovery`);
    await waitForHydration(page, testInfo);
    await page.getByLabel(/^Caption/).fill("He was on the bench");
    await page.getByLabel(/^Location/).fill("Austin, TX");
    await fillLabelCode(page, serial);
    await page.getByRole("button", { name: "Share Discovery" }).click();
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Share Discovery" }) });
    await expect(form.getByText("Photo required: Please add a photo of Jimmy to share your discovery")).toBeVisible();
    if (jsEnabled(testInfo)) await expect(toast(page)).toContainText("Photo required");
    await expect(page.getByLabel(/^Caption/)).toHaveValue("He was on the bench");
    await expect(page.getByLabel(/^Location/)).toHaveValue("Austin, TX");
    await expectAccessible(page);
    expect(discoveriesOf(serial)).toHaveLength(2);
  });

  test("a photo over 10 MB is refused with the size message", async ({ page }, testInfo) => {
    const serial = mintJimmy();
    await signIn(page, uniqueName("Big"), "Finder", `/jimmy/${serial}/first-discovery`);
    await waitForHydration(page, testInfo);
    await choosePhoto(page, { name: "huge.jpg", mimeType: "image/jpeg", buffer: oversizePhoto() });
    await page.getByLabel(/^Location/).fill("Austin, TX");
    await fillLabelCode(page, serial);
    await page.getByRole("button", { name: "Submit First Discovery" }).click();
    await expect(page.getByText("File too large - Please select an image smaller than 10MB")).toBeVisible();
    await expect(page.getByLabel(/^Location/)).toHaveValue("Austin, TX");
    expect(discoveriesOf(serial)).toEqual([]);
  });

  test("files that are not photos we can publish are refused with a clear message and nothing is recorded", async ({ page }, testInfo) => {
    test.setTimeout(60_000);
    const serial = mintJimmy();
    const name = uniqueName("Bad");
    await signIn(page, name, "Finder", `/jimmy/${serial}/first-discovery`);
    const extensions: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/heic": "heic" };
    for (const bad of await badPhotos()) {
      await page.goto(`/jimmy/${serial}/first-discovery`);
      await waitForHydration(page, testInfo);
      await choosePhoto(page, { name: `photo.${extensions[bad.contentType]}`, mimeType: bad.contentType, buffer: bad.data });
      await page.getByLabel(/^Location/).fill("Austin, TX");
      await fillLabelCode(page, serial);
      await page.getByRole("button", { name: "Submit First Discovery" }).click();
      const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Submit First Discovery" }) });
      await expect(form.getByText(bad.message), bad.name).toBeVisible();
      await expect(form.getByText(/Unsupported photo/), bad.name).toBeVisible();
    }
    expect(discoveriesOf(serial)).toEqual([]);
    expect(
      queryOne<{ discovery_count: number }>("select discovery_count from jimmys where serial_number = ?", serial).discovery_count,
    ).toBe(0);
    // Refused photos are deleted at once, not left for the sweeper.
    expect(query("select key from temp_uploads where owner_user_id = (select id from users where first_name = ?)", name)).toEqual([]);
  });

  test("an unknown Jimmy has no discovery forms", async ({ page }) => {
    await signIn(page, uniqueName("Lost"));
    for (const form of ["first-discovery", "new-discovery"]) {
      const response = await page.goto(`/jimmy/999999999/${form}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Jimmy Not Found" })).toBeVisible();
    }
  });

  test("a first discovery that someone else beat is recorded as a regular discovery, with a notice", async ({ page }, testInfo) => {
    const serial = mintJimmy();
    await signIn(page, uniqueName("Second"), "Place", `/jimmy/${serial}/first-discovery`);
    await waitForHydration(page, testInfo);
    await choosePhoto(page, ROTATED_GPS_JPEG);
    await page.getByLabel(/^Location/).fill("Austin, TX");
    // Another hunter's first discovery lands while this one fills in the form.
    addDiscoveries(serial, 1);
    await fillLabelCode(page, serial);
    await page.getByRole("button", { name: "Submit First Discovery" }).click();
    await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}$`), { timeout: REPORT_SAVED_MS });
    await expect(toast(page)).toContainText("Someone else reported its first discovery just before you, so yours is its 2nd.");
    const rows = discoveriesOf(serial);
    expect(rows.map((r) => r.is_first)).toEqual([1, 0]);
    // Opening the first-discovery form now leads to the new-discovery form.
    await page.goto(`/jimmy/${serial}/first-discovery`);
    await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}/new-discovery$`));
  });
});

test.describe("the device location", () => {
  test("a report with no location asks the device and submits by itself (without JavaScript: a typed location is required)", async ({
    page,
    context,
  }, testInfo) => {
    const serial = mintJimmy();
    addDiscoveries(serial, 1);
    await context.grantPermissions(["geolocation"]);
    await context.setGeolocation({ latitude: 48.8584, longitude: 2.2945 });
    await signIn(page, uniqueName("Locator"), "Finder", `/jimmy/${serial}/new-discovery`);
    await waitForHydration(page, testInfo);
    await choosePhoto(page, ROTATED_GPS_JPEG);
    await page.getByLabel(/^Caption/).fill("Near the tower");
    await fillLabelCode(page, serial);
    await page.getByRole("button", { name: "Share Discovery" }).click();
    if (jsEnabled(testInfo)) {
      await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}$`), { timeout: REPORT_SAVED_MS });
      const row = discoveriesOf(serial).at(-1)!;
      expect(row).toMatchObject({ caption: "Near the tower", location: null });
      expect(row.latitude).toBeCloseTo(48.8584, 4);
      expect(row.longitude).toBeCloseTo(2.2945, 4);
    } else {
      await expect(page.getByText("Enter where you found Jimmy, or use your current location.")).toBeVisible();
      await expect(page.getByLabel(/^Caption/)).toHaveValue("Near the tower");
      // The photo already reached storage: a second submission does not need it again.
      await expect(page.getByText("Your photo is already uploaded")).toBeVisible();
      await page.getByLabel(/^Location/).fill("Eiffel Tower, Paris, France");
      await fillLabelCode(page, serial);
      await page.getByRole("button", { name: "Share Discovery" }).click();
      await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}$`), { timeout: REPORT_SAVED_MS });
      expect(discoveriesOf(serial).at(-1)).toMatchObject({ caption: "Near the tower", location: "Eiffel Tower, Paris, France" });
    }
  });

  test("'Use My Current Location' captures without submitting; a denied request asks for a typed location", async ({
    page,
    context,
  }, testInfo) => {
    const serial = mintJimmy();
    await signIn(page, uniqueName("Denied"), "Finder", `/jimmy/${serial}/first-discovery`);
    await waitForHydration(page, testInfo);
    const button = page.getByRole("button", { name: "Use My Current Location" });
    if (!jsEnabled(testInfo)) {
      // Without JavaScript the device location is out of reach, and the page says so.
      await expect(button).toBeDisabled();
      await expect(page.getByText("Your device's location needs JavaScript: type where you found Jimmy instead.")).toBeVisible();
      return;
    }
    await choosePhoto(page, ROTATED_GPS_JPEG);
    await fillLabelCode(page, serial);
    await page.getByRole("button", { name: "Submit First Discovery" }).click();
    await expect(toast(page)).toContainText("Location access denied");
    await expect(toast(page)).toContainText("Please enter your location manually or allow location access");
    await expect(page.getByText("Enter where you found Jimmy, or use your current location.")).toBeVisible();
    expect(discoveriesOf(serial)).toEqual([]);

    await context.grantPermissions(["geolocation"]);
    await context.setGeolocation({ latitude: 30.2672, longitude: -97.7431 });
    await button.click();
    await expect(toast(page)).toContainText("Location captured!");
    await expect(toast(page)).toContainText("Your current location has been detected");
    await expect(page.getByTestId("captured-position")).toHaveText("30.2672, -97.7431");
    expect(discoveriesOf(serial)).toEqual([]);
    await fillLabelCode(page, serial);
    await page.getByRole("button", { name: "Submit First Discovery" }).click();
    await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}$`), { timeout: REPORT_SAVED_MS });
    expect(discoveriesOf(serial)).toHaveLength(1);
  });
});

test.describe("the precision of a hunter's own position", () => {
  // The device's location needs JavaScript: without it a typed place is all there is to publish.
  test(
    "the form says the place will be public, and 'approximate' stores it rounded to about 1 km",
    { tag: "@javascript" },
    async ({ page, context }, testInfo) => {
      const serial = mintJimmy();
      addDiscoveries(serial, 1);
      await context.grantPermissions(["geolocation"]);
      await context.setGeolocation({ latitude: 48.858372, longitude: 2.294481 });
      await signIn(page, uniqueName("Private"), "Finder", `/jimmy/${serial}/new-discovery`);
      await waitForHydration(page, testInfo);
      await expect(page.getByTestId("location-precision")).toHaveCount(0);
      await choosePhoto(page, ROTATED_GPS_JPEG);
      await page.getByRole("button", { name: "Use My Current Location" }).click();
      const choice = page.getByTestId("location-precision");
      await expect(choice).toContainText("This place will be public");
      // The exact spot is the default: the next hunter needs the hiding spot.
      await expect(choice.getByLabel(/^The exact spot/)).toBeChecked();
      await choice.getByLabel(/^Approximate \(about 1 km\)/).check();
      await page.screenshot({ path: testInfo.outputPath("location-precision.png"), fullPage: true });
      await fillLabelCode(page, serial);
      await page.getByRole("button", { name: "Share Discovery" }).click();
      await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}$`), { timeout: REPORT_SAVED_MS });
      const row = discoveriesOf(serial).at(-1)!;
      // Rounded before it was stored: the exact spot is nowhere in the database.
      expect([row.latitude, row.longitude]).toEqual([48.86, 2.29]);
    },
  );
});

test.describe("the Jimmy page's 'Add Your Discovery'", () => {
  test("opens 'Record Your Discovery' and adds the discovery to the page (without JavaScript: the new-discovery page)", async ({
    page,
  }, testInfo) => {
    const serial = mintJimmy();
    addDiscoveries(serial, 1);
    await signIn(page, uniqueName("Modal"), "Finder", `/jimmy/${serial}`);
    await waitForHydration(page, testInfo);
    // With JavaScript the link becomes the dialog's button once the page has drawn itself hydrated (a render
    // after the hydration mark): a click on the link before that would open the new-discovery page instead.
    await page.getByRole(jsEnabled(testInfo) ? "button" : "link", { name: "Add Your Discovery" }).click();
    if (!jsEnabled(testInfo)) {
      await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}/new-discovery$`));
      await expect(page.getByRole("heading", { level: 1, name: `You found Jimmy #${serial}, his 2nd discovery.` })).toBeVisible();
      return;
    }
    const dialog = page.getByRole("dialog", { name: "Record Your Discovery" });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole("button", { name: "Add Your Discovery" }).click();
    await fillLabelCode(page, serial);
    await dialog.getByRole("button", { name: "Record Discovery" }).click();
    await expect(dialog.getByText("Photo required: Please select a photo of your Jimmy discovery")).toBeVisible();
    await dialog.getByLabel(/^Photo/).setInputFiles(ROTATED_GPS_JPEG);
    await dialog.getByLabel(/^Caption/).fill("Hiding in the bookshop");
    await dialog.getByLabel(/^Location/).fill("BookPeople, Austin, TX");
    await fillLabelCode(page, serial);
    await dialog.getByRole("button", { name: "Record Discovery" }).click();

    await expect(dialog).toBeHidden();
    await expect(toast(page)).toContainText(`Your discovery of Jimmy #${serial} has been recorded!`);
    await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}$`), { timeout: REPORT_SAVED_MS });
    await expect(page.getByTestId("timeline-entry")).toHaveCount(2);
    await expect(page.getByRole("region", { name: "Latest Sighting" }).getByText("Hiding in the bookshop")).toBeVisible();

    // Opened again, the form is empty.
    await page.getByRole("button", { name: "Add Your Discovery" }).click();
    await expect(dialog.getByLabel(/^Caption/)).toHaveValue("");
    await expect(dialog.getByLabel(/^Location/)).toHaveValue("");
  });
});

test.describe("the 'Record Your Discovery' dialog on any screen", () => {
  /** Whether a click at the centre of `locator` lands on it (nothing covers it, and it is inside the window). */
  async function reachable(locator: Locator): Promise<boolean> {
    return locator.evaluate((el) => {
      const box = el.getBoundingClientRect();
      if (box.top < 0 || box.left < 0 || box.bottom > window.innerHeight || box.right > window.innerWidth) return false;
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit !== null && (hit === el || el.contains(hit));
    });
  }

  // Without JavaScript there is no dialog: 'Add Your Discovery' is the new-discovery page.
  test(
    "fits the window: its content scrolls inside, and Cancel and 'Record Discovery' stay in reach",
    { tag: "@javascript" },
    async ({ page }, testInfo) => {
      const serial = mintJimmy();
      addDiscoveries(serial, 1);
      await signIn(page, uniqueName("Short"), "Screen", `/jimmy/${serial}`);
      for (const viewport of [
        { width: 1280, height: 800 },
        { width: 1280, height: 600 },
        { width: 800, height: 480 },
        { width: 360, height: 640 },
      ]) {
        await page.setViewportSize(viewport);
        await page.goto(`/jimmy/${serial}`);
        await waitForHydration(page, testInfo);
        await page.getByRole("button", { name: "Add Your Discovery" }).click();
        const dialog = page.getByRole("dialog", { name: "Record Your Discovery" });
        const submit = dialog.getByRole("button", { name: "Record Discovery" });
        const cancel = dialog.getByRole("button", { name: "Cancel" });
        await expect(submit).toBeVisible();
        const size = `${viewport.width}×${viewport.height}`;
        const box = (await dialog.boundingBox())!;
        expect(box.y, size).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height, size).toBeLessThanOrEqual(viewport.height);
        expect(await reachable(submit), `'Record Discovery' at ${size}`).toBe(true);
        expect(await reachable(cancel), `Cancel at ${size}`).toBe(true);
        // Every field can be scrolled to, and the buttons at the foot never cover it.
        for (const field of [dialog.getByLabel(/^Code on the label/), dialog.getByLabel(/^Caption/), dialog.getByLabel(/^Location/)]) {
          await field.scrollIntoViewIfNeeded();
          expect(await reachable(field), `a field at ${size}`).toBe(true);
        }
        expect(await reachable(submit), `'Record Discovery' after scrolling at ${size}`).toBe(true);
        await cancel.click();
        await expect(dialog).toBeHidden();
      }
    },
  );
});

test.describe("POST /api/upload", () => {
  test("takes a multipart photo and answers its temporary path and a URL only its owner can fetch", async ({ page }) => {
    await signIn(page, uniqueName("Api"));
    const response = await page.request.post("/api/upload", {
      multipart: { photo: { name: "jimmy.jpg", mimeType: "image/jpeg", buffer: fixture } },
    });
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { tempPath: string; tempUrl: string };
    expect(body.tempPath).toMatch(/^uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}$/);
    const preview = await page.request.get(body.tempUrl);
    expect(preview.status()).toBe(200);
    expect(preview.headers()["content-type"]).toBe("image/jpeg");
    expect(Buffer.compare(await preview.body(), fixture)).toBe(0);

    const stranger = await page
      .context()
      .browser()!
      .newContext({ baseURL: new URL(page.url()).origin });
    try {
      expect((await stranger.request.get(body.tempUrl)).status()).toBe(404);
      const anonymous = await stranger.request.post("/api/upload", {
        multipart: { photo: { name: "jimmy.jpg", mimeType: "image/jpeg", buffer: fixture } },
      });
      expect(anonymous.status()).toBe(401);
    } finally {
      await stranger.close();
    }

    const tooBig = await page.request.post("/api/upload", {
      multipart: { photo: { name: "big.jpg", mimeType: "image/jpeg", buffer: oversizePhoto() } },
    });
    expect(tooBig.status()).toBe(413);
    expect(await tooBig.json()).toEqual({ message: "File too large - Please select an image smaller than 10MB" });
  });
});

/** A 12-megapixel phone-sized JPEG (4032 × 3024) with some texture, as a phone camera would give. */
async function phonePhoto(): Promise<Buffer> {
  const texture = await sharp({
    create: { width: 504, height: 378, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } },
  })
    .png()
    .toBuffer();
  return sharp(texture).resize(4032, 3024).jpeg({ quality: 90 }).toBuffer();
}

/** The file part of a multipart body. */
function filePart(body: Buffer, contentType: string): Buffer {
  const boundary = `--${/boundary=(.+)$/.exec(contentType)![1]}`;
  const header = body.indexOf('name="file"');
  const start = body.indexOf("\r\n\r\n", header) + 4;
  const end = body.indexOf(`\r\n${boundary}`, start);
  return body.subarray(start, end);
}

test.describe("a large phone photo", () => {
  test("is downscaled to a JPEG of at most 2048 px before it is uploaded, even over a dropped connection (without JavaScript the server does it)", async ({
    page,
  }, testInfo) => {
    test.setTimeout(60_000);
    const serial = mintJimmy();
    addDiscoveries(serial, 1);
    const original = await phonePhoto();
    await signIn(page, uniqueName("Phone"), "Finder", `/jimmy/${serial}/new-discovery`);
    await waitForHydration(page, testInfo);

    const uploads: Buffer[] = [];
    // The second attempt is held until the test has read the retry message, which
    // would otherwise show only for as long as one fast loopback upload takes.
    let retryMessageRead = () => {};
    const retryMessageWasRead = new Promise<void>((resolve) => (retryMessageRead = resolve));
    await page.route("**/uploads/direct", async (route) => {
      const request = route.request();
      uploads.push(filePart(request.postDataBuffer()!, (await request.allHeaders())["content-type"]!));
      // The first attempt loses its connection; the browser tries again by itself.
      if (uploads.length === 1) return route.abort("connectionreset");
      await retryMessageWasRead;
      await route.continue();
    });

    await choosePhoto(page, { name: "IMG_0042.jpg", mimeType: "image/jpeg", buffer: original });
    await page.getByLabel(/^Location/).fill("Lady Bird Lake, Austin, TX");
    await fillLabelCode(page, serial);
    await page.getByRole("button", { name: "Share Discovery" }).click();
    if (jsEnabled(testInfo)) {
      // Preparing a 12 MP photo takes a few seconds on a busy machine before the first attempt.
      await expect(page.getByText("The connection dropped. Trying again (1 of 2)…")).toBeVisible({ timeout: 20_000 });
      retryMessageRead();
    }
    // Rendering six sizes of a 12 MP photo takes a few seconds on a busy machine.
    await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}$`), { timeout: 30_000 });

    if (jsEnabled(testInfo)) {
      expect(uploads).toHaveLength(2);
      const sent = await sharp(uploads[1]!).metadata();
      expect(sent.format).toBe("jpeg");
      expect([sent.width, sent.height]).toEqual([2048, 1536]);
      expect(uploads[1]!.length).toBeLessThan(original.length / 2);
    } else {
      // The page posts the original itself; nothing goes to the direct-upload endpoint.
      expect(uploads).toEqual([]);
    }
    const row = discoveriesOf(serial).at(-1)!;
    expect([row.photo_width, row.photo_height]).toEqual([2048, 1536]);
    expect(row.photo_variants).toBe("320,480,720,1080,1440,2048");
  });
});

test.describe("sending a report from a busy phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  // Without JavaScript the browser itself sends a form once per navigation.
  test(
    "a double tap on Share Discovery sends the photo once and records one discovery",
    { tag: "@javascript" },
    async ({ page }, testInfo) => {
      const serial = mintJimmy();
      addDiscoveries(serial, 1);
      await signIn(page, uniqueName("DoubleTap"), "Finder", `/jimmy/${serial}/new-discovery`);
      await waitForHydration(page, testInfo);

      const sent = { targets: 0, uploads: 0, saves: 0 };
      // A slow connection: the first tap's upload is still on its way when the second lands.
      await page.route("**/api/upload-target", async (route) => {
        sent.targets++;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        await route.continue();
      });
      await page.route("**/uploads/direct", async (route) => {
        sent.uploads++;
        await route.continue();
      });
      page.on("request", (request) => {
        if (request.method() === "POST" && new URL(request.url()).pathname.startsWith(`/jimmy/${serial}/new-discovery`)) sent.saves++;
      });

      await choosePhoto(page, ROTATED_GPS_JPEG);
      await page.getByLabel(/^Location/).fill("Barton Springs, Austin, TX");
      await fillLabelCode(page, serial);
      // Both taps reach the page before it has drawn anything in between, as on a phone busy preparing the photo.
      await page.getByRole("button", { name: "Share Discovery" }).evaluate((button: HTMLButtonElement) => {
        button.click();
        button.click();
      });

      await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}$`), { timeout: REPORT_SAVED_MS });
      await expect(toast(page)).toContainText(`Your discovery of Jimmy #${serial} has been recorded!`);
      expect(sent).toEqual({ targets: 1, uploads: 1, saves: 1 });
      expect(discoveriesOf(serial)).toHaveLength(2);
    },
  );
});
