import fs from "node:fs";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { checkCode, freshSerial, mint } from "./admin-helpers";
import { signInByRequest, uniqueName } from "./helpers";

async function uploadPhoto(api: APIRequestContext): Promise<string> {
  const response = await api.post("/api/upload", {
    multipart: { photo: { name: "jimmy.jpg", mimeType: "image/jpeg", buffer: fs.readFileSync("tests/fixtures/rotated-with-gps.jpg") } },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { tempPath: string }).tempPath;
}

test.describe("places named right", () => {
  test("a GPS discovery shows its city on the Jimmy page, its card and its preview; a typed one shows what was typed, pinned at its town's centre", async ({
    page,
  }) => {
    const serial = freshSerial();
    const jimmyId = mint(serial);
    await signInByRequest(page.request, uniqueName("Placer"));
    const gpsCaption = `Measured in Cuauhtémoc ${serial}`;
    const first = await page.request.post(`/api/jimmys/${serial}/first-discovery`, {
      data: { tempPath: await uploadPhoto(page.request), location: "Zilker Park, Austin, TX", checkCode: checkCode(serial) },
    });
    expect(first.status(), await first.text()).toBe(201);
    // Coordinates only, in the Cuauhtémoc alcaldía of Mexico City.
    const second = await page.request.post("/api/discoveries", {
      data: {
        jimmyId,
        tempPath: await uploadPhoto(page.request),
        caption: gpsCaption,
        latitude: 19.4423,
        longitude: -99.1451,
        checkCode: checkCode(serial),
      },
    });
    expect(second.status(), await second.text()).toBe(201);

    await page.goto(`/jimmy/${serial}`);
    const sighting = page.getByRole("region", { name: "Latest Sighting" });
    await expect(sighting.getByTestId("latest-place")).toHaveText("Mexico City, Mexico");
    const entries = page.getByTestId("timeline-entry");
    await expect(entries.filter({ hasText: gpsCaption })).toContainText("Mexico City, Mexico");
    const typed = entries.filter({ hasText: "First discovery" });
    await expect(typed).toContainText("Zilker Park, Austin, TX");
    await expect(typed.getByTestId("place-pin")).toHaveText("pin: Austin, TX (town centre)");
    await expect(page.locator("main")).not.toContainText("30.26");
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", /Latest sighting: Mexico City, Mexico\./);
    await page.screenshot({ path: test.info().outputPath("jimmy-places.png"), fullPage: true });

    await page.goto("/discoveries");
    await expect(page.getByTestId("discovery-card").filter({ hasText: gpsCaption })).toContainText("Mexico City, Mexico");
  });
});
