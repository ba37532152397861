import crypto from "node:crypto";
import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { ROTATED_GPS_JPEG } from "../support/photos";
import { actFromOwnAddress, checkCode, freshSerial, mint } from "./admin-helpers";
import { query } from "./db";
import { signIn, uniqueName, waitForHydration } from "./helpers";

// Reporting a discovery needs the code on the Jimmy's label (docs/security.md):
// a scan of the QR code carries a proof of it, any other way in asks for it.

const USED_TEXT = "Your scan of the label was already used for a discovery. Enter the code printed on the label, or scan it again.";
const codeField = (page: Page) => page.getByLabel(/^Code on the label/);
const discoveriesOf = (serial: number) =>
  query<{ n: number }>("select count(*) as n from discoveries d join jimmys j on j.id = d.jimmy_id where j.serial_number = ?", serial)[0]!
    .n;
const wrongCode = (serial: number) => (checkCode(serial) === "ZZZZZZ" ? "YYYYYY" : "ZZZZZZ");

async function fillReport(page: Page, location: string) {
  await page.getByLabel(/^Photo/).setInputFiles(ROTATED_GPS_JPEG);
  await page.getByLabel(/^Location/).fill(location);
}

test.describe("proving you found the Jimmy", () => {
  test("from the QR code no code is asked and the report is recorded; the scan opens no other Jimmy's form", async ({ page }, testInfo) => {
    const serial = freshSerial();
    mint(serial);
    const other = freshSerial();
    mint(other);
    await actFromOwnAddress(page);
    await signIn(page, uniqueName("Scanner"), "Finder", "/");
    await page.goto(`/q/${serial}-${checkCode(serial)}`);
    await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}/first-discovery\\?proof=`));
    const proof = new URL(page.url()).searchParams.get("proof")!;
    expect(proof).not.toContain(checkCode(serial));
    await expect(page.getByText("Label checked: you scanned this Jimmy's code.")).toBeVisible();
    await expect(codeField(page)).toHaveCount(0);

    // The proof is for this Jimmy only: another Jimmy's form asks for its code.
    await page.goto(`/jimmy/${other}/first-discovery?proof=${proof}`);
    await expect(codeField(page)).toBeVisible();

    await page.goto(`/jimmy/${serial}/first-discovery?proof=${proof}`);
    await waitForHydration(page, testInfo);
    await fillReport(page, "Pease Park, Austin, TX");
    await page.getByRole("button", { name: "Submit First Discovery" }).click();
    await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}$`), { timeout: 30_000 });
    expect(discoveriesOf(serial)).toBe(1);
  });

  test("another way in asks for the code: none or a wrong one is refused with the form kept, the printed one is accepted", async ({
    page,
  }, testInfo) => {
    const serial = freshSerial();
    mint(serial);
    await actFromOwnAddress(page);
    await signIn(page, uniqueName("Typist"), "Finder", `/jimmy/${serial}/first-discovery`);
    await waitForHydration(page, testInfo);
    await expect(codeField(page)).toBeVisible();
    await fillReport(page, "Shoal Creek Trail, Austin, TX");
    await page.getByRole("button", { name: "Submit First Discovery" }).click();
    await expect(page.getByText("Enter the code printed on the label, under the Jimmy's number (like Code 7KX3PA).").first()).toBeVisible();
    await expect(page.getByLabel(/^Location/)).toHaveValue("Shoal Creek Trail, Austin, TX");

    const answer = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes(`/jimmy/${serial}/first-discovery`));
    await codeField(page).fill(wrongCode(serial));
    await page.getByRole("button", { name: "Submit First Discovery" }).click();
    expect((await answer).status()).toBe(403);
    await expect(
      page.getByText(`That code doesn't match Jimmy #${serial}. Please check each character against the label.`).first(),
    ).toBeVisible();
    await expect(codeField(page)).toHaveValue(wrongCode(serial));
    await expect(codeField(page)).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel(/^Location/)).toHaveValue("Shoal Creek Trail, Austin, TX");
    // The photo already reached storage and is kept for the next try.
    await expect(page.getByText("Your photo is already uploaded")).toBeVisible();
    expect(discoveriesOf(serial)).toBe(0);

    // Typed exactly as printed, in lower case.
    await codeField(page).fill(`Code ${checkCode(serial).toLowerCase()}`);
    await page.getByRole("button", { name: "Submit First Discovery" }).click();
    await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}$`), { timeout: 30_000 });
    expect(discoveriesOf(serial)).toBe(1);
  });

  test("someone trying the demo finds the demo Jimmys' codes from the banner on every page", async ({ page }) => {
    await page.goto("/map");
    await page.getByRole("note").getByRole("link", { name: "Demo label codes" }).click();
    await expect(page.getByRole("heading", { name: "Demo label codes" })).toBeVisible();
    const rows = page.getByRole("row").filter({ has: page.getByRole("link") });
    expect(await rows.count()).toBeGreaterThan(0);
    const first = rows.first();
    const serial = Number((await first.getByRole("link").textContent())!.replace("#", ""));
    await expect(first.getByRole("cell").nth(1)).toHaveText(`Code ${checkCode(serial)}`);
    await first.getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}$`));
  });

  test("guessing is cut off: after 10 wrong codes even the right one is refused, with when to try again", async ({ page }, testInfo) => {
    const serial = freshSerial();
    mint(serial);
    await actFromOwnAddress(page);
    await signIn(page, uniqueName("Guesser"), "Finder", `/jimmy/${serial}/first-discovery`);
    for (let i = 0; i < 9; i++) {
      const guess = await page.request.post(`/jimmy/${serial}/first-discovery`, {
        form: { location: "Austin", checkCode: wrongCode(serial) },
        maxRedirects: 0,
      });
      // No photo either, so both are explained; the wrong code counts all the same.
      expect(guess.status()).toBe(400);
      expect(await guess.text()).toContain(`That code doesn't match Jimmy #${serial}.`);
    }
    await page.goto(`/jimmy/${serial}/first-discovery`);
    await waitForHydration(page, testInfo);
    await fillReport(page, "Mount Bonnell, Austin, TX");
    await codeField(page).fill(wrongCode(serial));
    const answer = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes(`/jimmy/${serial}/first-discovery`));
    await page.getByRole("button", { name: "Submit First Discovery" }).click();
    const refused = await answer;
    expect(refused.status()).toBe(429);
    expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(3000);
    await expect(page.getByText("Too many wrong codes were tried. Please wait 60 minutes and try again.").first()).toBeVisible();
    await expect(page.getByLabel(/^Location/)).toHaveValue("Mount Bonnell, Austin, TX");

    await codeField(page).fill(checkCode(serial));
    await page.getByRole("button", { name: "Submit First Discovery" }).click();
    await expect(page.getByText("Too many wrong codes were tried.").first()).toBeVisible();
    expect(discoveriesOf(serial)).toBe(0);
  });

  test("a scan proves one report: used again it is refused with the code asked for, while a retry of its report is answered as recorded", async ({
    page,
  }, testInfo) => {
    const serial = freshSerial();
    mint(serial);
    await actFromOwnAddress(page);
    await signIn(page, uniqueName("OneScan"), "Finder", "/");
    await page.goto(`/q/${serial}-${checkCode(serial)}`);
    await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}/first-discovery\\?proof=`));
    const proof = new URL(page.url()).searchParams.get("proof")!;

    const upload = async () => {
      const response = await page.request.post("/api/upload", {
        multipart: { photo: { name: "jimmy.jpg", mimeType: "image/jpeg", buffer: fs.readFileSync(ROTATED_GPS_JPEG) } },
      });
      expect(response.status()).toBe(200);
      return ((await response.json()) as { tempPath: string }).tempPath;
    };
    const report = (key: string, tempPath: string) =>
      page.request.post(`/api/jimmys/${serial}/first-discovery`, {
        data: { tempPath, location: "Pease Park, Austin, TX", proof },
        headers: { "Idempotency-Key": key },
      });
    const firstKey = `scan-report-${crypto.randomUUID()}`;
    const firstUpload = await upload();
    const created = await report(firstKey, firstUpload);
    expect(created.status()).toBe(201);
    // The answer lost and the same report sent again: answered as recorded, not refused for its proof.
    const retried = await report(firstKey, firstUpload);
    expect(retried.status()).toBe(201);
    expect(retried.headers()["idempotent-replayed"]).toBe("true");
    expect(await retried.json()).toEqual(await created.json());
    // Another report with the same proof is refused, and says what to do.
    const again = await report(`scan-report-${crypto.randomUUID()}`, await upload());
    expect(again.status()).toBe(400);
    expect(await again.json()).toEqual({ message: USED_TEXT, field: "checkCode" });
    expect(discoveriesOf(serial)).toBe(1);

    // Back on a form with that proof, the hunter is told and asked for the code, and the report goes through with it.
    await page.goto(`/jimmy/${serial}/new-discovery?proof=${proof}`);
    await waitForHydration(page, testInfo);
    await expect(page.getByText(USED_TEXT).first()).toBeVisible();
    await expect(page.getByText("Label checked: you scanned this Jimmy's code.")).toHaveCount(0);
    await fillReport(page, "Pease Park, Austin, TX");
    await codeField(page).fill(checkCode(serial));
    await page.getByRole("button", { name: "Share Discovery" }).click();
    await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}$`), { timeout: 30_000 });
    expect(discoveriesOf(serial)).toBe(2);
  });
});
