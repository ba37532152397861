// @vitest-environment happy-dom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { DiscoveryFeed } from "~/components/DiscoveryFeed";
import { StatsBanner } from "~/components/StatsBanner";
import JimmyPage, { ErrorBoundary as JimmyErrorBoundary } from "~/routes/jimmy.$serial/route";

afterEach(cleanup);

/** An empty feed, as the pages render it, with what a test sets. */
function EmptyFeed(props: Pick<React.ComponentProps<typeof DiscoveryFeed>, "empty" | "loading" | "skeletons" | "label">) {
  return (
    <DiscoveryFeed
      initial={{ discoveries: [], nextCursor: null }}
      now="2026-01-01T00:00:00.000Z"
      apiUrl={() => "/api"}
      pageHref={() => "/"}
      {...props}
    />
  );
}

function renderInRouter(element: React.ReactElement) {
  const Stub = createRemixStub([{ path: "/", Component: () => element }]);
  return render(<Stub />);
}

describe("states that are hard to reach with the demo data", () => {
  it("an empty feed says so, with the text for the toggle's setting", async () => {
    renderInRouter(
      <EmptyFeed
        empty="No regular discoveries yet! Try enabling 'Show All' to see first discoveries."
        loading={false}
        skeletons={3}
        label="Recent discoveries"
      />,
    );
    expect(await screen.findByText("No regular discoveries yet! Try enabling 'Show All' to see first discoveries.")).toBeTruthy();
  });

  it("a feed that is loading shows its skeleton cards", async () => {
    renderInRouter(<EmptyFeed empty="empty" loading skeletons={5} label="All discoveries" />);
    expect(await screen.findAllByTestId("discovery-skeleton")).toHaveLength(5);
  });

  it("the stats banner shows 0 for missing figures, and a skeleton while loading", async () => {
    const { unmount } = renderInRouter(<StatsBanner name="Jimmy Hunt" stats={{ totalJimmys: 12 }} loading={false} />);
    expect((await screen.findByTestId("stat-totalJimmys")).textContent).toBe("12");
    expect(screen.getByTestId("stat-totalDiscoveries").textContent).toBe("0");
    expect(screen.getByTestId("stat-activeHunters").textContent).toBe("0");
    expect(screen.getByTestId("stats-locations").textContent).toBe("0 locations");
    unmount();
    renderInRouter(<StatsBanner name="Jimmy Hunt" stats={null} loading />);
    expect(await screen.findByTestId("stats-skeleton")).toBeTruthy();
  });

  it("a Jimmy page whose data fails to load shows 'Error Loading Jimmy' with the message", async () => {
    const Stub = createRemixStub([
      {
        path: "/jimmy/:serial",
        Component: JimmyPage,
        ErrorBoundary: JimmyErrorBoundary,
        loader: () => {
          throw new Error("database is locked");
        },
      },
    ]);
    render(<Stub initialEntries={["/jimmy/5"]} />);
    expect(await screen.findByRole("heading", { name: "Error Loading Jimmy" })).toBeTruthy();
    expect(screen.getByText("Failed to fetch Jimmy details")).toBeTruthy();
  });
});
