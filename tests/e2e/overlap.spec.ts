/**
 * Nothing covers what a page offers, and nothing runs off its side (issue
 * 26, item 3): every page at 360, 412 and 1280 px wide, JavaScript on and
 * off. Each link, button and field the page shows is scrolled to the middle
 * of the window (as far as the page lets it) and must be the element found
 * at its centre, not a fixed bar, a banner or a toast over it; and the page
 * must never be wider than the window. On phones, every tap target is at
 * least 24 px square or has that much room (WCAG 2.2, 2.5.8).
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { queryOne } from "./db";
import { jsEnabled, signIn, uniqueName, waitForHydration, waitForMapStandIn } from "./helpers";
import { plantJourney } from "./journeys";
import { foundJimmy, startAdminSession } from "./social";

const WIDTHS = [360, 412, 1280] as const;

type Problem = { control: string; coveredBy: string };

/** In the page: every shown control that something else covers at its centre, and how far the page overflows sideways. */
async function layoutProblems(page: Page): Promise<{ overflow: number; widest: string[]; covered: Problem[] }> {
  return page.evaluate(() => {
    const describe = (el: Element) => {
      const text = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      const id = el.id ? `#${el.id}` : "";
      const testId = el.getAttribute("data-testid") ? `[data-testid=${el.getAttribute("data-testid")}]` : "";
      return `<${el.tagName.toLowerCase()}${id}${testId}> "${text}"`;
    };
    const overflow = document.documentElement.scrollWidth - window.innerWidth;
    const widest =
      overflow > 0
        ? [...document.body.querySelectorAll("*")]
            .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 || el.getBoundingClientRect().left < -1)
            .slice(0, 5)
            .map(describe)
        : [];
    const shown = (el: HTMLElement) => {
      if (el.closest("[aria-hidden=true], [hidden], details:not([open]) > :not(summary)")) return false;
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || style.display === "none" || Number(style.opacity) === 0) return false;
      // Visually hidden (sr-only: clipped to nothing) controls are for screen readers and keyboards, and show themselves on focus.
      if (style.clip === "rect(0px, 0px, 0px, 0px)" || style.clipPath === "inset(50%)") return false;
      const rect = el.getBoundingClientRect();
      return rect.width > 2 && rect.height > 2;
    };
    const controls = [
      ...document.querySelectorAll<HTMLElement>("a[href], button, input:not([type=hidden]), select, textarea, summary"),
    ].filter(shown);
    const covered: Problem[] = [];
    for (const control of controls) {
      control.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
      const rect = control.getBoundingClientRect();
      const x = rect.left + rect.width / 2;
      const y = rect.top + rect.height / 2;
      // Off-screen even when scrolled to (a horizontally scrolled strip): nothing to tap there.
      if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) continue;
      const top = document.elementFromPoint(x, y);
      if (!top || control === top || control.contains(top) || top.contains(control)) continue;
      // A label's own control, or a control inside the same label, is the same target.
      if (top.closest("label") && top.closest("label") === control.closest("label")) continue;
      covered.push({ control: describe(control), coveredBy: describe(top) });
    }
    window.scrollTo(0, 0);
    return { overflow, widest, covered };
  });
}

/**
 * Tap targets smaller than WCAG 2.2's 24 × 24 px without room around them
 * (axe's target-size rule, which spares links inside running text). Axe runs
 * in the page, so only with JavaScript on; the layout is the same without.
 */
async function smallTapTargets(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withRules(["target-size"]).analyze();
  return violations.flatMap((violation) => violation.nodes.map((node) => `${node.target.join(" ")}: ${node.failureSummary ?? ""}`));
}

