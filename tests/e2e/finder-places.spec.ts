/**
 * What a first-time finder still tripped over (places): the hiding spot they
 * typed is what every page shows, a pin that is only the town says so, a
 * place that is no place is refused with what was typed kept, and a
 * position published at about 1 km says so and shows no false digits.
 * On a phone, with JavaScript on and off.
 */
import fs from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { checkCode, fillLabelCode, freshSerial, mint } from "./admin-helpers";
import { query, queryOne } from "./db";
import { jsEnabled, REPORT_SAVED_MS, signIn, signInByRequest, uniqueName, waitForHydration } from "./helpers";
import { ROTATED_GPS_JPEG } from "../support/photos";

test.use({ viewport: { width: 390, height: 844 } });

async function uploadPhoto(api: APIRequestContext): Promise<string> {
  const response = await api.post("/api/upload", {
    multipart: { photo: { name: "jimmy.jpg", mimeType: "image/jpeg", buffer: fs.readFileSync(ROTATED_GPS_JPEG) } },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { tempPath: string }).tempPath;
}

const JUNK_TEXT = (typed: string) => `We couldn't find "${typed}" on the map — add a town or country, or use your current location.`;

type Row = { id: number; location: string | null; latitude: number | null; longitude: number | null; position_radius_m: number | null };
const discoveriesOf = (serial: number) =>
  query<Row>(
    "select d.id, d.location, d.latitude, d.longitude, d.position_radius_m from discoveries d join jimmys j on j.id = d.jimmy_id where j.serial_number = ? order by d.id",
    serial,
  );

test("the hiding spot a finder typed is what the next hunter reads everywhere, and a pin that is only the town says so", async ({
  page,
}, testInfo) => {
  const serial = freshSerial();
  const jimmyId = mint(serial);
  await signInByRequest(page.request, uniqueName("Spotter"));
  const first = await page.request.post(`/api/jimmys/${serial}/first-discovery`, {
    data: { tempPath: await uploadPhoto(page.request), location: "Zilker Park, Austin, TX", checkCode: checkCode(serial) },
  });
  expect(first.status(), await first.text()).toBe(201);
  const firstId = ((await first.json()) as { id: number }).id;
  const second = await page.request.post("/api/discoveries", {
    data: {
      jimmyId,
      tempPath: await uploadPhoto(page.request),
      caption: `On the capitol steps ${serial}`,
      location: "Texas State Capitol, Austin",
      checkCode: checkCode(serial),
    },
  });
  expect(second.status(), await second.text()).toBe(201);

  await page.goto(`/jimmy/${serial}`);
  await waitForHydration(page, testInfo);
  const sighting = page.getByRole("region", { name: "Latest Sighting" });
  await expect(sighting.getByTestId("latest-place")).toHaveText("Texas State Capitol, Austin");
  await expect(sighting.getByTestId("place-pin")).toHaveText("pin: Austin, TX (town centre)");
  const zilker = page.getByTestId("timeline-entry").filter({ hasText: "First discovery" });
  await expect(zilker).toContainText("Zilker Park, Austin, TX");
  await expect(zilker.getByTestId("place-pin")).toHaveText("pin: Austin, TX (town centre)");
  await expect(page.locator("main")).not.toContainText("near Austin");
  // Two spots typed in one town are not one place 0 miles apart: the distance is said to be between towns.
  await expect(page.getByTestId("journey-summary")).toHaveText(
    "2 stops and 1 leg, 0 miles in all. Every pin is only a town's centre, so the distance is between towns, not the spots.",
  );
  const place = zilker.locator("div.space-y-2");
  await place.screenshot({ path: testInfo.outputPath("typed-spot.png") });
  await expect(place).toHaveScreenshot("finder-typed-spot.png");

  // Its own page: the heading and the link preview name the spot, never "in near …".
  await page.goto(`/discoveries/${firstId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Jimmy #${serial}in Zilker Park, Austin, TX`);
  await expect(page.getByTestId("place-pin")).toHaveText("pin: Austin, TX (town centre)");
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /found by .+ in Zilker Park, Austin, TX$/);

  // The feed's card.
  await page.goto("/discoveries");
  const card = page.getByTestId("discovery-card").filter({ hasText: `On the capitol steps ${serial}` });
  await expect(card).toContainText("Texas State Capitol, Austin");
  await expect(card.getByTestId("place-pin")).toHaveText("pin: Austin, TX (town centre)");

  // The Atom feed of its finds.
  const feed = await (await page.request.get(`/jimmy/${serial}/feed.atom`)).text();
  expect(feed).toMatch(/<title>Jimmy #\d+ found by .+ in Zilker Park, Austin, TX<\/title>/);
  expect(feed).toMatch(/<title>Jimmy #\d+ found by .+ in Texas State Capitol, Austin<\/title>/);
  expect(feed).toContain("pin: Austin, TX (town centre)");
  expect(feed).not.toContain("near Austin");
});

test("a place that is no place is refused on the report forms, the API and the edit, keeping what was typed", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const serial = freshSerial();
  const jimmyId = mint(serial);
  await signIn(page, uniqueName("Typist"), "Finder", `/jimmy/${serial}/first-discovery`);
  await waitForHydration(page, testInfo);

  const refusedOn = async (button: string, junk: string) => {
    await page.getByLabel(/^Photo/).setInputFiles(ROTATED_GPS_JPEG);
    await page.getByLabel(/^Location/).fill(junk);
    await fillLabelCode(page, serial);
    await page.getByRole("button", { name: button }).click();
    // Said on the location field (with JavaScript, a toast says it too).
    await expect(page.locator('[id$="location-error"]')).toHaveText(JUNK_TEXT(junk), { timeout: REPORT_SAVED_MS });
    await expect(page.getByLabel(/^Location/)).toHaveValue(junk);
    await expect(page.getByLabel(/^Location/)).toHaveAttribute("aria-invalid", "true");
  };

  await refusedOn("Submit First Discovery", "asdf qwerty zzz");
  expect(discoveriesOf(serial)).toEqual([]);
  // Mended, it goes: the photo already uploaded is sent again.
  await page.getByLabel(/^Location/).fill("Zilker Park, Austin, TX");
  await fillLabelCode(page, serial);
  await page.getByRole("button", { name: "Submit First Discovery" }).click();
  await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}$`), { timeout: REPORT_SAVED_MS });
  expect(discoveriesOf(serial).map((d) => d.location)).toEqual(["Zilker Park, Austin, TX"]);

  await page.goto(`/jimmy/${serial}/new-discovery`);
  await waitForHydration(page, testInfo);
  await refusedOn("Share Discovery", "qwerty uiop");
  expect(discoveriesOf(serial)).toHaveLength(1);

  // The API says the same, as a 400.
  const api = await page.request.post("/api/discoveries", {
    data: { jimmyId, tempPath: await uploadPhoto(page.request), location: "asdf qwerty zzz", checkCode: checkCode(serial) },
  });
  expect(api.status()).toBe(400);
  expect(((await api.json()) as { message: string }).message).toBe(`location: ${JUNK_TEXT("asdf qwerty zzz")}`);
  expect(discoveriesOf(serial)).toHaveLength(1);

  // And editing the discovery to junk: refused, the text kept, the place unchanged.
  const [own] = discoveriesOf(serial);
  await page.goto(`/discoveries/${own!.id}/edit`);
  await waitForHydration(page, testInfo);
  await page.getByLabel("Location").fill("asdfghjkl qwerty");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText(`We couldn't find "asdfghjkl qwerty" on the map — add a town or country.`)).toBeVisible();
  await expect(page.getByLabel("Location")).toHaveValue("asdfghjkl qwerty");
  expect(discoveriesOf(serial)[0]!.location).toBe("Zilker Park, Austin, TX");
});

