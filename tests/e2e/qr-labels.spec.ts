import { expect, test, type Page } from "@playwright/test";
import jsQR from "jsqr";
import sharp from "sharp";
import { checkCode, freshSerial, makeStoredDiscovery, mint, signInAsAdmin, actFromOwnAddress } from "./admin-helpers";
import { expectAccessible, jsEnabled, signIn, signInByRequest, uniqueName, waitForHydration } from "./helpers";

const QR_ERRORS = {
  invalid_qr: "The QR code appears to be malformed or incomplete. Please try scanning again.",
  invalid_serial: "The Jimmy serial number is not valid. Please contact support if this continues.",
  invalid_check: "Sorry, this QR code could not be verified.",
  server_error: "A server error occurred while processing the QR code. Please try again in a moment.",
};

/** Renders the label sheet's first label as a camera would see it and reads its QR code. */
async function readFirstLabel(svg: Buffer): Promise<{ text: string; png: Buffer }> {
  const page = sharp(svg, { density: 100 });
  const perPoint = (await page.metadata()).width! / (8.5 * 72);
  const label = page
    .extract({ left: 0, top: 0, width: Math.round(200 * perPoint), height: Math.round(110 * perPoint) })
    .flatten({ background: "#fff" });
  const png = await label.clone().png().toBuffer();
  const { data, info } = await label.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
  if (!code) throw new Error("No QR code found on the label");
  return { text: code.data, png };
}

async function locationOf(page: Page, path: string): Promise<string> {
  const response = await page.request.get(path, { maxRedirects: 0 });
  expect(response.status(), path).toBe(302);
  return response.headers().location!;
}

test.describe("minting Jimmys and printing labels", () => {
  test("an admin mints a range, prints its labels, and each label leads to the right form", async ({ page }, testInfo) => {
    const from = freshSerial();
    const to = from + 2;
    await signInAsAdmin(page);
    await page.getByRole("link", { name: "Mint Jimmys & labels" }).click();
    await expect(page.getByRole("heading", { name: "Mint Jimmys" })).toBeVisible();
    await expectAccessible(page);
    await waitForHydration(page, testInfo);

    await page.getByLabel("First serial").fill(String(to));
    await page.getByLabel("Last serial").fill(String(from));
    await page.getByRole("button", { name: "Mint and make labels" }).click();
    await expect(page.getByText("The last serial must not be below the first.")).toBeVisible();
    await expect(page.getByLabel("First serial")).toHaveValue(String(to));

    await page.getByLabel("First serial").fill(String(from));
    await page.getByLabel("Last serial").fill(String(to));
    await page.getByRole("button", { name: "Mint and make labels" }).click();
    await expect(page.getByText("3 new Jimmys in")).toBeVisible();
    const downloads = page.getByTestId("label-downloads");
    await expect(downloads).toContainText(`Labels for #${from}–#${to}`);

    const pdf = await page.request.get(await downloads.getByRole("link", { name: "Download PDF" }).getAttribute("href").then(String));
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect(pdf.headers()["content-disposition"]).toBe(`attachment; filename="jimmy-labels-${from}-${to}.pdf"`);
    expect((await pdf.body()).subarray(0, 8).toString()).toBe("%PDF-1.4");

    const svg = await page.request.get(await downloads.getByRole("link", { name: "Download SVG" }).getAttribute("href").then(String));
    expect(svg.headers()["content-type"]).toContain("image/svg+xml");
    const sheet = await svg.body();
    // The serial and the check code are printed beside the QR code, for typing in by hand.
    expect(sheet.toString()).toContain(`>#${from}<`);
    expect(sheet.toString()).toContain(`>Code ${checkCode(from)}<`);

    const { text } = await readFirstLabel(sheet);
    expect(text).toBe(`${testInfo.project.use.baseURL}/q/${from}-${checkCode(from)}`);
    await actFromOwnAddress(page);
    const labelPath = new URL(text).pathname;
    // A hunter scanning it signed out is told whom they found and asked to sign in; they come back to
    // the label's address and land on the Jimmy's first-discovery form with a scan proof, so the form
    // does not ask for the code.
    await page.goto(text);
    await expect(page).toHaveURL(new RegExp(`${labelPath}$`));
    await expect(page.getByRole("heading", { level: 1, name: `You found Jimmy #${from}!` })).toBeVisible();
    await signIn(page, uniqueName("Scanner"), "Tester", labelPath);
    await expect(page).toHaveURL(new RegExp(`/jimmy/${from}/first-discovery\\?proof=`));
    await expect(page.getByRole("heading", { name: "First Discovery!" })).toBeVisible();
    await expect(page.getByLabel(/^Code on the label/)).toHaveCount(0);
  });

  test("a label of a Jimmy found before leads to the new-discovery form", async ({ page }) => {
    const { serial } = await makeStoredDiscovery();
    await actFromOwnAddress(page);
    await signInByRequest(page.request, uniqueName("Rescanner"));
    expect(await locationOf(page, `/q/${serial}-${checkCode(serial)}`)).toMatch(new RegExp(`^/jimmy/${serial}/new-discovery\\?proof=`));
    // Typed in lower case with O for 0 and I or L for 1, as people do.
    const sloppy = checkCode(serial).toLowerCase().replace(/0/g, "o").replace(/1/g, "l");
    expect(await locationOf(page, `/q/${serial}-${sloppy}`)).toMatch(new RegExp(`^/jimmy/${serial}/new-discovery\\?proof=`));
  });
});