/** Every page a visitor, a hunter or an admin reaches, each under the identity that sees it. */
function pages() {
  const serial = foundJimmy();
  // A place typed as one long word, as hunters sometimes do: nothing may stretch a page past the window for it.
  const longPlace = plantJourney([
    { latitude: 30.1, longitude: -97.1, location: `Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch${"x".repeat(40)}` },
  ]);
  const discovery = queryOne<{ id: number; user_id: number }>(
    "select d.id, d.user_id from discoveries d join jimmys j on j.id = d.jimmy_id where j.serial_number = ? order by d.id limit 1",
    serial,
  );
  return {
    visitor: [
      "/",
      "/discoveries",
      `/jimmy/${serial}`,
      `/jimmy/${longPlace.serial}`,
      `/discoveries/${discovery.id}`,
      `/discoveries/${longPlace.ids[0]}`,
      `/hunters/${discovery.user_id}`,
      "/map",
      "/hall-of-fame",
      "/near-me",
      "/search?q=a",
      "/login",
      "/privacy-policy",
      "/scan",
      "/found?error=invalid",
      "/no-such-page",
      "/preferences/units",
    ],
    hunter: ["/account", "/notifications", `/jimmy/${serial}/new-discovery`, `/jimmy/${serial}/missing`, "/account/delete"],
    admin: ["/admin", "/admin/jimmys", `/admin/privacy-request?hunter=${discovery.user_id}`],
  };
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px wide`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("no page runs off its side, and nothing fixed covers a link, button or field", async ({ page, context, baseURL }, testInfo) => {
      test.setTimeout(180_000);
      const { visitor, hunter, admin } = pages();
      const problems: string[] = [];
      const walk = async (paths: string[]) => {
        for (const path of paths) {
          await page.goto(path);
          await waitForHydration(page, testInfo);
          // The checks are of the page as it stays.
          if (path.startsWith("/map")) await waitForMapStandIn(page, testInfo);
          const { overflow, widest, covered } = await layoutProblems(page);
          if (overflow > 1) problems.push(`${path}: ${overflow} px wider than the window (${widest.join(", ")})`);
          for (const { control, coveredBy } of covered) problems.push(`${path}: ${control} is covered by ${coveredBy}`);
          if (width < 768 && jsEnabled(testInfo)) for (const target of await smallTapTargets(page)) problems.push(`${path}: ${target}`);
        }
      };
      await walk(visitor);
      await signIn(page, uniqueName("Layout"));
      await walk(hunter);
      await startAdminSession(context, baseURL!);
      await walk(admin);
      expect(problems).toEqual([]);
    });

    // Arabic is written right to left (issue 48): the same checks with the page mirrored.
    if (width !== 412)
      test("in Arabic, right to left, no page runs off its side and nothing covers a control", async ({
        page,
        context,
        baseURL,
      }, testInfo) => {
        test.setTimeout(180_000);
        await context.addCookies([{ name: "lang", value: "ar", url: baseURL! }]);
        const { visitor, hunter } = pages();
        const problems: string[] = [];
        const walk = async (paths: string[]) => {
          for (const path of paths) {
            await page.goto(path);
            await waitForHydration(page, testInfo);
            // The checks are of the page as it stays.
            if (path.startsWith("/map")) await waitForMapStandIn(page, testInfo);
            await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
            const { overflow, widest, covered } = await layoutProblems(page);
            if (overflow > 1) problems.push(`${path}: ${overflow} px wider than the window (${widest.join(", ")})`);
            for (const { control, coveredBy } of covered) problems.push(`${path}: ${control} is covered by ${coveredBy}`);
          }
        };
        await walk(visitor);
        await signIn(page, uniqueName("Layout"));
        await walk(hunter);
        expect(problems).toEqual([]);
      });
  });
}

test("the check itself finds a fixed bar over a link and a page wider than the window", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await page.setContent(`<!doctype html><html><body style="margin:0">
    <p style="height:2000px">Long page</p>
    <footer style="padding:8px"><a href="/privacy-policy">Privacy Policy</a></footer>
    <nav style="position:fixed;bottom:0;left:0;right:0;height:80px;background:#fff">Bottom bar</nav>
    <div style="width:500px">Too wide</div>
  </body></html>`);
  const { overflow, covered } = await layoutProblems(page);
  expect(overflow).toBe(140);
  expect(covered).toEqual([{ control: '<a> "Privacy Policy"', coveredBy: '<nav> "Bottom bar"' }]);
});
