import { Link as RemixLink } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { useId, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Link } from "./Link";

/** What React writes on the server for `node`, on a page at `/jimmy/5` of a router as the app's. */
function serverHtml(node: ReactNode): string {
  const Stub = createRemixStub([{ path: "/jimmy/:serial", Component: () => <main>{node}</main> }]);
  // React Router's development build warns that its layout effects do not run on the server; that is all it says here.
  const warn = console.error;
  console.error = (...args: unknown[]) => {
    if (!String(args[0]).includes("useLayoutEffect does nothing on the server")) warn(...args);
  };
  try {
    const html = renderToString(<Stub initialEntries={["/jimmy/5"]} />);
    return /<main>([\s\S]*)<\/main>/.exec(html)![1]!;
  } finally {
    console.error = warn;
  }
}

function Labelled({ children }: { children: ReactNode }) {
  const id = useId();
  return (
    <span id={id} aria-label={`label ${id}`}>
      {children}
    </span>
  );
}

type Props = React.ComponentProps<typeof RemixLink>;
const cases: [string, Props][] = [
  ["the home page", { to: "/", children: "Home" }],
  [
    "a Jimmy, with the attributes our cards give",
    { to: "/jimmy/12", className: "hover:underline", "aria-label": "Jimmy #12", tabIndex: -1, "aria-hidden": true, children: "#12" },
  ],
  ["a search with an encoded query and a cursor", { to: "/search?q=caf%C3%A9%20%26%20bar&before=10", children: "Next" }],
  ["a query with nothing after the ?", { to: "/discoveries?", children: "All" }],
  ["a fragment", { to: "/scan#manual", children: "Type the code" }],
  ["a path with dots and a doubled slash", { to: "/jimmy/5/../6//photos/", children: "x" }],
  ["a path with a trailing slash", { to: "/hunters/3/", children: "x" }],
  ["a path with a . segment", { to: "/jimmy/./5", children: "x" }],
  ["a file's name with a dot", { to: "/feeds/discoveries.atom", children: "Feed" }],
  ["a fragment with nothing after the #", { to: "/scan#", children: "Scan" }],
  ["an encoded path", { to: "/search/caf%C3%A9%2F", children: "x" }],
  ["a new tab", { to: "/privacy-policy", target: "_blank", rel: "noopener", children: "Privacy" }],
  [
    "replace, state and scroll settings",
    { to: "/map?area=3", replace: true, state: { from: 1 }, preventScrollReset: true, children: "Area" },
  ],
  ["a relative path", { to: "comments", children: "Comments" }],
  ["a path object", { to: { pathname: "/hunters/3", search: "?tab=finds" }, children: "Finds" }],
  ["another site", { to: "https://example.com/a", children: "Out" }],
  ["a protocol-relative address", { to: "//example.com/a", children: "Out" }],
  ["prefetching", { to: "/hall-of-fame", prefetch: "intent", children: "Records" }],
  ["a document reload", { to: "/logout", reloadDocument: true, children: "Leave" }],
];

describe("the link the server renders", () => {
  it("is not Remix's own while rendering on the server (vitest renders as the server does)", () => {
    expect(Link).not.toBe(RemixLink);
  });

  it.each(cases)("writes exactly what Remix's writes for %s", (_name, props) => {
    expect(serverHtml(<Link {...props} />)).toBe(serverHtml(<RemixLink {...props} />));
  });

  it("leaves ids made inside and after links as Remix's would, so the page hydrates", () => {
    const page = (L: typeof RemixLink) => (
      <>
        <L to="/jimmy/1">
          <Labelled>one</Labelled>
        </L>
        <L to="/jimmy/2" className="a">
          <Labelled>two</Labelled>
          <Labelled>three</Labelled>
        </L>
        <Labelled>after</Labelled>
      </>
    );
    const html = serverHtml(page(Link));
    expect(html).toBe(serverHtml(page(RemixLink)));
    expect(html.match(/id="/g)).toHaveLength(4);
  });
});
