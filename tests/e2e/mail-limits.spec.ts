/**
 * The hunt cannot be made to mail strangers (security round three),
 * JavaScript on and off: a hunter who keeps changing their address to
 * someone else's is refused once that address has had its share of
 * confirmation emails, the confirmations carry nothing the hunter chose,
 * and an old unsubscribe link leads to the email settings instead.
 */
import { expect, test } from "@playwright/test";
import { unsubscribeToken } from "../../app/services/email-links.server";
import { E2E_SESSION_SECRET } from "../support/e2e-data";
import { query } from "./db";
import { signInByRequest, uniqueName, waitForHydration } from "./helpers";
import { mailFor } from "./mail";

const REFUSED = "You've asked for a lot of confirmation emails to that address in a short time. Please wait 24 hours and try again.";

test("a hunter who keeps changing their address to a stranger's is refused the fourth time, and the stranger gets three fixed emails", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // The name is a sales pitch with line breaks, sent straight to the sign-in form.
  const pitch = uniqueName("WIN");
  const userId = await signInByRequest(page.request, `${pitch}\r\nBcc: l@x.example`, "$500\tspam.example");
  expect(query<{ first_name: string; last_name: string }>("select first_name, last_name from users where id = ?", userId)).toEqual([
    { first_name: `${pitch} Bcc: l@x.example`, last_name: "$500 spam.example" },
  ]);
  const stranger = `${uniqueName("stranger").toLowerCase()}@example.com`;

  await page.goto("/account");
  await waitForHydration(page, test.info());
  for (let i = 1; i <= 3; i++) {
    await page.getByLabel("Your address").fill(stranger);
    await page.getByRole("button", { name: "Send the link" }).click();
    await expect(page.getByText(`We sent a link to ${stranger}`)).toBeVisible();
    await expect(page.getByTestId("current-email")).toContainText(`Waiting for you to confirm ${stranger}`);
    await page.goto("/account");
  }
  await page.getByLabel("Your address").fill(stranger);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByText(REFUSED)).toBeVisible();
  await expect(page.getByLabel("Your address")).toHaveValue(stranger);

  // The refusal is a 429 that says when to come back, like every other limit.
  const again = await page.request.post("/account", {
    form: { intent: "email", email: stranger.toUpperCase() },
    headers: { Origin: new URL(baseURL!).origin },
    maxRedirects: 0,
  });
  expect(again.status()).toBe(429);
  expect(Number(again.headers()["retry-after"])).toBeGreaterThan(23 * 60 * 60);

  await expect.poll(async () => (await mailFor(stranger, /./)).length, { timeout: 15_000 }).toBe(3);
  // No confirmation is still on its way (the queue is drained), and the stranger has three.
  await expect
    .poll(() => query<{ n: number }>("select count(*) as n from jobs where kind = 'email-confirmation' and finished_at is null")[0]!.n)
    .toBe(0);
  const mails = await mailFor(stranger, /./);
  expect(mails).toHaveLength(3);
  for (const mail of mails) {
    expect(mail.parsed.subject).toMatch(/^Confirm your email address for /);
    expect(mail.parsed.text).toMatch(/^Hello,\n\nSomeone \(we hope you\) asked .+ to send your news to this address\./);
    for (const part of [mail.parsed.text ?? "", String(mail.parsed.html)]) {
      expect(part).not.toContain(pitch);
      expect(part).not.toMatch(/spam\.example|Bcc:/);
    }
  }
});

test("an unsubscribe link past its 60 days leads to the email settings, and its one click says why it did nothing", async ({
  page,
  request,
}) => {
  const userId = await signInByRequest(page.request, uniqueName("Lapsed"));
  const old = unsubscribeToken(userId, E2E_SESSION_SECRET, new Date(Date.now() - 61 * 24 * 60 * 60_000));

  const opened = await page.goto(`/email/unsubscribe/${old}`);
  expect(opened!.status()).toBe(410);
  await expect(page.getByRole("heading", { name: "This unsubscribe link has expired" })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("The unsubscribe link in an email works for 60 days");
  await page.getByRole("link", { name: "Your email settings" }).click();
  await expect(page.getByRole("heading", { name: "Your account", exact: true })).toBeVisible();
  await expect(page.getByLabel("No email — news in the app only")).toBeVisible();

  const oneClick = await request.post(`/email/unsubscribe/${old}/one-click`, {
    form: { "List-Unsubscribe": "One-Click" },
    headers: { Origin: "https://mail.example", "Sec-Fetch-Site": "cross-site" },
  });
  expect(oneClick.status()).toBe(410);
  expect(await oneClick.text()).toMatch(/^This unsubscribe link has expired: they work for 60 days\. Sign in at http.+\/account/);
});
