import { expect, test } from "@playwright/test";
import { expectAccessible } from "./helpers";

const CASES: [string, string][] = [
  ["invalid_qr", "The QR code appears to be malformed or incomplete. Please try scanning again."],
  ["invalid_serial", "The Jimmy serial number is not valid. Please contact support if this continues."],
  [
    "invalid_check",
    "Sorry, this QR code could not be verified. This could be due to damage to the QR code, camera focus issues, or scanning problems. Please try scanning again with good lighting and a steady hand. If this continues, please report the Jimmy number to support.",
  ],
  ["server_error", "A server error occurred while processing the QR code. Please try again in a moment."],
  ["something_else", "An unknown error occurred. Please try scanning again."],
  ["", "An unknown error occurred. Please try scanning again."],
];

test.describe("the QR result page", () => {
  for (const [code, message] of CASES) {
    test(`a hunter whose scan failed with '${code}' is told what happened`, async ({ page }) => {
      const response = await page.goto(`/found?error=${encodeURIComponent(code)}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { name: "QR Code Error" })).toBeVisible();
      await expect(page.getByTestId("qr-error-message")).toHaveText(message);
      await page.getByRole("link", { name: "Go Home" }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  }

  test("without an error it shows the processing state", async ({ page }) => {
    await page.goto("/found");
    await expect(page.getByRole("heading", { name: "Processing QR Code..." })).toBeVisible();
    await expect(page.getByText("Please wait...")).toBeVisible();
    await expectAccessible(page);
  });

  test("when nothing happens after a scan, it says after a few seconds what to do: scan again or type the code", async ({ page }) => {
    await page.goto("/found");
    const help = page.getByTestId("found-stuck-help");
    // Not at once: a scan that works moves on before this shows. The help is shown by a CSS
    // animation's delay, which a busy machine may have let run out before the page is looked
    // at, so the page's own animation is taken back to its start and checked from there.
    const delay = await help.evaluate((element) => {
      const [reveal] = element.getAnimations();
      reveal!.pause();
      reveal!.currentTime = 0;
      return Number(reveal!.effect!.getTiming().delay);
    });
    expect(delay).toBeGreaterThanOrEqual(3000);
    await expect(help).toBeHidden();
    await help.evaluate((element) => element.getAnimations()[0]!.play());
    await expect(help).toBeVisible({ timeout: 20_000 });
    await expect(help).toContainText("Still nothing?");
    await expect(help).toContainText("Scan the QR code again, or type Jimmy's number and the code printed on the label.");
    await expect(help.getByRole("link", { name: "Scan again" })).toHaveAttribute("href", "/scan");
    await expect(help.getByRole("link", { name: "Type the code" })).toHaveAttribute("href", "/scan#manual");
  });

  test("an error message is shown as text, never as markup", async ({ page }) => {
    await page.goto(`/found?error=${encodeURIComponent("<img src=x onerror=alert(1)>")}`);
    await expect(page.getByTestId("qr-error-message")).toHaveText("An unknown error occurred. Please try scanning again.");
    await expect(page.locator("img[src=x]")).toHaveCount(0);
  });
});
