import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { markupCost, markupTree } from "./markup";

const page = `<!DOCTYPE html><html lang="en"><head><title>t</title><script>window.x=1</script></head><body>
<header class="flex gap-2"><a href="/" class="font-bold" tabindex="-1">Jimmy Hunt</a></header>
<main><article><img src="/a.webp" srcset="/a.webp 320w, /b.webp 480w" alt="Jimmy #1 in Paris" loading="lazy"/>
<svg viewBox="0 0 24 24" stroke-width="2" aria-hidden="true"><path d="M1 1h2"></path></svg>
<p>Found by <time datetime="2026-11-27T08:00:00Z">Nov 27</time> &amp; liked</p>
<button type="submit" disabled="">Like</button></article>
<div><section data-testid="missing-panel"><p>Not at its last place?</p><p>Tell us</p></section></div></main>
<script>window.__remix = {}</script></body></html>`;

describe("a page's markup as plain React elements", () => {
  it("renders back to the page's body markup, without its scripts", () => {
    const html = renderToStaticMarkup(markupTree(page).tree as React.ReactElement);
    expect(html).toContain('<header class="flex gap-2"><a href="/" class="font-bold" tabindex="-1">Jimmy Hunt</a></header>');
    expect(html).toContain('srcSet="/a.webp 320w, /b.webp 480w"');
    expect(html).toContain('<svg viewBox="0 0 24 24" stroke-width="2" aria-hidden="true"><path d="M1 1h2"></path></svg>');
    expect(html).toContain('<time dateTime="2026-11-27T08:00:00Z">Nov 27</time> &amp; liked');
    expect(html).toContain('<button type="submit" disabled="">Like</button>');
    expect(html).not.toContain("window.");
  });

  it("keeps a part the app writes as HTML as one string, not elements React renders", () => {
    const { tree, elements } = markupTree(page);
    expect(renderToStaticMarkup(tree as React.ReactElement)).toContain(
      '<div><section data-testid="missing-panel"><p>Not at its last place?</p><p>Tell us</p></section></div>',
    );
    // html, body, header, a, main, article, img, svg, path, p, time, button, and the panel's div.
    expect(elements).toBe(13);
  });

  it("times the render of that markup", async () => {
    const cost = await markupCost(page, 5);
    expect(cost.elements).toBe(13);
    expect(cost.bytes).toBeGreaterThan(300);
    expect(cost.msPerRender).toBeGreaterThan(0);
  });
});
