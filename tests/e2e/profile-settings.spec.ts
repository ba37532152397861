/**
 * A hunter's name and photo, theirs to change on the account page (issue 25,
 * item 1): plain forms, JavaScript on and off; a refused name keeps what was
 * typed and says why.
 */
import { expect, test } from "@playwright/test";
import { ROTATED_GPS_JPEG } from "../support/photos";
import { queryOne } from "./db";
import { signIn, uniqueName, waitForHydration } from "./helpers";

test.use({ viewport: { width: 412, height: 823 } });

test("a hunter renames themselves; the hunt's team name is refused and what they typed stays", async ({ page }, testInfo) => {
  await signIn(page, uniqueName("Namer"));
  await page.goto("/account");
  await waitForHydration(page, testInfo);

  await page.getByLabel("First name").fill("Administrator");
  await page.getByLabel("Last name (optional)").fill("Pat");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText("That name belongs to the hunt's team. Choose a name of your own.")).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue("Administrator");
  await expect(page.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");

  const chosen = uniqueName("Trailblazer");
  await page.getByLabel("First name").fill(chosen);
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText(`Other hunters now see you as ${chosen} Pat.`)).toBeVisible();
  await expect(page.getByTestId("header-avatar")).toHaveAttribute("title", `${chosen} Pat: your account`);
  const user = queryOne<{ name_chosen: number }>("select name_chosen from users where first_name = ?", chosen);
  expect(user.name_chosen).toBe(1);
});

test("a hunter uploads a photo of their own, then shows none", async ({ page }, testInfo) => {
  const name = uniqueName("Portrait");
  await signIn(page, name);
  await page.goto("/account");
  await waitForHydration(page, testInfo);

  // Asking for their own photo without choosing a file says so.
  await page.getByLabel("A photo of your own").check();
  await page.getByRole("button", { name: "Save photo" }).click();
  await expect(page.getByText("Choose a picture to upload: a JPEG, PNG or WebP photo.")).toBeVisible();
  await expect(page.getByLabel("A photo of your own")).toBeChecked();

  await page.getByLabel("Photo to upload (JPEG, PNG or WebP, up to 10 MB)").setInputFiles(ROTATED_GPS_JPEG);
  await page.getByRole("button", { name: "Save photo" }).click();
  await expect(page.getByText("Your new photo is shown with your name.")).toBeVisible();
  const header = page.getByTestId("header-avatar").locator("img");
  await expect(header).toHaveAttribute("src", /\/avatars\/[0-9a-f]{24}\.webp/);
  const src = (await header.getAttribute("src"))!;
  const picture = await page.request.get(src);
  expect(picture.status()).toBe(200);
  expect(picture.headers()["content-type"]).toBe("image/webp");
  await page.screenshot({ path: testInfo.outputPath("own-photo.png") });

  await page.getByLabel("No photo: show my initials").check();
  await page.getByRole("button", { name: "Save photo" }).click();
  await expect(page.getByText("Your initials are shown instead of a photo.")).toBeVisible();
  await expect(page.getByTestId("header-avatar").locator("img")).toHaveCount(0);
  await expect(page.getByTestId("header-avatar")).toContainText(name.charAt(0).toUpperCase());
  // The uploaded picture left storage with it.
  expect((await page.request.get(src)).status()).toBe(404);
});

test("a file that is not a photo is refused with the reason", async ({ page }, testInfo) => {
  await signIn(page, uniqueName("Prankster"));
  await page.goto("/account");
  await waitForHydration(page, testInfo);
  await page.getByLabel("A photo of your own").check();
  await page
    .getByLabel("Photo to upload (JPEG, PNG or WebP, up to 10 MB)")
    .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture") });
  await page.getByRole("button", { name: "Save photo" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Unsupported photo" })).toBeVisible();
  await expect(page.getByTestId("header-avatar").locator("img")).toHaveCount(0);
});
