/**
 * The server's log and metrics, JavaScript on and off: a hunter signs in,
 * reports a discovery with a photo that carries its GPS position, comments,
 * changes their email address through the emailed link and meets an error
 * page. The test server's log (tests/support/test-server.ts writes it to a
 * file) then has one JSON line per request, named by route pattern, request
 * id and a hash of the hunter, and none of the secrets the run handled: the
 * session cookie, the email link's token, the address, the admin password,
 * the comment, the photo's position. /metrics counted the run.
 */
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { readExif } from "~/lib/exif";
import { E2E_ADMIN_PASSWORD, E2E_SERVER_LOG } from "../support/e2e-data";
import { ROTATED_GPS_JPEG } from "../support/photos";
import { fillLabelCode } from "./admin-helpers";
import { writeDb } from "./db";
import { jsEnabled, REPORT_SAVED_MS, signIn, uniqueName, waitForHydration } from "./helpers";
import { linkIn, waitForMail } from "./mail";
import { postFormComment } from "./social";

type LogLine = {
  level: string;
  time: string;
  msg: string;
  reqId?: string;
  method?: string;
  route?: string;
  path?: string;
  status?: number | string;
  hunter?: string;
};

const fixture = fs.readFileSync(ROTATED_GPS_JPEG);
const fixtureGps = readExif(fixture.buffer.slice(fixture.byteOffset, fixture.byteOffset + fixture.length));

function logLines(): LogLine[] {
  return fs
    .readFileSync(E2E_SERVER_LOG, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LogLine);
}

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

/** The sum of a metric's samples that have these labels (among others), 0 before any was counted. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  let sum = 0;
  for (const line of text.split("\n")) {
    const match = /^([a-z_]+)\{(.*)\} (\S+)$/.exec(line);
    if (match?.[1] === name && wanted.every((label) => match[2]!.split(",").includes(label))) sum += Number(match[3]);
  }
  return sum;
}

test("a hunter's visit leaves one JSON log line per request, with its route, id and hunter hash, and no secret; /metrics counts it", async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const before = await (await request.get("/metrics")).text();
  const serial = mintJimmy();
  const name = uniqueName("Logged");

  await signIn(page, name, "Tester", `/jimmy/${serial}/new-discovery`);
  await waitForHydration(page, testInfo);
  await page.getByLabel(/^Photo/).setInputFiles(ROTATED_GPS_JPEG);
  if (jsEnabled(testInfo)) {
    // The photo's precise position goes with the report.
    await page.getByRole("button", { name: "Use the photo's location" }).click();
    await expect(page.getByTestId("captured-position")).toHaveText(
      `${fixtureGps.latitude!.toFixed(4)}, ${fixtureGps.longitude!.toFixed(4)}`,
    );
  }
  await page.getByLabel(/^Location/).fill("Congress Avenue Bridge, Austin, TX");
  await fillLabelCode(page, serial);
  await page.getByRole("button", { name: "Share Discovery" }).click();
  await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}$`), { timeout: REPORT_SAVED_MS });

  const comment = `Saw him by the water ${name}`;
  expect((await postFormComment(page.request, serial, { content: comment })).status()).toBe(302);

  const address = `${name.toLowerCase()}@example.com`;
  await page.goto("/account");
  await page.getByLabel("Your address").fill(address);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByText(`We sent a link to ${address}`)).toBeVisible();
  const link = linkIn(await waitForMail(address, /^Confirm your email address/), "/account/email/");
  const token = new URL(link).pathname.split("/").at(-1)!;
  await page.goto(link);
  await page.getByRole("button", { name: `Confirm ${address}` }).click();
  await expect(page.getByTestId("current-email")).toContainText(`Your news goes to ${address}`);

  // The error page shows the id its log line has, for the hunter to quote.
  const missing = await page.goto(`/no-such-page-${name}`);
  expect(missing!.status()).toBe(404);
  const requestId = missing!.headers()["x-request-id"]!;
  expect(requestId).toMatch(/^[0-9a-f]{16}$/);
  await expect(page.locator("#request-id")).toHaveText(requestId);
  await page.screenshot({ path: testInfo.outputPath("error-page-reference.png"), fullPage: true });

  await expect.poll(() => logLines().some((line) => line.reqId === requestId)).toBe(true);
  const lines = logLines();
  const errorLine = lines.find((line) => line.reqId === requestId)!;
  expect(errorLine).toMatchObject({
    level: "info",
    msg: "request",
    method: "GET",
    route: "/*",
    path: `/no-such-page-${name}`,
    status: 404,
  });
  expect(errorLine.time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  // The hunter is named by a hash, the same on each of their requests.
  const hunter = errorLine.hunter!;
  expect(hunter).toMatch(/^[A-Za-z0-9_-]{16}$/);
  const theirs = lines.filter((line) => line.hunter === hunter);
  expect(theirs).toContainEqual(
    expect.objectContaining({ method: "POST", route: "/jimmy/:serial/new-discovery", path: `/jimmy/${serial}/new-discovery` }),
  );
  expect(theirs).toContainEqual(expect.objectContaining({ method: "POST", route: "/jimmy/:serial", status: 302 }));
  // The email link's path is logged with its token hidden.
  expect(theirs).toContainEqual(expect.objectContaining({ route: "/account/email/:token", path: "/account/email/:token" }));

  const log = fs.readFileSync(E2E_SERVER_LOG, "utf8");
  const secrets = [
    ...(await context.cookies()).map((cookie) => cookie.value).filter((value) => value.length >= 16),
    token,
    decodeURIComponent(token),
    address,
    E2E_ADMIN_PASSWORD,
    comment,
    fixtureGps.latitude!.toFixed(4),
    fixtureGps.longitude!.toFixed(4),
  ];
  for (const secret of secrets) expect(log, `the log holds "${secret}"`).not.toContain(secret);
  // Nor any email address, cookie or query string of anyone else's run.
  expect(log).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
  expect(log).not.toMatch(/jh_session|"cookie"|"authorization"/i);
  expect(lines.filter((line) => line.msg === "request" && line.path?.includes("?"))).toEqual([]);

  // The run moved the counters of /metrics (loopback, no proxy: the test server sets no METRICS_TOKEN).
  const after = await (await request.get("/metrics")).text();
  const moved = (name: string, labels: Record<string, string>) => sample(after, name, labels) - sample(before, name, labels);
  // (Its status: a redirect without JavaScript, the data answer of single fetch with it.)
  expect(moved("jimmy_http_requests_total", { method: "POST", route: "/jimmy/:serial/new-discovery" })).toBeGreaterThanOrEqual(1);
  expect(moved("jimmy_http_requests_total", { method: "GET", route: "/*", status: "404" })).toBeGreaterThanOrEqual(1);
  expect(moved("jimmy_mail_total", { outcome: "sent" })).toBeGreaterThanOrEqual(1);
  expect(moved("jimmy_job_attempts_total", { kind: "email-confirmation", outcome: "done" })).toBeGreaterThanOrEqual(1);
});
