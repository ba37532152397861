import { expect, test, type Page } from "@playwright/test";
import { actFromOwnAddress, checkCode, freshSerial, makeStoredDiscovery, mint } from "./admin-helpers";
import { writeDb } from "./db";
import { expectAccessible, jsEnabled, uniqueName, waitForHydration } from "./helpers";
import { mailFor, waitForMail } from "./mail";

// A finder who has just picked up a Jimmy scans its label on a phone, signed
// out (issue 29, item 5): the page says who they found and lets them sign in
// any way, the email code included, straight to the report form.

test.use({ viewport: { width: 412, height: 823 } });

const SUBJECT = /^Your sign-in code for /;
const labelPath = (serial: number) => `/q/${serial}-${checkCode(serial)}`;
const codeIn = (text: string | undefined) => /^(\d{6})$/m.exec(text ?? "")![1]!;
const anotherCode = (code: string) => (code === "000000" ? "000001" : "000000");

async function expectSignInChoices(page: Page) {
  for (const label of ["Continue with Apple", "Continue with Meta", "Continue with Google"]) {
    await expect(page.getByRole("link", { name: label })).toBeVisible();
  }
  await expect(page.getByLabel("Email address")).toBeVisible();
  await expect(page.getByRole("button", { name: "Email me a code" })).toBeVisible();
}

async function newestCode(email: string): Promise<string> {
  const mails = await mailFor(email, SUBJECT);
  return codeIn(mails[mails.length - 1]!.parsed.text);
}

async function askForCode(page: Page, email: string) {
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Email me a code" }).click();
  await expect(page.getByRole("status")).toContainText(`We sent a 6-digit code to ${email}`);
}

