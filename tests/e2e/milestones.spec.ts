/**
 * Milestones (issue 23, item 4): a report that takes a Jimmy past a distance
 * or into a new country shows it on the Jimmy's timeline, on the profile of
 * the hunter who reached it, and in their notifications. JavaScript on and off.
 */
import { expect, test } from "@playwright/test";
import { ROTATED_GPS_JPEG } from "../support/photos";
import { fillLabelCode } from "./admin-helpers";
import { queryOne, writeDb } from "./db";
import { REPORT_SAVED_MS, signIn, uniqueName, waitForHydration } from "./helpers";
import { foundJimmy } from "./social";

test.use({ viewport: { width: 390, height: 844 } });

/** A Jimmy found once, last seen in London with a measured position. */
function jimmyInLondon(): number {
  const serial = foundJimmy();
  const db = writeDb();
  try {
    db.prepare(
      "update discoveries set latitude = 51.5074, longitude = -0.1278, city = 'London', region = null, country = 'GB', location = null where jimmy_id = (select id from jimmys where serial_number = ?)",
    ).run(serial);
  } finally {
    db.close();
  }
  return serial;
}

test("a find that carries a Jimmy from London to Austin shows its milestones on the timeline, the finder's profile and notifications", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const serial = jimmyInLondon();
  const first = uniqueName("Carrier");
  await signIn(page, first, "Finder", `/jimmy/${serial}/new-discovery`);
  await waitForHydration(page, test.info());
  // The photo was taken in Austin (its GPS), 4,900 miles from London.
  await page.getByLabel(/^Photo/).setInputFiles(ROTATED_GPS_JPEG);
  await page.getByLabel(/^Location/).fill("Congress Avenue Bridge, Austin, TX");
  await fillLabelCode(page, serial);
  await page.getByRole("button", { name: "Share Discovery" }).click();
  await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}$`), { timeout: REPORT_SAVED_MS });

  const newest = page.getByTestId("timeline-entry").first();
  await expect(newest.getByTestId("milestone")).toHaveText([
    "★ 100 miles (161 km) travelled",
    "★ 1,000 miles (1,609 km) travelled",
    "★ First time in United States",
  ]);
  // The first find reached none.
  await expect(page.getByTestId("timeline-entry").nth(1).getByTestId("milestone")).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("milestones-timeline.png") });

  const { id: hunterId } = queryOne<{ id: number }>("select id from users where first_name = ?", first);
  await page.goto(`/hunters/${hunterId}`);
  const reached = page.getByTestId("hunter-milestone");
  await expect(reached).toHaveCount(3);
  await expect(reached.first()).toContainText("100 miles (161 km) travelled");
  await expect(reached.first().getByRole("link", { name: `Jimmy #${serial}` })).toHaveAttribute(
    "href",
    new RegExp(`^/jimmy/${serial}#discovery-\\d+$`),
  );

  await page.goto("/notifications");
  const told = page.getByTestId("notification").filter({ hasText: `Your discovery of Jimmy #${serial} reached a milestone` });
  await expect(told).toHaveCount(1);
  await expect(told.getByTestId("notification-excerpt")).toHaveText(
    "100 miles (161 km) travelled · 1,000 miles (1,609 km) travelled · First time in United States",
  );
});