/** The hunter's position, 1 km rounded: 30.2849, -97.7341 is published as 30.28, -97.73. */
const SPOT = { latitude: 30.2849, longitude: -97.7341 };

async function reportApproximately(page: Page, serial: number, testInfo: Parameters<typeof jsEnabled>[0]) {
  if (!jsEnabled(testInfo)) {
    // Without JavaScript the device position is out of reach of the form: a client sends it through the API.
    const jimmyId = queryOne<{ id: number }>("select id from jimmys where serial_number = ?", serial).id;
    await signInByRequest(page.request, uniqueName("Private"));
    const sent = await page.request.post("/api/discoveries", {
      data: {
        jimmyId,
        tempPath: await uploadPhoto(page.request),
        caption: "Rounded on purpose",
        ...SPOT,
        precision: "approximate",
        checkCode: checkCode(serial),
      },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    return;
  }
  await page.context().grantPermissions(["geolocation"]);
  await page.context().setGeolocation(SPOT);
  await signIn(page, uniqueName("Private"), "Finder", `/jimmy/${serial}/new-discovery`);
  await waitForHydration(page, testInfo);
  await page.getByLabel(/^Photo/).setInputFiles(ROTATED_GPS_JPEG);
  await page.getByLabel(/^Caption/).fill("Rounded on purpose");
  await page.getByRole("button", { name: "Use My Current Location" }).click();
  await expect(page.getByTestId("captured-position")).toHaveText("30.2849, -97.7341");
  await page
    .getByTestId("location-precision")
    .getByLabel(/^Approximate \(about 1 km\)/)
    .check();
  // The form shows what will be published.
  await expect(page.getByTestId("captured-position")).toHaveText("30.28, -97.73 (about 1 km)");
  await fillLabelCode(page, serial);
  await page.getByRole("button", { name: "Share Discovery" }).click();
  await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}$`), { timeout: REPORT_SAVED_MS });
}

test("a position published at about 1 km says so wherever it appears, with no false digits", async ({ page }, testInfo) => {
  const serial = freshSerial();
  const jimmyId = mint(serial);
  // Found once before, typed in Houston.
  await signInByRequest(page.request, uniqueName("Earlier"));
  const before = await page.request.post(`/api/jimmys/${serial}/first-discovery`, {
    data: { tempPath: await uploadPhoto(page.request), location: "Houston, TX", checkCode: checkCode(serial) },
  });
  expect(before.status(), await before.text()).toBe(201);
  await page.context().clearCookies();

  await reportApproximately(page, serial, testInfo);
  // Stored rounded, and marked as such.
  expect(discoveriesOf(serial).at(-1)).toMatchObject({ latitude: 30.28, longitude: -97.73, position_radius_m: 1000 });
  expect(queryOne<{ position_radius_m: number }>("select position_radius_m from jimmys where id = ?", jimmyId).position_radius_m).toBe(
    1000,
  );

  await page.goto(`/jimmy/${serial}`);
  await waitForHydration(page, testInfo);
  const sighting = page.getByRole("region", { name: "Latest Sighting" });
  await expect(sighting.getByTestId("latest-position")).toHaveText("30.28, -97.73 (about 1 km)");
  await expect(sighting.getByTestId("place-pin")).toHaveText("pin: within about 1 km of the spot");
  await expect(sighting).not.toContainText("30.2800");
  const text = sighting.locator("div.space-y-2");
  // The date is masked; its width must not depend on the day the test runs.
  await text.locator("time").evaluate((time) => (time.textContent = "Nov 1, 2026, 9:00 AM"));
  await text.screenshot({ path: testInfo.outputPath("approximate-sighting.png") });
  await expect(text).toHaveScreenshot("finder-approximate-sighting.png", { mask: [text.locator("time")] });

  const entry = page.getByTestId("timeline-entry").filter({ hasText: "Rounded on purpose" });
  await expect(entry.getByTestId("place-pin")).toHaveText("pin: within about 1 km of the spot");

  // The journey to take along keeps only the decimals it has.
  const gpx = await (await page.request.get(`/jimmy/${serial}/journey.gpx`)).text();
  expect(gpx).toContain('lat="30.28" lon="-97.73"');
  expect(gpx).toContain("pin: within about 1 km of the spot");
  expect(gpx).not.toContain("30.280000");
});
