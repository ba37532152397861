import { expect, test } from "@playwright/test";

test("a visitor reads the privacy policy with every fact the hunt promises", async ({ page }) => {
  await page.goto("/privacy-policy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  const article = page.locator("article");
  await expect(article).toContainText("Effective date: August 30, 2025");
  await expect(article).toContainText("within 45 days");
  await expect(article).toContainText("after 10 to 14 business days");
  await expect(article).toContainText("CC BY-NC 4.0");
  await expect(article).toContainText("at least 13 years old");
  await expect(article).toContainText("Texas-based operator");
  await expect(article).toContainText("located in the United States only");
});