async function typeCode(page: Page, code: string) {
  await page.getByLabel("Code from the email").fill(code);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test.describe("a finder who scans a label signed out", () => {
  test("is told whom they found, sees his last sighting and why to sign in, and signs in with an emailed code straight to the report form", async ({
    page,
  }, testInfo) => {
    const { serial, caption } = await makeStoredDiscovery();
    await actFromOwnAddress(page);
    const response = await page.goto(labelPath(serial));
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toBe("no-store");
    await expect(page.getByRole("heading", { level: 1, name: `You found Jimmy #${serial}!` })).toBeVisible();
    await expect(page).toHaveTitle(`You found Jimmy #${serial}!`);
    await expect(page.getByRole("heading", { name: "His last sighting" })).toBeVisible();
    await expect(
      page.getByRole("link", { name: new RegExp(`^View full-size photo: Jimmy #${serial} in Zilker Park, Austin`) }),
    ).toBeVisible();
    await expect(page.getByText("Zilker Park, Austin", { exact: true })).toBeVisible();
    expect(caption).toBeTruthy();
    await expect(page.getByRole("heading", { name: "Sign in to record your find" })).toBeVisible();
    await expect(page.getByText("Signing in puts this find under your name")).toContainText("Browsing stays open to everyone.");
    await expectSignInChoices(page);
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath("scan-page.png"), fullPage: true });

    const email = `${uniqueName("finder")}@example.com`.toLowerCase();
    await waitForHydration(page, testInfo);
    await page.getByLabel("Email address").fill("not an address");
    await page.getByRole("button", { name: "Email me a code" }).click();
    await expect(page.getByText("That doesn't look like an email address")).toBeVisible();
    await expect(page.getByLabel("Email address")).toHaveValue("not an address");

    await askForCode(page, email);
    const mail = await waitForMail(email, SUBJECT);
    const code = codeIn(mail.parsed.text);
    // The email is the hunt's own words and the code: not the label's code, nor where the finder was going.
    expect(mail.parsed.text).not.toContain(checkCode(serial));
    expect(mail.parsed.text).not.toContain("/q/");

    await typeCode(page, anotherCode(code));
    await expect(page.getByText("That isn't the code we sent. Check the email and try again (4 tries left).")).toBeVisible();
    await expect(page.getByLabel("Code from the email")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("status")).toContainText(`Type the code we sent to ${email}`);
    await expectAccessible(page);

    await typeCode(page, `${code.slice(0, 3)} ${code.slice(3)}`);
    await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}/new-discovery\\?proof=`));
    await expect(page.getByText("Label checked: you scanned this Jimmy's code.")).toBeVisible();
    await expect(page.getByLabel(/^Code on the label/)).toHaveCount(0);
    await expect(page.getByText("Other hunters see you as Hunter until you choose a name on your account page.")).toBeVisible();
    expect(((await (await page.request.get("/api/auth/user")).json()) as { firstName: string }).firstName).toBe("Hunter");
    if (!jsEnabled(testInfo)) expect(await mailFor(email, SUBJECT)).toHaveLength(1);
  });

  test("of a Jimmy nobody has found is told they are the first, and signing in with Google keeps the scan", async ({ page }) => {
    const serial = freshSerial();
    mint(serial);
    await actFromOwnAddress(page);
    await page.goto(labelPath(serial));
    await expect(page.getByRole("heading", { level: 1, name: `You found Jimmy #${serial}!` })).toBeVisible();
    await expect(page.getByText("You're the first to find him!")).toBeVisible();
    await expect(page.getByRole("heading", { name: "His last sighting" })).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole("link", { name: "Continue with Google" }).click();
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/interaction\//);
    await page.getByPlaceholder("Enter any login").fill(`ada.lovelace.${uniqueName("s")}`);
    await page.getByPlaceholder("and password").fill("any-password");
    await page.getByRole("button", { name: "Sign-in" }).click();
    await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}/first-discovery\\?proof=`));
    await expect(page.getByText("Label checked: you scanned this Jimmy's code.")).toBeVisible();
  });
});

test.describe("signing in with a code sent by email", () => {
  test("from /login: an expired code is explained with the address kept, a new one works, and the same address is the same hunter", async ({
    page,
    context,
  }, testInfo) => {
    await actFromOwnAddress(page);
    const email = `${uniqueName("coder")}@example.com`.toLowerCase();
    await page.goto("/login?redirectTo=%2Fhall-of-fame");
    await expect(page.getByRole("heading", { level: 1, name: "Join the Hunt" })).toBeVisible();
    await waitForHydration(page, testInfo);
    await askForCode(page, email);
    const first = codeIn((await waitForMail(email, SUBJECT)).parsed.text);
    const db = writeDb();
    try {
      db.prepare("update sign_in_codes set expires_at = ? where email = ?").run(new Date(Date.now() - 1000).toISOString(), email);
    } finally {
      db.close();
    }
    await typeCode(page, first);
    await expect(page.getByText("That code has expired or was already used. Ask for a new one.")).toBeVisible();
    await expect(page.getByLabel("Code from the email")).toHaveValue(first);

    await page.getByRole("button", { name: "Send a new code" }).click();
    await expect(page.getByRole("status")).toContainText(`We sent a 6-digit code to ${email}`);
    await expect.poll(async () => (await mailFor(email, SUBJECT)).length).toBe(2);
    const second = await newestCode(email);
    await typeCode(page, second);
    await expect(page).toHaveURL(/\/hall-of-fame$/);
    const me = (await (await page.request.get("/api/auth/user")).json()) as { id: number };

    await context.clearCookies();
    await page.goto("/login");
    await waitForHydration(page, testInfo);
    await askForCode(page, email.toUpperCase());
    await expect.poll(async () => (await mailFor(email, SUBJECT)).length).toBe(3);
    await typeCode(page, await newestCode(email));
    await expect(page.getByText("Welcome, Hunter!")).toBeVisible();
    expect(((await (await page.request.get("/api/auth/user")).json()) as { id: number }).id).toBe(me.id);
  });

  test("a request from another site is refused and sends nothing", async ({ page }) => {
    const email = `${uniqueName("forged")}@example.com`.toLowerCase();
    const response = await page.request.post("/login", {
      form: { intent: "email-code", email, redirectTo: "/" },
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect(await mailFor(email, SUBJECT)).toEqual([]);
  });
});
