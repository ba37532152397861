import { createRemixStub } from "@remix-run/testing";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDb } from "../../tests/support/test-db";
import { makeDiscovery, makeJimmy, makeUser } from "../../tests/support/fixtures";
import { AccountArea, type HeaderUser } from "~/components/SiteHeader";
import { setLike } from "~/models/likes.server";
import { upsertUserFromProvider } from "~/models/users.server";
import type { DB } from "~/infra/db.server";
import { flashHeader } from "./flash.server";
import { accountAreaHtml, personalizePage } from "./personal-page.server";
import { startSession } from "./session.server";

let db: DB;
let cleanup: () => Promise<void>;

beforeEach(async () => {
  ({ db, cleanup } = await createTestDb());
});
afterEach(async () => cleanup());

async function cookieFor(userId: number): Promise<string> {
  const header = await startSession(new Request("http://localhost:3000/"), "user", userId, { db });
  return header.split(";")[0]!;
}

/** AccountArea as React renders it on the server, inside a router as on a page. */
function reactAccountArea(user: HeaderUser, unread: number): string {
  const Stub = createRemixStub([
    {
      path: "/",
      Component: () => (
        <div id="area">
          <AccountArea user={user} unreadNotifications={unread} />
        </div>
      ),
    },
  ]);
  // React Router's development build warns that its layout effects do not run on the server; that is all it says here.
  const warn = console.error;
  console.error = (...args: unknown[]) => {
    if (!String(args[0]).includes("useLayoutEffect does nothing on the server")) warn(...args);
  };
  let html: string;
  try {
    html = renderToString(<Stub />);
  } finally {
    console.error = warn;
  }
  const match = /<div id="area">([\s\S]*)<\/div>/.exec(html);
  if (!match) throw new Error(`No account area in ${html}`);
  return match[1]!;
}

describe("a signed-in hunter's values for a personal page template", () => {
  it("gives the hunter's name, unread count, header and which of the page's cards they like", async () => {
    const finder = await upsertUserFromProvider(db, {
      provider: "google",
      subject: "g-ann",
      firstName: `Zoë <b>&"`,
      lastName: "O'Hara",
      profileImageUrl: "https://lh3.googleusercontent.com/a/photo?x=1&y=2",
    });
    const fan = await makeUser(db, "Bob", "Liker");
    const jimmy = await makeJimmy(db, 4242);
    const cards = [];
    for (const day of [1, 2, 3]) {
      cards.push(await makeDiscovery(db, { jimmyId: jimmy.id, userId: finder.id, createdAt: `2026-11-0${day}T10:00:00.000Z` }));
    }
    const [first, second, third] = cards.map((card) => card.id) as [number, number, number];
    await setLike(db, { discoveryId: first, userId: fan.id, liked: true });
    await setLike(db, { discoveryId: third, userId: fan.id, liked: true });
    const keys = [
      "account",
      `like.${first}`,
      `like.${second}`,
      `like.${third}`,
      "user.id",
      "user.firstName",
      "user.lastName",
      "user.profileImageUrl",
      "user.unreadNotifications",
    ];

    const forFan = await personalizePage(await cookieFor(fan.id), keys, { db });
    expect(forFan).toMatchObject({
      [`like.${first}`]: true,
      [`like.${second}`]: false,
      [`like.${third}`]: true,
      "user.id": fan.id,
      "user.firstName": "Bob",
      "user.lastName": "Liker",
      "user.profileImageUrl": null,
      "user.unreadNotifications": 0,
    });

    // The finder was told of both likes: two unread, in the header's badge and label.
    const forFinder = (await personalizePage(await cookieFor(finder.id), keys, { db }))!;
    expect(forFinder["user.unreadNotifications"]).toBe(2);
    expect(forFinder["user.firstName"]).toBe(`Zoë <b>&"`);
    const header = (forFinder.account as { html: string }).html;
    expect(header).toContain('aria-label="Notifications, 2 unread"');
    expect(header).toContain("Zoë &lt;b&gt;&amp;&quot; O&#x27;Hara");
    expect(header).not.toContain("<b>");
    expect(header).toBe(
      reactAccountArea(
        { firstName: `Zoë <b>&"`, lastName: "O'Hara", profileImageUrl: "https://lh3.googleusercontent.com/a/photo?x=1&y=2" },
        2,
      ),
    );
  });

  it("makes the header exactly as React renders AccountArea, for every way it can look", () => {
    const people: HeaderUser[] = [
      { firstName: "Ada", lastName: "Lovelace", profileImageUrl: null },
      { firstName: "Solo", lastName: "", profileImageUrl: "https://platform-lookaside.fbsbx.com/p.jpg" },
      { firstName: " ", lastName: " ", profileImageUrl: null },
      { firstName: "<script>", lastName: "&amp;", profileImageUrl: `https://x.test/"onerror="alert(1)` },
    ];
    for (const person of people) {
      for (const unread of [0, 1, 99, 100, 12_345]) {
        expect(accountAreaHtml(person, unread), `${JSON.stringify(person)} ${unread}`).toBe(reactAccountArea(person, unread));
      }
    }
  });

  it("has nothing for a request that must be rendered: nobody signed in, a toast waiting, a key it does not know", async () => {
    const hunter = await makeUser(db, "Cy", "Hunter");
    const cookie = await cookieFor(hunter.id);
    expect(await personalizePage("", ["account"], { db })).toBeNull();
    expect(await personalizePage("jh_session=forged.signature", ["account"], { db })).toBeNull();
    const toast = (await flashHeader({ title: "Welcome back!" })).split(";")[0]!;
    expect(await personalizePage(`${cookie}; ${toast}`, ["account"], { db })).toBeNull();
    expect(await personalizePage(cookie, ["account", "user.email"], { db })).toBeNull();
    expect(await personalizePage(cookie, ["account"], { db })).not.toBeNull();
  });
});
