import { expect, test, type Page } from "@playwright/test";
import { fillLabelCode, freshSerial, mint } from "./admin-helpers";
import { query } from "./db";
import { jsEnabled, signIn, uniqueName, waitForHydration } from "./helpers";
import { plantJourney } from "./journeys";
import { foundJimmy, openCommentBox, useOwnAddress, waitFillTime } from "./social";

// A phone: a long page is several screens tall, and a message at the far end of it is out of sight.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** A Jimmy with a full first page of timeline: its comment box is screens below the page's top. */
function longJimmy(): number {
  const places = Array.from({ length: 12 }, (_, i) => ({ latitude: 30 + i / 10, longitude: -97 - i / 10, location: `Stop ${i + 1}` }));
  return plantJourney(places).serial;
}

function hiddenJimmy(): number {
  const serial = freshSerial();
  mint(serial);
  return serial;
}

function storedComments(content: string) {
  return query<{ author_name: string | null }>("select author_name from comments where content = ?", content);
}

const commentBox = (page: Page) => page.getByRole("form", { name: "Add a comment" });

test.describe("a form's answer is where the finder is looking", () => {
  test.beforeEach(async ({ context }) => {
    await useOwnAddress(context);
  });

  test("a visitor whose comment is refused lands at the comment box, with the reason in view and the comment kept", async ({ page }) => {
    const serial = longJimmy();
    await page.goto(`/jimmy/${serial}`);
    await openCommentBox(page);
    const content = `Official news ${uniqueName("")}`;
    await commentBox(page).getByLabel("Your comment").fill(content);
    await commentBox(page)
      .getByLabel(/^Your name/)
      .fill("ADMlN"); // a small L for the I: the honest-names check folds it as "ADMIN"
    await waitFillTime(page);
    await commentBox(page).getByRole("button", { name: "Post Comment" }).click();

    const reason = commentBox(page).getByText("That name belongs to the hunt's team.", { exact: false });
    await expect(reason).toBeVisible();
    if (!jsEnabled(test.info())) await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}#add-comment$`));
    await expect(reason).toBeInViewport();
    await expect(commentBox(page).getByLabel("Your comment")).toHaveValue(content);
    expect(storedComments(content)).toEqual([]);
  });

  test("a visitor who presses Enter in the name field posts the comment (not the sign-in offer)", async ({ page }) => {
    const serial = longJimmy();
    await page.goto(`/jimmy/${serial}`);
    await openCommentBox(page);
    const content = `Entered ${uniqueName("")}`;
    await commentBox(page).getByLabel("Your comment").fill(content);
    await commentBox(page)
      .getByLabel(/^Your name/)
      .fill("Wanda");
    await waitFillTime(page);
    await commentBox(page)
      .getByLabel(/^Your name/)
      .press("Enter");

    await expect(page.getByTestId("toast-region").getByText("Comment posted!")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}`));
    expect(storedComments(content)).toEqual([{ author_name: "Wanda" }]);
  });

  for (const kind of ["first", "new"] as const) {
    test(`a hunter whose ${kind === "first" ? "first" : "new"}-discovery report is refused sees what to fix without scrolling`, async ({
      page,
    }) => {
      // Found once before, for the new-discovery page.
      const serial = kind === "first" ? hiddenJimmy() : foundJimmy();
      const path = `/jimmy/${serial}/${kind}-discovery`;
      await signIn(page, uniqueName("Refused"), "Finder", path);
      await waitForHydration(page, test.info());
      await fillLabelCode(page, serial);
      // No photo and no place: both are refused (the location field is the form's last).
      await page.getByRole("button", { name: kind === "first" ? "Submit First Discovery" : "Share Discovery" }).click();

      if (jsEnabled(test.info())) {
        // Checked in the page: the photo field is focused, and so scrolled to, with its message beside it.
        const problem = page.getByText("Photo required:", { exact: false });
        await expect(problem).toBeVisible();
        await expect(problem).toBeInViewport();
        return;
      }
      await expect(page).toHaveURL(new RegExp(`${path}\\?send$`));
      const problems = page.getByTestId("report-form-problems");
      await expect(problems).toBeInViewport();
      await expect(problems.getByRole("link", { name: "Photo" })).toBeVisible();
      await expect(problems.getByRole("link", { name: "Location" })).toBeVisible();
      // Each names its field: following it shows the field's own message.
      await problems.getByRole("link", { name: "Location" }).click();
      await expect(page.getByText("Enter where you found Jimmy, or use your current location.")).toBeInViewport();
    });
  }
});