test.describe("a QR code that cannot be used", () => {
  test("each failure ends on /found with its explanation, and never leaves the site", async ({ page }) => {
    await actFromOwnAddress(page);
    const minted = freshSerial();
    mint(minted);
    const unminted = freshSerial();
    const wrong = checkCode(minted) === "ZZZZZZ" ? "YYYYYY" : "ZZZZZZ";
    const cases: [string, keyof typeof QR_ERRORS][] = [
      ["/q/hello", "invalid_qr"],
      [`/q/${minted}`, "invalid_qr"],
      [`/q/${minted}-ABC`, "invalid_qr"],
      ["/q/https%3A%2F%2Fevil.example%2F", "invalid_qr"],
      [`/q/${unminted}-${checkCode(unminted)}`, "invalid_serial"],
      [`/q/${minted}-${wrong}`, "invalid_check"],
    ];
    for (const [path, error] of cases) {
      expect(await locationOf(page, path), path).toBe(`/found?error=${error}`);
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/found\\?error=${error}$`));
      await expect(page.getByTestId("qr-error-message")).toContainText(QR_ERRORS[error]);
    }
    // server_error is what a failure inside the server shows (the loader's own unit test triggers one).
    await page.goto("/found?error=server_error");
    await expect(page.getByTestId("qr-error-message")).toHaveText(QR_ERRORS.server_error);
  });

  test("after 20 codes that could not be verified, a connection is refused for a while, even with a right code", async ({
    page,
    browser,
  }) => {
    await actFromOwnAddress(page);
    const serial = freshSerial();
    mint(serial);
    const wrong = checkCode(serial) === "ZZZZZZ" ? "YYYYYY" : "ZZZZZZ";
    for (let i = 0; i < 20; i++) {
      expect(await locationOf(page, `/q/${serial}-${wrong}`)).toBe("/found?error=invalid_check");
    }
    const refused = await page.goto(`/q/${serial}-${checkCode(serial)}`);
    expect(refused?.status()).toBe(429);
    expect(Number(refused?.headers()["retry-after"])).toBeGreaterThan(800);
    await expect(page.getByRole("heading", { name: "Too many attempts" })).toBeVisible();
    await expectAccessible(page);

    const other = await browser.newPage();
    try {
      await actFromOwnAddress(other);
      // Another connection is not refused: a signed-out finder there is told whom they found.
      expect((await other.request.get(`/q/${serial}-${checkCode(serial)}`, { maxRedirects: 0 })).status()).toBe(200);
    } finally {
      await other.close();
    }
  });
});

test.describe("the scan page", () => {
  test("a signed-out hunter is asked to sign in first, then comes back to /scan", async ({ page }, testInfo) => {
    await page.goto("/scan");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fscan$/);

    await page.goto("/");
    await waitForHydration(page, testInfo);
    await page.getByRole("link", { name: "Scan QR Code" }).click();
    if (jsEnabled(testInfo)) await expect(page.getByText("Sign in required")).toBeVisible();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fscan$/);
    await page.getByLabel("First name").fill(uniqueName("Scout"));
    await page.getByRole("button", { name: "Sign in locally" }).click();
    await expect(page).toHaveURL(/\/scan$/);
    await expect(page.getByRole("heading", { name: "Found a Jimmy?" })).toBeVisible();
  });

  test("the home actions and the mobile navigation open /scan", async ({ page }) => {
    await signIn(page, uniqueName("Nav"));
    await page.goto("/");
    await page.getByRole("link", { name: "Manual Upload" }).click();
    await expect(page).toHaveURL(/\/scan#manual$/);
    await expect(page.getByRole("heading", { name: "Type it in" })).toBeVisible();
    await page.goto("/");
    await page.getByRole("link", { name: "Report a discovery" }).click();
    await expect(page).toHaveURL(/\/scan$/);
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/");
    await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Scan" }).click();
    await expect(page).toHaveURL(/\/scan$/);
    await expect(page.getByRole("heading", { name: "Found a Jimmy?" })).toBeVisible();
  });

  test("a hunter types the number and code from the label; a wrong code is explained and kept", async ({ page }, testInfo) => {
    await signIn(page, uniqueName("Typist"));
    await actFromOwnAddress(page);
    const serial = freshSerial();
    mint(serial);
    await page.goto("/scan#manual");
    await expectAccessible(page);
    if (!jsEnabled(testInfo)) await expect(page.getByText("Scanning needs JavaScript.")).toBeVisible();
    await waitForHydration(page, testInfo);

    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Enter the Jimmy's number as printed on the label, e.g. 42.")).toBeVisible();
    await expect(page.getByText("Enter the 6-character code printed under the number.")).toBeVisible();

    const wrong = checkCode(serial) === "ZZZZZZ" ? "YYYYYY" : "ZZZZZZ";
    await page.getByLabel("Jimmy number").fill(`#${serial}`);
    await page.getByLabel("Check code").fill(wrong);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText(`That code doesn't match Jimmy #${serial}. Please check each character against the label.`)).toBeVisible();
    await expect(page.getByLabel("Check code")).toHaveValue(wrong);
    await expect(page.getByLabel("Check code")).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);

    const unminted = freshSerial();
    await page.getByLabel("Jimmy number").fill(String(unminted));
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText(`There is no Jimmy #${unminted}. Please check the number on the label.`)).toBeVisible();

    await page.getByLabel("Jimmy number").fill(String(serial));
    // Typed exactly as printed on the label.
    await page.getByLabel("Check code").fill(` Code ${checkCode(serial).toLowerCase()} `);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}/first-discovery\\?proof=`));
    await expect(page.getByLabel(/^Code on the label/)).toHaveCount(0);
  });

  test("with JavaScript, a photo of the label is read and opens the Jimmy's form", async ({ page }, testInfo) => {
    const serial = freshSerial();
    mint(serial);
    await signInAsAdmin(page);
    const sheet = await (await page.request.get(`/admin/labels?from=${serial}&to=${serial}&format=svg`)).body();
    const { png } = await readFirstLabel(sheet);
    await signIn(page, uniqueName("Snapper"), "Tester", "/scan");
    await expect(page).toHaveURL(/\/scan$/);
    if (!jsEnabled(testInfo)) {
      // Without JavaScript there is no scanner, only the explanation and the form.
      await expect(page.getByRole("button", { name: "Start camera" })).toHaveCount(0);
      await expect(page.getByLabel("Check code")).toBeVisible();
      return;
    }
    await waitForHydration(page, testInfo);
    await expect(page.getByRole("button", { name: "Start camera" })).toBeVisible();
    await page.getByLabel("Scan from a photo").setInputFiles({ name: "label.png", mimeType: "image/png", buffer: png });
    await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}/first-discovery\\?proof=`));
  });
});
