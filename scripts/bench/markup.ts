/**
 * What React's server renderer alone costs for a page's markup: the page's
 * <body> rebuilt as plain React elements (no components, hooks, loaders or
 * data) and streamed the way the app streams a page. No change to the app's
 * components can bring a render below it while the page shows the same
 * markup, so `bench:profile` prints it beside the page's measured cost.
 *
 *   NODE_ENV=production tsx scripts/bench/markup.ts <page.html>
 *
 * (React picks its development build, several times slower, without it.)
 *
 * Parts the app writes as ready-made HTML (`dangerouslySetInnerHTML`: the
 * journey map, the missing panel) are rebuilt the same way, so they cost
 * React nothing here either.
 */
import { spawnSync } from "node:child_process";
import { Writable } from "node:stream";
import { Window } from "happy-dom";
import { createElement, type ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";

/** Elements the app inserts as HTML strings rather than rendering them. */
const WRITTEN_AS_HTML = ['[data-testid="journey-map"]', '[data-testid="missing-panel"]'];

/** HTML attribute names React knows under another prop name. */
const PROP_NAMES: Record<string, string> = {
  class: "className",
  for: "htmlFor",
  tabindex: "tabIndex",
  srcset: "srcSet",
  datetime: "dateTime",
  autocomplete: "autoComplete",
  maxlength: "maxLength",
  minlength: "minLength",
  enctype: "encType",
  crossorigin: "crossOrigin",
  inputmode: "inputMode",
  enterkeyhint: "enterKeyHint",
  fetchpriority: "fetchPriority",
  viewbox: "viewBox",
  "stroke-width": "strokeWidth",
  "stroke-linecap": "strokeLinecap",
  "stroke-linejoin": "strokeLinejoin",
  "stroke-dasharray": "strokeDasharray",
  "fill-rule": "fillRule",
  "clip-rule": "clipRule",
  "text-anchor": "textAnchor",
  "font-size": "fontSize",
  "font-weight": "fontWeight",
};
const BOOLEAN = new Set([
  "disabled",
  "checked",
  "hidden",
  "required",
  "readonly",
  "multiple",
  "selected",
  "open",
  "novalidate",
  "autofocus",
]);

type DomNode = { nodeType: number; nodeName: string; textContent: string | null; childNodes: ArrayLike<DomNode> };
type DomElement = DomNode & {
  attributes: ArrayLike<{ name: string; value: string }>;
  innerHTML: string;
  matches(selector: string): boolean;
};

/** `head` and `body`: the children of each, scripts left out (scripts/bench/remix-floor.ts draws a page from them). */
export type MarkupTree = { tree: ReactNode; elements: number; head: ReactNode[]; body: ReactNode[] };

/** The page's body as plain React elements, and how many elements React renders for it. */
export function markupTree(html: string): MarkupTree {
  const window = new Window();
  // happy-dom follows a fetch preload (the page's words) as a browser would; the page's markup is all that is
  // wanted here, so the hint is renamed while it is parsed and named again below.
  window.document.write(html.replace(/(<link\b[^>]*?\s)as="fetch"/g, '$1data-parsed-as="fetch"'));
  let elements = 0;
  const convert = (node: DomNode, key: number): ReactNode => {
    if (node.nodeType === 3) return node.textContent;
    if (node.nodeType !== 1) return null;
    const element = node as DomElement;
    const tag = element.nodeName.toLowerCase();
    if (tag === "script" || tag === "style" || tag === "template") return null;
    elements += 1;
    const props: Record<string, unknown> = { key };
    for (const { name: parsed, value } of Array.from(element.attributes)) {
      if (parsed === "style") continue;
      const name = parsed === "data-parsed-as" ? "as" : parsed;
      props[PROP_NAMES[name] ?? name] = BOOLEAN.has(name) ? true : value;
    }
    const html = Array.from(element.childNodes).find(
      (child) => child.nodeType === 1 && WRITTEN_AS_HTML.some((selector) => (child as DomElement).matches(selector)),
    );
    if (html) return createElement(tag, { ...props, dangerouslySetInnerHTML: { __html: element.innerHTML } });
    const children = Array.from(element.childNodes, convert).filter((child) => child !== null);
    return createElement(tag, props, ...children);
  };
  const children = (element: unknown) => Array.from((element as DomElement).childNodes, convert).filter((child) => child !== null);
  const body = children(window.document.body);
  const tree = createElement("html", { lang: "en" }, createElement("body", null, ...body));
  const counted = elements + 2;
  const head = children(window.document.head);
  void window.happyDOM.close();
  return { tree, elements: counted, head, body };
}

function streamOnce(tree: ReactNode): Promise<number> {
  return new Promise((resolve, reject) => {
    let bytes = 0;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length;
        callback();
      },
    });
    sink.on("finish", () => resolve(bytes));
    const { pipe } = renderToPipeableStream(tree, { onShellReady: () => pipe(sink), onShellError: reject });
  });
}

export type MarkupCost = { elements: number; bytes: number; msPerRender: number };

/** The median of three timed rounds of `renders` renders each, after a warm-up. */
export async function markupCost(html: string, renders = 300): Promise<MarkupCost> {
  const { tree, elements } = markupTree(html);
  let bytes = 0;
  for (let i = 0; i < 100; i++) bytes = await streamOnce(tree);
  const rounds: number[] = [];
  for (let round = 0; round < 3; round++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < renders; i++) await streamOnce(tree);
    rounds.push(Number(process.hrtime.bigint() - start) / 1e6 / renders);
  }
  return { elements, bytes, msPerRender: rounds.sort((a, b) => a - b)[1]! };
}

/**
 * `markupCost` of a saved page, measured in a process of its own with
 * NODE_ENV=production: a bench script's own process loads React's
 * development build, which is not what the server runs.
 */
export function markupCostOfFile(htmlFile: string): MarkupCost {
  const run = spawnSync(process.execPath, [...process.execArgv, import.meta.filename, htmlFile, "--json"], {
    env: { ...process.env, NODE_ENV: "production" },
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`markup.ts failed on ${htmlFile}: ${run.stderr}`);
  return JSON.parse(run.stdout) as MarkupCost;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fs = await import("node:fs");
  const file = process.argv[2];
  if (!file) throw new Error("Usage: NODE_ENV=production tsx scripts/bench/markup.ts <page.html> [--json]");
  if (process.env.NODE_ENV !== "production")
    throw new Error("Set NODE_ENV=production: React's development build is not what the server runs.");
  const cost = await markupCost(fs.readFileSync(file, "utf8"));
  console.log(
    process.argv.includes("--json")
      ? JSON.stringify(cost)
      : `${file}: ${cost.elements} elements, ${cost.bytes} bytes: React alone ${cost.msPerRender.toFixed(2)} ms per render`,
  );
}
